import { TAX_CATEGORY_RULES } from '@smb/shared-types/tax-categories';
import {
  Card,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBuilding, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { normalizeTaxRate } from '@smb/shared-types/money';
import type { InvoiceRow } from '../../../db/types';
import { formatAmount } from './format';
import { formatNumber } from '../../../lib/formats';

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

/** Read-only line items; `compact` (phones) stacks each line instead of a wide table. */
export function InvoiceItemsTable({
  invoice,
  compact = false,
}: {
  invoice: InvoiceRow;
  compact?: boolean;
}) {
  const items = [...invoice.items].sort((a, b) => a.position - b.position);
  if (compact)
    return (
      <Stack gap={0}>
        {items.length === 0 && (
          <Text c="dimmed" size="sm" ta="center" py="sm">
            This invoice has no items.
          </Text>
        )}
        {items.map((item, index) => (
          <Group
            key={item.id}
            justify="space-between"
            wrap="nowrap"
            align="flex-start"
            py="sm"
            data-testid="invoice-item"
            style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
          >
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={500}>
                {item.productName}
              </Text>
              <Text size="xs" c="dimmed">
                {formatNumber(item.quantity)} × {formatAmount(item.unitPrice, invoice.currencyCode)}
                {item.productSku ? ` · SKU ${item.productSku}` : ''}
              </Text>
            </div>
            <Text
              size="sm"
              fw={600}
              style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
            >
              {formatAmount(item.lineTotal ?? item.subtotal, invoice.currencyCode)}
            </Text>
          </Group>
        ))}
      </Stack>
    );
  const num = {
    ta: 'right' as const,
    style: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' as const },
  };
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Unit Price</Table.Th>
            <Table.Th ta="right">Subtotal</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text c="dimmed" size="sm" ta="center" py="sm">
                  This invoice has no items.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {items.map((item) => (
            <Table.Tr key={item.id} data-testid="invoice-item">
              <Table.Td>
                <Text size="sm" fw={500}>
                  {item.productName}
                </Text>
                {item.productSku && (
                  <Text size="xs" c="dimmed">
                    SKU {item.productSku}
                  </Text>
                )}
              </Table.Td>
              <Table.Td {...num}>{formatNumber(item.quantity)}</Table.Td>
              <Table.Td {...num}>{formatAmount(item.unitPrice, invoice.currencyCode)}</Table.Td>
              <Table.Td {...num}>
                {formatAmount(item.lineTotal ?? item.subtotal, invoice.currencyCode)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SummaryLine({
  label,
  value,
  strong = false,
}: {
  label: string;
  value: string;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400} c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text
        size={strong ? 'lg' : 'sm'}
        fw={strong ? 700 : 500}
        style={{ fontVariantNumeric: 'tabular-nums' }}
        data-testid={`summary-${label.split(' ')[0]?.toLowerCase()}`}
      >
        {value}
      </Text>
    </Group>
  );
}

/**
 * Subtotal, the discounts and charges, the tax per rate (EN 16931's breakdown: "Tax (19%) on …";
 * an invoice stored before it: its one rate), Total.
 */
export function InvoiceSummary({ invoice }: { invoice: InvoiceRow }) {
  const money = (v: number) => formatAmount(v, invoice.currencyCode);
  const breakdown = invoice.taxBreakdown ?? [];
  return (
    <Stack gap={8} maw={{ base: '100%', sm: 360, lg: '100%' }} ml="auto" w="100%">
      <SummaryLine label="Subtotal" value={money(invoice.subtotal)} />
      {(invoice.adjustments ?? []).map((a, i) => (
        <SummaryLine
          key={i}
          label={a.reason}
          value={`${a.kind === 'allowance' ? '−' : ''}${money(a.amount)}`}
        />
      ))}
      {breakdown.length === 0 ? (
        <SummaryLine
          label={`Tax (${normalizeTaxRate(invoice.taxRate)}%)`}
          value={money(invoice.taxAmount)}
        />
      ) : (
        breakdown.map((row) => (
          <SummaryLine
            key={`${row.category}|${row.rate}`}
            label={`${
              TAX_CATEGORY_RULES[row.category].taxed
                ? `Tax (${row.rate}%)`
                : `${TAX_CATEGORY_RULES[row.category].label} (0%)`
            } on ${money(row.taxableAmount)}`}
            value={money(row.taxAmount)}
          />
        ))
      )}
      <Divider />
      <SummaryLine label="Total" value={formatAmount(invoice.total, invoice.currencyCode)} strong />
    </Stack>
  );
}
