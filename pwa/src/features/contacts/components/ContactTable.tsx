import { ActionIcon, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { NotSyncedBadge } from '../../../components/crud/NotSyncedBadge';
import type { ContactListRow } from '../data/contact-list';

const dash = (
  <Text c="dimmed" span size="sm">
    —
  </Text>
);

/** Spec §2: Name, Email, Phone, Role, Company, Actions (Edit, Delete). */
export function ContactTable({
  rows,
  pendingIds,
  onEdit,
  onDelete,
}: {
  rows: ContactListRow[];
  pendingIds: Set<string>;
  onEdit: (contact: ContactListRow) => void;
  onDelete: (contact: ContactListRow) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={620} type="native">
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th visibleFrom="lg">Phone</Table.Th>
            <Table.Th visibleFrom="lg">Role</Table.Th>
            <Table.Th>Company</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((contact) => (
            <Table.Tr key={contact.id} data-testid="contact-row">
              <Table.Td>
                <Group gap={8} wrap="nowrap">
                  <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {contact.name}
                  </Text>
                  {pendingIds.has(contact.id) && <NotSyncedBadge />}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{contact.email}</Text>
              </Table.Td>
              <Table.Td visibleFrom="lg">
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {contact.phoneNumber || dash}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="lg">
                {contact.role ? (
                  <Text
                    span
                    size="xs"
                    fw={600}
                    px={8}
                    py={3}
                    bg={contact.role === 'Primary' ? 'brand.0' : 'gray.1'}
                    c={contact.role === 'Primary' ? 'brand.8' : 'gray.8'}
                    style={{ borderRadius: 'var(--mantine-radius-sm)', whiteSpace: 'nowrap' }}
                  >
                    {contact.role}
                  </Text>
                ) : (
                  dash
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{contact.companyName ?? dash}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Tooltip label="Edit">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      onClick={() => onEdit(contact)}
                      aria-label={`Edit ${contact.name}`}
                    >
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => onDelete(contact)}
                      aria-label={`Delete ${contact.name}`}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
