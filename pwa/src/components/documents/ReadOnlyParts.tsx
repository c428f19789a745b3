import { TAX_CATEGORY_RULES } from '@smb/shared-types/tax-categories';
import { Divider, Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { normalizeTaxRate } from '@smb/shared-types/money';
import type { InvoiceRow } from '../../db/types';
import { formatMoney, formatNumber } from '../../lib/formats';
import { TableHead, alignRight } from '../list/TableHead';

/**
 * Read-only lines and totals of an issued document (an invoice, a credit note): the items, and
 * Subtotal, allowances and charges, the tax breakdown per rate, Total.
 */
export type ReadOnlyDocument = Pick<
  InvoiceRow,
  'currencyCode' | 'items' | 'subtotal' | 'taxAmount' | 'total' | 'adjustments' | 'taxBreakdown'
> & { taxRate?: number };

const formatAmount = (amount: number, currencyCode: string) => formatMoney(amount, currencyCode);

/** Read-only line items; `compact` (phones) stacks each line instead of a wide table. */
export function ReadOnlyItemsTable({
  invoice,
  compact = false,
}: {
  invoice: ReadOnlyDocument;
  compact?: boolean;
}) {
  const items = [...invoice.items].sort((a, b) => a.position - b.position);
  if (compact)
    return (
      <Stack gap={0}>
        {items.length === 0 && (
          <Text c="dimmed" size="sm" ta="center" py="sm">
            This document has no items.
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
        <TableHead
          cells={[
            'Product',
            alignRight('Quantity'),
            alignRight('Unit Price'),
            alignRight('Subtotal'),
          ]}
        />
        <Table.Tbody>
          {items.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text c="dimmed" size="sm" ta="center" py="sm">
                  This document has no items.
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

export function SummaryLine({
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
export function ReadOnlySummary({
  invoice,
  children,
}: {
  invoice: ReadOnlyDocument;
  /** Lines under the total (an invoice's credited amount and amount due). */
  children?: ReactNode;
}) {
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
          label={`Tax (${normalizeTaxRate(invoice.taxRate ?? 0)}%)`}
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
      {children}
    </Stack>
  );
}
