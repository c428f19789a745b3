import { Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuilding, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { InvoiceRow } from '../../../db/types';

function PartyCard({
  title,
  icon,
  lines,
}: {
  title: string;
  icon: ReactNode;
  lines: (string | null)[];
}) {
  const [name, ...rest] = lines;
  return (
    <Card padding="lg" shadow="xs">
      <Group gap="sm" mb="sm">
        <ThemeIcon variant="light" size="lg" radius="md">
          {icon}
        </ThemeIcon>
        <Title order={3} size="h4">
          {title}
        </Title>
      </Group>
      <Text fw={600}>{name || 'N/A'}</Text>
      {rest.filter(Boolean).map((line) => (
        <Text key={line} size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {line}
        </Text>
      ))}
    </Card>
  );
}

/** Customer and contact as they were when the invoice was made (the invoice's own snapshot). */
export function InvoiceParties({ invoice }: { invoice: InvoiceRow }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <PartyCard
        title="Customer"
        icon={<IconBuilding size={18} />}
        lines={[invoice.customerName, invoice.customerEmail]}
      />
      <PartyCard
        title="Contact"
        icon={<IconUser size={18} />}
        lines={[invoice.contactName, invoice.contactEmail, invoice.contactRole]}
      />
    </SimpleGrid>
  );
}

/** Moved down to components/documents (credit notes show them too). */
export {
  ReadOnlyItemsTable as InvoiceItemsTable,
  ReadOnlySummary as InvoiceSummary,
} from '../../../components/documents/ReadOnlyParts';
