import type { Selectable } from 'kysely';
import type { Numeric } from './columns';

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
