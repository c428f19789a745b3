import { Text } from '@mantine/core';
import { editDeleteActions } from '../../../components/crud/editDeleteActions';
import { RecordName } from '../../../components/crud/NotSyncedBadge';
import { dash, EntityTable, type EntityColumn } from '../../../components/list/EntityTable';
import { NarrowDetail } from '../../../components/list/NarrowDetail';
import { DetailLine, RecordCard } from '../../../components/list/RecordCards';
import { RowActionIcons } from '../../../components/list/RowActions';
import type { ContactListRow } from '../data/contact-list';

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

/** Name, Email, Phone, Role, Company, and the actions Edit and Delete. */
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
  const actionsOf = (contact: ContactListRow) =>
    editDeleteActions(
      contact.name,
      () => onEdit(contact),
      () => onDelete(contact),
    );
  const name = (contact: ContactListRow) => (
    <RecordName name={contact.name} pending={pendingIds.has(contact.id)} wrap />
  );
  const columns: EntityColumn<ContactListRow>[] = [
    { header: 'Name', cell: name },
    {
      header: 'Email',
      cell: (contact) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 140 }}>
          {contact.email}
        </Text>
      ),
    },
    {
      header: 'Phone',
      wide: true,
      cell: (contact) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {contact.phoneNumber || dash}
        </Text>
      ),
    },
    {
      header: 'Role',
      wide: true,
      cell: (contact) => (contact.role ? <RoleTag role={contact.role} /> : dash),
    },
    { header: 'Company', cell: (contact) => <Text size="sm">{contact.companyName ?? dash}</Text> },
    {
      header: 'Actions',
      th: { ta: 'right' },
      cell: (contact) => <RowActionIcons actions={actionsOf(contact)} />,
    },
  ];

  return (
    <EntityTable
      rows={rows}
      columns={columns}
      testId="contact-row"
      minWidth={620}
      scrollType="native"
      narrowDetail={(contact) => (
        <NarrowDetail parts={[contact.phoneNumber]}>
          {contact.role && <RoleTag role={contact.role} />}
        </NarrowDetail>
      )}
      card={(contact) => (
        <RecordCard
          key={contact.id}
          testId="contact-row"
          title={name(contact)}
          status={contact.role ? <RoleTag role={contact.role} /> : undefined}
          actions={actionsOf(contact)}
        >
          <Text size="sm">{contact.email}</Text>
          <DetailLine parts={[contact.companyName, contact.phoneNumber]} />
        </RecordCard>
      )}
    />
  );
}
