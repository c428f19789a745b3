import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { StatusBadge } from '../../../components/documents/StatusBadge';

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
    <Card p="lg">
      <Title order={3} size="h4" mb="md">
        Order Details
      </Title>
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
    </Card>
  );
}
