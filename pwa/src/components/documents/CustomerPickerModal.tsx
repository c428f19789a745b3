import { useEffect, useMemo, useState } from 'react';
import { Button, Table, Text } from '@mantine/core';
import type { CustomerRow } from '../../db/types';
import { PickerModal } from './PickerModal';

export function customerLocation(customer: Pick<CustomerRow, 'address' | 'address2'>): string {
  return [customer.address, customer.address2].filter(Boolean).join(', ');
}

/** Case-insensitive match on name or e-mail (spec §2). */
export function filterCustomers(customers: CustomerRow[], search: string): CustomerRow[] {
  const q = search.trim().toLowerCase();
  if (!q) return customers;
  return customers.filter(
    (c) => c.name.toLowerCase().includes(q) || c.email.toLowerCase().includes(q),
  );
}

interface CustomerPickerModalProps {
  opened: boolean;
  onClose: () => void;
  /** undefined while loading. */
  customers: CustomerRow[] | undefined;
  onSelect: (customer: CustomerRow) => void;
}

/** Select Customer modal (spec §2). */
export function CustomerPickerModal({
  opened,
  onClose,
  customers,
  onSelect,
}: CustomerPickerModalProps) {
  const [search, setSearch] = useState('');
  // Each opening starts with an empty search.
  useEffect(() => {
    if (opened) setSearch('');
  }, [opened]);
  const rows = useMemo(
    () =>
      customers &&
      filterCustomers(customers, search).map((c) => (
        <Table.Tr key={c.id}>
          <Table.Td fw={600}>{c.name}</Table.Td>
          <Table.Td>{c.email}</Table.Td>
          <Table.Td>
            <Text size="sm" c={customerLocation(c) ? undefined : 'dimmed'}>
              {customerLocation(c) || '—'}
            </Text>
          </Table.Td>
          <Table.Td ta="right">
            <Button size="xs" onClick={() => onSelect(c)} aria-label={`Select ${c.name}`}>
              Select
            </Button>
          </Table.Td>
        </Table.Tr>
      )),
    [customers, search, onSelect],
  );
  return (
    <PickerModal
      opened={opened}
      onClose={onClose}
      title={<Text fw={700}>Select Customer</Text>}
      search={search}
      onSearch={setSearch}
      placeholder="Search customers..."
      columns={['Customer Name', 'Email', 'Location', 'Action']}
      rows={rows}
      emptyText="No customers found matching your search."
    />
  );
}
