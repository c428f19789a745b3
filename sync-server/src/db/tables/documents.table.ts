import type { Selectable } from 'kysely';
import type { CreatedAt, Numeric, Versioned } from './columns';

/** Columns of quote, order and invoice lines. Lines belong to their document: they change with it and are synced inside it. */
export interface LineItemColumns {
  id: string;
  product_id: string | null;
  position: number;
  product_name: string;
  product_sku: string | null;
  quantity: number;
  unit_price: Numeric;
  subtotal: Numeric;
}

/** The columns of every line table, by name (statements run prepared name their columns). */
export const LINE_ITEM_COLUMN_NAMES = [
  'id',
  'product_id',
  'position',
  'product_name',
  'product_sku',
  'quantity',
  'unit_price',
  'subtotal',
] as const satisfies readonly (keyof LineItemColumns)[];

/** A line's values as read, and as inserted (the parent id is added by the caller). */
export type LineRow = Selectable<LineItemColumns>;

/** Columns every document (quote, order, invoice) has besides its number and status. */
export interface DocumentColumns extends Versioned {
  id: string;
  customer_id: string;
  contact_id: string | null;
  currency_code: string;
  notes: string;
  subtotal: Numeric;
  tax_rate: Numeric;
  tax_amount: Numeric;
  total: Numeric;
  created_at: CreatedAt;
}

/** Currency, status, notes and amounts: the run of columns every document's column list shares. */
export const DOCUMENT_BODY_COLUMN_NAMES = [
  'currency_code',
  'status',
  'notes',
  'subtotal',
  'tax_rate',
  'tax_amount',
  'total',
] as const;
