import { Stack, Text } from '@mantine/core';
import { IconAddressBook } from '@tabler/icons-react';
import { rowEditDelete } from '../../../components/crud/editDeleteActions';
import { EntityTable, type EntityColumn } from '../../../components/list/EntityTable';
import { NarrowDetail } from '../../../components/list/NarrowDetail';
import { DetailLine, RecordCard } from '../../../components/list/RecordCards';
import type { RowAction } from '../../../components/list/RowActions';
import {
  actionsColumn,
  emailColumn,
  phoneColumn,
  recordNameCell,
} from '../../../components/list/columns';
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

/** Name, Email, Phone, Address, and the actions Contacts, Edit and Delete. */
export function CustomerTable({
  rows,
  pendingIds,
  onContacts,
  onEdit,
  onDelete,
}: CustomerTableProps) {
  const editDelete = rowEditDelete<CustomerRow>((customer) => customer.name, onEdit, onDelete);
  const actionsOf = (customer: CustomerRow): RowAction[] => [
    {
      key: 'contacts',
      label: 'Contacts',
      ariaLabel: `Contacts of ${customer.name}`,
      icon: IconAddressBook,
      labelled: true,
      onClick: () => onContacts(customer),
    },
    ...editDelete(customer),
  ];
  const name = recordNameCell<CustomerRow>(pendingIds);
  const columns: EntityColumn<CustomerRow>[] = [
    { header: 'Name', cell: name },
    emailColumn(),
    phoneColumn(),
    {
      header: 'Address',
      wide: true,
      cell: (customer) =>
        customer.address || customer.address2 ? (
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
        ),
    },
    actionsColumn(actionsOf),
  ];

  return (
    <EntityTable
      rows={rows}
      columns={columns}
      testId="customer-row"
      minWidth={620}
      scrollType="native"
      narrowDetail={(customer) => <NarrowDetail parts={[customer.address, customer.address2]} />}
      card={(customer) => (
        <RecordCard
          key={customer.id}
          testId="customer-row"
          title={name(customer)}
          actions={actionsOf(customer)}
        >
          <Text size="sm">{customer.email}</Text>
          <DetailLine parts={[customer.phoneNumber, customer.address]} />
        </RecordCard>
      )}
    />
  );
}
