/** Row → API helpers shared by quotes, orders and invoices. */
import { toMoneyNumber, toRateNumber, type DocumentItem } from '@smb/shared-types';
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

export function toDocumentItem(row: ItemWithProductRow): DocumentItem {
  const live = row.current_name !== null;
  return {
    id: row.id,
    productId: row.product_id,
    quantity: row.quantity,
    unitPrice: toMoneyNumber(row.unit_price),
    subtotal: toMoneyNumber(row.subtotal),
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
export interface DocumentRow<S> extends PartiesRow {
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
    createdAt: iso(row.created_at)!,
  };
}
