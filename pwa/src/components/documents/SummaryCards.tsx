import { memo } from 'react';
import { Badge, Divider, Group, Stack, Text } from '@mantine/core';
import { formatMoney } from '../../lib/formats';
import {
  defaultLineTax,
  documentTaxAmounts,
  type StoredBreakdownRow,
} from '@smb/shared-types/document-lines';
import { TAX_CATEGORY_RULES } from '@smb/shared-types/tax-categories';
import type { TaxRateRow } from '../../db/types';
import type { DraftAdjustment, DraftLine } from './draft';
import { TitledCard } from './DetailParts';

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
    <TitledCard title="Payment Summary" p="lg">
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
    </TitledCard>
  );
});

interface TotalsCardProps {
  title: string;
  lines: DraftLine[];
  adjustments: DraftAdjustment[];
  pricesIncludeTax: boolean;
  taxRates: TaxRateRow[] | undefined;
  /** The currency's rate in percent, e.g. '9.975': lines naming no rate take it. */
  taxRate: string;
  currencyCode: string;
  symbol?: string | null;
}

/**
 * Subtotal, discounts and charges, the tax per rate (EN 16931's breakdown: "Tax (19%)" with the
 * amount it is on), Total — exact, by the same arithmetic as the server.
 */
export function TotalsCard(props: TotalsCardProps) {
  const { currencyCode, symbol } = props;
  const amounts = draftAmounts(props);
  const money = (v: string | number) => formatMoney(v, currencyCode, symbol);
  return (
    <TitledCard title={props.title} p="lg" data-testid="totals">
      <Stack gap="sm">
        <Row label="Subtotal" value={money(amounts.subtotal)} />
        {Number(amounts.allowanceTotal) > 0 && (
          <Row label="Discounts" value={`−${money(amounts.allowanceTotal)}`} />
        )}
        {Number(amounts.chargeTotal) > 0 && (
          <Row label="Charges" value={money(amounts.chargeTotal)} />
        )}
        <TaxBreakdownRows breakdown={amounts.taxBreakdown} money={money} />
        {Number(amounts.roundingAmount) !== 0 && (
          <Row label="Rounding" value={money(amounts.roundingAmount)} />
        )}
        <Divider />
        <Row label="Total" value={money(amounts.total)} strong />
        {props.pricesIncludeTax && (
          <Text size="xs" c="dimmed">
            Prices include tax.
          </Text>
        )}
      </Stack>
    </TitledCard>
  );
}

/** One row per rate: "Tax (19%)" and "on €100.00", or the category's name where none is due. */
export function TaxBreakdownRows({
  breakdown,
  money,
}: {
  breakdown: StoredBreakdownRow[];
  money: (v: number | string) => string;
}) {
  return (
    <>
      {breakdown.map((row) => (
        <Group
          key={`${row.category}|${row.rate}`}
          justify="space-between"
          wrap="nowrap"
          align="flex-start"
          data-testid="tax-breakdown-row"
        >
          <div>
            <Text size="sm" c="dimmed" fw={500}>
              {TAX_CATEGORY_RULES[row.category].taxed
                ? `Tax (${row.rate}%)`
                : `${TAX_CATEGORY_RULES[row.category].label} (0%)`}
            </Text>
            <Text size="xs" c="dimmed">
              on {money(row.taxableAmount)}
            </Text>
          </div>
          <Text size="sm" fw={500}>
            {money(row.taxAmount)}
          </Text>
        </Group>
      ))}
    </>
  );
}

/** The draft's amounts: each line's rate resolved (a rate no longer known: the currency's). */
function draftAmounts(props: TotalsCardProps) {
  const fallback = defaultLineTax(props.taxRate);
  const byId = new Map((props.taxRates ?? []).map((r) => [r.id, r]));
  const taxOf = (id: string | null) => {
    const rate = id ? byId.get(id) : undefined;
    return rate
      ? { taxCategory: rate.category, taxRate: rate.rate }
      : { taxCategory: fallback.category, taxRate: fallback.rate };
  };
  return documentTaxAmounts(
    props.lines.map((l) => ({
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      ...taxOf(l.taxRateId),
      discountKind: l.discountValue > 0 ? l.discountKind : null,
      discountValue: l.discountValue > 0 ? l.discountValue : null,
    })),
    props.adjustments
      .filter((a) => a.amount > 0)
      .map((a) => {
        const tax = taxOf(a.taxRateId);
        return {
          kind: a.kind,
          reason: a.reason,
          amount: a.amount,
          taxRateId: a.taxRateId,
          taxCategory: tax.taxCategory,
          taxRate: Number(tax.taxRate),
        };
      }),
    props.pricesIncludeTax,
  );
}
