import { Table, Text } from '@mantine/core';
import { editDeleteActions } from '../../../components/crud/editDeleteActions';
import { RecordName } from '../../../components/crud/NotSyncedBadge';
import {
  DetailLine,
  RecordCard,
  RecordCardList,
  useIsPhone,
} from '../../../components/list/RecordCards';
import { NarrowDetail, NarrowHeading } from '../../../components/list/NarrowDetail';
import { RowActionIcons } from '../../../components/list/RowActions';
import type { ContactListRow } from '../data/contact-list';

const dash = (
  <Text c="dimmed" span size="sm">
    —
  </Text>
);

function RoleTag({ role }: { role: string }) {
  return (
    <Text
      span
      size="xs"
      fw={600}
      px={8}
      py={3}
      bg={role === 'Primary' ? 'brand.0' : 'gray.1'}
      c={role === 'Primary' ? 'brand.8' : 'gray.8'}
      style={{ borderRadius: 'var(--mantine-radius-sm)', whiteSpace: 'nowrap' }}
    >
      {role}
    </Text>
  );
}

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
  const phone = useIsPhone();
  const actionsOf = (contact: ContactListRow) =>
    editDeleteActions(
      contact.name,
      () => onEdit(contact),
      () => onDelete(contact),
    );

  if (phone)
    return (
      <RecordCardList>
        {rows.map((contact) => (
          <RecordCard
            key={contact.id}
            testId="contact-row"
            title={<RecordName name={contact.name} pending={pendingIds.has(contact.id)} wrap />}
            status={contact.role ? <RoleTag role={contact.role} /> : undefined}
            actions={actionsOf(contact)}
          >
            <Text size="sm">{contact.email}</Text>
            <DetailLine parts={[contact.companyName, contact.phoneNumber]} />
          </RecordCard>
        ))}
      </RecordCardList>
    );

  return (
    <Table.ScrollContainer minWidth={620} type="native">
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              Name
              <NarrowHeading names={['Phone', 'Role']} />
            </Table.Th>
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
                <RecordName name={contact.name} pending={pendingIds.has(contact.id)} wrap />
                <NarrowDetail parts={[contact.phoneNumber]}>
                  {contact.role && <RoleTag role={contact.role} />}
                </NarrowDetail>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 140 }}>
                  {contact.email}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="lg">
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {contact.phoneNumber || dash}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="lg">
                {contact.role ? <RoleTag role={contact.role} /> : dash}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{contact.companyName ?? dash}</Text>
              </Table.Td>
              <Table.Td>
                <RowActionIcons actions={actionsOf(contact)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
