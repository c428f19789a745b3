/** Row → API helpers shared by quotes, orders and invoices. */
import {
  toMoneyNumber,
  toRateNumber,
  type DocumentItem,
  type StoredAdjustment,
  type StoredBreakdownRow,
} from '@smb/shared-types';
import type { LineRow } from '../../db/tables/documents.table';

export const iso = (d: Date | string | null): string | null =>
  d === null ? null : new Date(d).toISOString();

/** A document's amounts as JSON numbers. */
export function documentAmounts(row: {
  subtotal: string;
  tax_rate: string;
  tax_amount: string;
  total: string;
}) {
  return {
    subtotal: toMoneyNumber(row.subtotal),
    taxRate: toRateNumber(row.tax_rate),
    taxAmount: toMoneyNumber(row.tax_amount),
    total: toMoneyNumber(row.total),
  };
}

/** A stored line with its product as it is now (null: the product was deleted). */
export interface ItemWithProductRow extends Omit<LineRow, 'position'> {
  current_name: string | null;
  current_sku: string | null;
  current_price: string | null;
}

/** A line's tax, discount, description, unit and net as JSON. */
export function lineFields(row: Omit<LineRow, 'position'>) {
  return {
    description: row.description,
    unitCode: row.unit_code,
    taxRateId: row.tax_rate_id,
    taxCategory: row.tax_category,
    taxRate: toRateNumber(row.tax_rate),
    discountKind: row.discount_kind,
    discountValue: row.discount_value === null ? null : toMoneyNumber(row.discount_value),
    discountAmount: toMoneyNumber(row.discount_amount),
    lineTotal: toMoneyNumber(row.line_total),
  };
}

/** A document's gross/net switch, allowances and charges, their totals and the tax breakdown. */
export function documentTax(row: DocumentTaxRow) {
  return {
    pricesIncludeTax: row.prices_include_tax,
    adjustments: row.adjustments,
    allowanceTotal: toMoneyNumber(row.allowance_total),
    chargeTotal: toMoneyNumber(row.charge_total),
    roundingAmount: toMoneyNumber(row.rounding_amount),
    taxBreakdown: row.tax_breakdown,
  };
}

export interface DocumentTaxRow {
  prices_include_tax: boolean;
  adjustments: StoredAdjustment[];
  allowance_total: string;
  charge_total: string;
  rounding_amount: string;
  tax_breakdown: StoredBreakdownRow[];
}

export function toDocumentItem(row: ItemWithProductRow): DocumentItem {
  const live = row.current_name !== null;
  return {
    id: row.id,
    productId: row.product_id,
    quantity: Number(row.quantity),
    unitPrice: toMoneyNumber(row.unit_price),
    subtotal: toMoneyNumber(row.subtotal),
    ...lineFields(row),
    product: {
      sku: live ? row.current_sku : row.product_sku,
      name: live ? row.current_name! : row.product_name,
      price: row.current_price === null ? null : toMoneyNumber(row.current_price),
    },
  };
}

export interface PartiesRow {
  customer_name: string | null;
  customer_email: string | null;
  customer_address: string | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_role: string | null;
}

export function toParties(row: PartiesRow) {
  return {
    customer:
      row.customer_name === null
        ? null
        : {
            name: row.customer_name,
            email: row.customer_email ?? '',
            address: row.customer_address,
          },
    contact:
      row.contact_name === null
        ? null
        : { name: row.contact_name, email: row.contact_email ?? '', role: row.contact_role },
  };
}

/** A document's parties as found by the content checks, in the columns a document query joins. */
export function partyColumns(parties: {
  customer: { name: string; email: string; address: string | null };
  contact: { name: string; email: string; role: string | null };
}): PartiesRow {
  return {
    customer_name: parties.customer.name,
    customer_email: parties.customer.email,
    customer_address: parties.customer.address,
    contact_name: parties.contact.name,
    contact_email: parties.contact.email,
    contact_role: parties.contact.role,
  };
}

/**
 * The customer's and contact's names and e-mails as a new document keeps them (later edits of
 * the customer or contact do not change an issued document).
 */
export function partySnapshot(
  customer: { name: string; email: string },
  contact: { id: string; name: string; email: string; role: string | null } | undefined,
) {
  return {
    contact_id: contact?.id ?? null,
    customer_name: customer.name,
    customer_email: customer.email,
    contact_name: contact?.name ?? null,
    contact_email: contact?.email ?? null,
    contact_role: contact?.role ?? null,
  };
}

/** Groups rows by a key, keeping their order. */
export function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

/** The columns of a quote or order row that every such API object shows the same way. */
export interface DocumentRow<S> extends PartiesRow, DocumentTaxRow {
  customer_id: string;
  contact_id: string | null;
  currency_code: string;
  status: S;
  notes: string;
  subtotal: string;
  tax_rate: string;
  tax_amount: string;
  total: string;
  created_at: Date;
}

/** The fields a quote and an order share: recipient, currency, status, notes, lines, amounts. */
export function documentFields<S>(row: DocumentRow<S>, items: ItemWithProductRow[]) {
  return {
    customerId: row.customer_id,
    contactId: row.contact_id,
    ...toParties(row),
    currencyCode: row.currency_code.trim(),
    status: row.status,
    notes: row.notes,
    items: items.map(toDocumentItem),
    ...documentAmounts(row),
    ...documentTax(row),
    createdAt: iso(row.created_at)!,
  };
}
