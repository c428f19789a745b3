import { Text } from '@mantine/core';
import { rowEditDelete } from '../../../components/crud/editDeleteActions';
import { dash, EntityTable, type EntityColumn } from '../../../components/list/EntityTable';
import { NarrowDetail } from '../../../components/list/NarrowDetail';
import { DetailLine, RecordCard } from '../../../components/list/RecordCards';
import {
  actionsColumn,
  emailColumn,
  phoneColumn,
  recordNameCell,
} from '../../../components/list/columns';
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
  const actionsOf = rowEditDelete<ContactListRow>((contact) => contact.name, onEdit, onDelete);
  const name = recordNameCell<ContactListRow>(pendingIds);
  const columns: EntityColumn<ContactListRow>[] = [
    { header: 'Name', cell: name },
    emailColumn(),
    phoneColumn({ wide: true }),
    {
      header: 'Role',
      wide: true,
      cell: (contact) => (contact.role ? <RoleTag role={contact.role} /> : dash),
    },
    { header: 'Company', cell: (contact) => <Text size="sm">{contact.companyName ?? dash}</Text> },
    actionsColumn(actionsOf),
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
