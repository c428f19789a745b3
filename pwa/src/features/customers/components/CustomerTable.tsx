import { ActionIcon, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconAddressBook, IconPencil, IconTrash } from '@tabler/icons-react';
import { NotSyncedBadge } from '../../../components/crud/NotSyncedBadge';
import type { CustomerRow } from '../../../db/types';

export interface CustomerTableProps {
  rows: CustomerRow[];
  pendingIds: Set<string>;
  onContacts: (customer: CustomerRow) => void;
  onEdit: (customer: CustomerRow) => void;
  onDelete: (customer: CustomerRow) => void;
}

const dash = (
  <Text c="dimmed" span>
    —
  </Text>
);

/** Spec §2: Name, Email, Phone, Address, Actions (Contacts, Edit, Delete). */
export function CustomerTable({
  rows,
  pendingIds,
  onContacts,
  onEdit,
  onDelete,
}: CustomerTableProps) {
  return (
    <Table.ScrollContainer minWidth={620} type="native">
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th visibleFrom="lg">Address</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((customer) => (
            <Table.Tr key={customer.id} data-testid="customer-row">
              <Table.Td>
                <Group gap={8} wrap="nowrap">
                  <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {customer.name}
                  </Text>
                  {pendingIds.has(customer.id) && <NotSyncedBadge />}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{customer.email}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {customer.phoneNumber || dash}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="lg">
                {customer.address || customer.address2 ? (
                  <Stack gap={0}>
                    {customer.address && <Text size="sm">{customer.address}</Text>}
                    {customer.address2 && (
                      <Text size="xs" c="dimmed">
                        {customer.address2}
                      </Text>
                    )}
                  </Stack>
                ) : (
                  dash
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    leftSection={<IconAddressBook size={16} />}
                    onClick={() => onContacts(customer)}
                    aria-label={`Contacts of ${customer.name}`}
                  >
                    Contacts
                  </Button>
                  <Tooltip label="Edit">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      onClick={() => onEdit(customer)}
                      aria-label={`Edit ${customer.name}`}
                    >
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => onDelete(customer)}
                      aria-label={`Delete ${customer.name}`}
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
