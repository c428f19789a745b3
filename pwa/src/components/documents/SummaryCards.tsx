import { memo } from 'react';
import { Badge, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { documentTotals } from '@smb/shared-types/money';
import { formatMoney } from '../../lib/formats';
import type { DraftLine } from './draft';

function Row({
  label,
  value,
  strong,
}: {
  label: string;
  value: React.ReactNode;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size={strong ? 'md' : 'sm'} c={strong ? undefined : 'dimmed'} fw={strong ? 700 : 500}>
        {label}
      </Text>
      {typeof value === 'string' ? (
        <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 500}>
          {value}
        </Text>
      ) : (
        value
      )}
    </Group>
  );
}

/** Payment Summary card with the spec's fixed texts. */
/** Fixed text: memoized, so the editor's keystrokes do not render it again. */
export const PaymentSummaryCard = memo(function PaymentSummaryCard() {
  return (
    <Card p="lg">
      <Title order={3} size="h4" mb="md">
        Payment Summary
      </Title>
      <Stack gap="sm">
        <Row label="Payment Method" value="Not specified" />
        <Row label="Payment Terms" value="Net 30" />
        <Row
          label="Payment Status"
          value={
            <Badge color="yellow" variant="light">
              Pending
            </Badge>
          }
        />
      </Stack>
    </Card>
  );
});

interface TotalsCardProps {
  title: string;
  lines: Pick<DraftLine, 'unitPrice' | 'quantity'>[];
  /** Percent, e.g. '9.975'. */
  taxRate: string;
  currencyCode: string;
  symbol?: string | null;
}

/** Subtotal, Tax (rate%), Total — exact, from the shared money module. */
export function TotalsCard({ title, lines, taxRate, currencyCode, symbol }: TotalsCardProps) {
  const totals = documentTotals(lines, taxRate);
  const money = (v: string) => formatMoney(v, currencyCode, symbol);
  return (
    <Card p="lg" data-testid="totals">
      <Title order={3} size="h4" mb="md">
        {title}
      </Title>
      <Stack gap="sm">
        <Row label="Subtotal" value={money(totals.subtotal)} />
        <Row label={`Tax (${totals.taxRate}%)`} value={money(totals.taxAmount)} />
        <Divider />
        <Row label="Total" value={money(totals.total)} strong />
      </Stack>
    </Card>
  );
}
