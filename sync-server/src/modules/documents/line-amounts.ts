/**
 * A document's stored amounts (by `calculateDocument` alone, through the shared
 * `documentTaxAmounts`), whether a client's lines change the stored ones, and exact copies of
 * lines for the next document (conversions never change money).
 */
import { randomUUID } from 'node:crypto';
import {
  QUOTE_MESSAGES,
  compareMoney,
  documentTaxAmounts,
  type AdjustmentInput,
  type DocumentItemBody,
  type StoredAdjustment,
} from '@smb/shared-types';
import type { LineRow } from '../../db/tables/documents.table';
import { badRequest } from '../../errors';

/** Largest total numeric(14, 2) can hold. */
const MAX_TOTAL = '999999999999.99';

const idOrNull = (value: string | null | undefined): string | null =>
  value ? value.toLowerCase() : null;

/** The stored amounts of a document, computed by `calculateDocument` alone. */
export interface DocumentAmountColumns {
  subtotal: string;
  tax_amount: string;
  total: string;
  allowance_total: string;
  charge_total: string;
  rounding_amount: string;
  tax_breakdown: string;
}

/**
 * Fills each line's amounts (before discount, discount, net) and returns the document's (EN 16931,
 * `documentTaxAmounts`), answering 400 when the total does not fit.
 */
export function totalLines(
  lines: LineRow[],
  adjustments: StoredAdjustment[],
  pricesIncludeTax: boolean,
): DocumentAmountColumns {
  const amounts = documentTaxAmounts(
    lines.map((l) => ({
      quantity: l.quantity,
      unitPrice: l.unit_price,
      taxCategory: l.tax_category,
      taxRate: l.tax_rate,
      discountKind: l.discount_kind,
      discountValue: l.discount_value,
    })),
    adjustments,
    pricesIncludeTax,
  );
  lines.forEach((line, i) => {
    const a = amounts.lines[i]!;
    line.subtotal = a.subtotal;
    line.discount_amount = a.discountAmount;
    line.line_total = a.lineTotal;
  });
  if (compareMoney(amounts.total, MAX_TOTAL) > 0 || compareMoney(amounts.total, '0') < 0)
    throw badRequest(QUOTE_MESSAGES.totalTooLarge);
  return {
    subtotal: amounts.subtotal,
    tax_amount: amounts.taxAmount,
    total: amounts.total,
    allowance_total: amounts.allowanceTotal,
    charge_total: amounts.chargeTotal,
    rounding_amount: amounts.roundingAmount,
    tax_breakdown: JSON.stringify(amounts.taxBreakdown),
  };
}

/** Whether the client's lines equal the stored ones (every field given, in order). */
export function sameLines(items: DocumentItemBody[], stored: LineRow[]): boolean {
  return (
    items.length === stored.length &&
    items.every((item, i) => {
      const line = stored[i]!;
      const same = <T>(given: T | undefined, value: T) => given === undefined || given === value;
      return (
        idOrNull(item.productId) === line.product_id &&
        item.quantity === Number(line.quantity) &&
        (!item.id || item.id === line.id) &&
        same(item.unitPrice, Number(line.unit_price)) &&
        same(idOrNull(item.taxRateId), line.tax_rate_id) &&
        same(item.description?.trim(), line.description) &&
        same(item.unitCode, line.unit_code) &&
        (item.discount === undefined ||
          (item.discount === null
            ? line.discount_kind === null
            : item.discount.kind === line.discount_kind &&
              item.discount.value === Number(line.discount_value)))
      );
    })
  );
}

/** Copies lines — prices, rates, discounts and amounts exactly — for another document, with new ids. */
export function copyLines(stored: Omit<LineRow, 'position'>[]): LineRow[] {
  return stored.map((l, position) => ({
    id: randomUUID(),
    product_id: l.product_id,
    position,
    product_name: l.product_name,
    product_sku: l.product_sku,
    quantity: l.quantity,
    unit_price: l.unit_price,
    subtotal: l.subtotal,
    tax_rate_id: l.tax_rate_id,
    tax_category: l.tax_category,
    tax_rate: l.tax_rate,
    discount_kind: l.discount_kind,
    discount_value: l.discount_value,
    discount_amount: l.discount_amount,
    description: l.description,
    unit_code: l.unit_code,
    line_total: l.line_total,
  }));
}

export function sameAdjustments(input: AdjustmentInput[], stored: StoredAdjustment[]): boolean {
  return (
    input.length === stored.length &&
    input.every((a, i) => {
      const b = stored[i]!;
      return (
        a.kind === b.kind &&
        (a.reason ?? '').trim() === b.reason &&
        a.amount === b.amount &&
        idOrNull(a.taxRateId) === b.taxRateId
      );
    })
  );
}
