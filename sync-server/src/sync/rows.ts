import type { SyncEntity } from '@smb/shared-types';
import { DATE_COLUMNS, calendarDate } from '../db/dates';

/** numeric columns: pg returns them as strings; the patch carries numbers (2–4 decimals, exact in a double). */
const NUMERIC_COLUMNS = new Set([
  'price',
  'cost',
  'subtotal',
  'tax_rate',
  'tax_amount',
  'total',
  'unit_price',
  'dollar_exchange_rate',
  'amount',
  'amount_paid',
  'credited_amount',
  'refund_amount',
  'rate',
  'discount_value',
  'discount_amount',
  'line_total',
  'allowance_total',
  'charge_total',
  'rounding_amount',
  'quantity',
]);
/** Columns that never leave the server in a patch. */
const HIDDEN_COLUMNS = new Set<string>();

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** A database row as the client stores it: camelCase keys, numbers for numerics, ISO strings for times. */
export function toPatchValue(row: Record<string, unknown>): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(row)) {
    if (HIDDEN_COLUMNS.has(key)) continue;
    let v = raw;
    if (NUMERIC_COLUMNS.has(key) && typeof raw === 'string') v = Number(raw);
    else if (DATE_COLUMNS.has(key) && raw instanceof Date) v = calendarDate(raw);
    else if (raw instanceof Date) v = raw.toISOString();
    else if (key === 'version' && raw !== null) v = String(raw);
    value[camel(key)] = v;
  }
  return value;
}

/** Tables whose rows sync, with the child table of line items for documents. */
export const ENTITY_TABLES: Record<SyncEntity, { items?: { table: string; parent: string } }> = {
  currencies: {},
  customers: {},
  contacts: {},
  products: {},
  tax_rates: {},
  quotes: { items: { table: 'quote_items', parent: 'quote_id' } },
  orders: { items: { table: 'order_items', parent: 'order_id' } },
  invoices: { items: { table: 'invoice_items', parent: 'invoice_id' } },
  payments: {},
  credit_notes: { items: { table: 'credit_note_lines', parent: 'credit_note_id' } },
  recurring_profiles: {
    items: { table: 'recurring_profile_lines', parent: 'recurring_profile_id' },
  },
  conflicts: {},
};
