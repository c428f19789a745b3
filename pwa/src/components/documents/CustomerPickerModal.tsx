import { Text } from '@mantine/core';
import type { CustomerRow } from '../../db/types';
import { rowSearch } from '../crud/search';
import { PickerModal } from './PickerModal';

export function customerLocation(customer: Pick<CustomerRow, 'address' | 'address2'>): string {
  return [customer.address, customer.address2].filter(Boolean).join(', ');
}

/** Case- and accent-insensitive match on name or e-mail. */
export const filterCustomers = rowSearch((c: CustomerRow) => [c.name, c.email]);

const customerCells = (c: CustomerRow) => [
  c.name,
  c.email,
  <Text key="location" size="sm" c={customerLocation(c) ? undefined : 'dimmed'}>
    {customerLocation(c) || '—'}
  </Text>,
];

interface CustomerPickerModalProps {
  opened: boolean;
  onClose: () => void;
  /** undefined while loading. */
  customers: CustomerRow[] | undefined;
  onSelect: (customer: CustomerRow) => void;
}

/** Select Customer modal: search, then pick one customer for the document. */
export function CustomerPickerModal({
  opened,
  onClose,
  customers,
  onSelect,
}: CustomerPickerModalProps) {
  return (
    <PickerModal
      opened={opened}
      onClose={onClose}
      title={<Text fw={700}>Select Customer</Text>}
      placeholder="Search customers..."
      columns={['Customer Name', 'Email', 'Location']}
      items={customers}
      filter={filterCustomers}
      cells={customerCells}
      onSelect={onSelect}
      emptyText="No customers found matching your search."
    />
  );
}
