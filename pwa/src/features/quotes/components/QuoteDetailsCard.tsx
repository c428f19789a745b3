import { Card, Group, Select, SimpleGrid, Text, Title } from '@mantine/core';
import { QUOTE_STATUSES } from '@smb/shared-types/quotes';
import { StatusBadge } from '../../../components/documents/StatusBadge';

interface QuoteDetailsCardProps {
  companyName: string;
  quoteNumber: string;
  status: string;
  onStatusChange: (status: string) => void;
  disabled?: boolean;
}

/** Quote Details (edit only): company, number and the status dropdown that saves at once. */
export function QuoteDetailsCard({
  companyName,
  quoteNumber,
  status,
  onStatusChange,
  disabled,
}: QuoteDetailsCardProps) {
  return (
    <Card p="lg">
      <Group justify="space-between" mb="md">
        <Title order={3} size="h4">Quote Details</Title>
        <StatusBadge status={status} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Company
          </Text>
          <Text fw={500}>{companyName}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Quote Number
          </Text>
          <Text fw={500}>{quoteNumber}</Text>
        </div>
        <Select
          label="Status"
          data={[...QUOTE_STATUSES]}
          value={status}
          allowDeselect={false}
          disabled={disabled}
          onChange={(value) => {
            if (value && value !== status) onStatusChange(value);
          }}
        />
      </SimpleGrid>
    </Card>
  );
}
