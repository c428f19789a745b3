import { Stack, Table, Text } from '@mantine/core';
import { IconAddressBook } from '@tabler/icons-react';
import { editDeleteActions } from '../../../components/crud/editDeleteActions';
import { RecordName } from '../../../components/crud/NotSyncedBadge';
import {
  DetailLine,
  RecordCard,
  RecordCardList,
  useIsPhone,
} from '../../../components/list/RecordCards';
import { NarrowDetail, NarrowHeading } from '../../../components/list/NarrowDetail';
import { RowActionIcons, type RowAction } from '../../../components/list/RowActions';
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
  const phone = useIsPhone();
  const actionsOf = (customer: CustomerRow): RowAction[] => [
    {
      key: 'contacts',
      label: 'Contacts',
      ariaLabel: `Contacts of ${customer.name}`,
      icon: IconAddressBook,
      labelled: true,
      onClick: () => onContacts(customer),
    },
    ...editDeleteActions(
      customer.name,
      () => onEdit(customer),
      () => onDelete(customer),
    ),
  ];

  if (phone)
    return (
      <RecordCardList>
        {rows.map((customer) => (
          <RecordCard
            key={customer.id}
            testId="customer-row"
            title={<RecordName name={customer.name} pending={pendingIds.has(customer.id)} wrap />}
            actions={actionsOf(customer)}
          >
            <Text size="sm">{customer.email}</Text>
            <DetailLine parts={[customer.phoneNumber, customer.address]} />
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
              <NarrowHeading names={['Address']} />
            </Table.Th>
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
                <RecordName name={customer.name} pending={pendingIds.has(customer.id)} wrap />
                <NarrowDetail parts={[customer.address, customer.address2]} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 140 }}>
                  {customer.email}
                </Text>
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
                <RowActionIcons actions={actionsOf(customer)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
