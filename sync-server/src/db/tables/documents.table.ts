import type { ColumnType, Selectable } from 'kysely';
import type { StoredAdjustment, StoredBreakdownRow, TaxCategory } from '@smb/shared-types';
import type { CreatedAt, Numeric, Versioned } from './columns';

/** A column the migration gave a default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** Columns of quote, order and invoice lines. Lines belong to their document: they change with it and are synced inside it. */
export interface LineItemColumns {
  id: string;
  product_id: string | null;
  position: number;
  product_name: string;
  product_sku: string | null;
  /** numeric(12, 3): up to 3 decimals; read as a string ('1.500'), written as a number. */
  quantity: ColumnType<string, string | number, string | number>;
  unit_price: Numeric;
  subtotal: Numeric;
  /** The tax rate record named (it may have been deleted since) and its snapshot. */
  tax_rate_id: Defaulted<string | null>;
  tax_category: Defaulted<TaxCategory>;
  tax_rate: Defaulted<string>;
  discount_kind: Defaulted<'percent' | 'amount' | null>;
  discount_value: Defaulted<string | null>;
  discount_amount: Defaulted<string>;
  description: Defaulted<string>;
  unit_code: Defaulted<string>;
  /** round2(quantity × unit price) − discount; `subtotal` is before the discount. */
  line_total: Defaulted<string>;
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
  'tax_rate_id',
  'tax_category',
  'tax_rate',
  'discount_kind',
  'discount_value',
  'discount_amount',
  'description',
  'unit_code',
  'line_total',
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
  prices_include_tax: ColumnType<boolean, boolean | undefined, boolean>;
  /** jsonb: read parsed, written as JSON text. */
  adjustments: ColumnType<StoredAdjustment[], string | undefined, string>;
  allowance_total: ColumnType<string, string | undefined, string>;
  charge_total: ColumnType<string, string | undefined, string>;
  rounding_amount: ColumnType<string, string | undefined, string>;
  tax_breakdown: ColumnType<StoredBreakdownRow[], string | undefined, string>;
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
  'prices_include_tax',
  'adjustments',
  'allowance_total',
  'charge_total',
  'rounding_amount',
  'tax_breakdown',
] as const;
