import { SimpleGrid, Text } from '@mantine/core';
import { StatusBadge } from '../../../components/documents/StatusBadge';
import { TitledCard } from '../../../components/documents/DetailParts';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
        {label}
      </Text>
      {children}
    </div>
  );
}

/** Order number, status (read-only badge), date and currency. */
export function OrderDetailsCard({
  orderNumber,
  status,
  date,
  currencyCode,
}: {
  orderNumber: string;
  status: string;
  date: string;
  currencyCode: string;
}) {
  return (
    <TitledCard title="Order Details" p="lg">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg">
        <Field label="Order Number">
          <Text fw={500}>{orderNumber}</Text>
        </Field>
        <Field label="Status">
          <StatusBadge status={status || 'Pending'} />
        </Field>
        <Field label="Date">
          <Text fw={500}>{date}</Text>
        </Field>
        <Field label="Currency">
          <Text fw={500}>{currencyCode}</Text>
        </Field>
      </SimpleGrid>
    </TitledCard>
  );
}
