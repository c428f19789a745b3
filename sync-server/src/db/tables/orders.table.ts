import type { CreatedAt, Numeric, Versioned } from './columns';
import type { LineItemColumns } from './documents.table';

export interface OrderTable extends Versioned {
  id: string;
  order_number: string;
  quote_id: string | null;
  customer_id: string;
  contact_id: string | null;
  currency_code: string;
  status: string;
  notes: string;
  subtotal: Numeric;
  tax_rate: Numeric;
  tax_amount: Numeric;
  total: Numeric;
  created_at: CreatedAt;
}

export interface OrderItemTable extends LineItemColumns {
  order_id: string;
}

/**
 * Every column of an order, by name: a statement run prepared names its columns (a prepared `*`
 * would fail once a migration adds one; see `prepared`).
 */
export const ORDER_COLUMN_NAMES = [
  'id',
  'order_number',
  'quote_id',
  'customer_id',
  'contact_id',
  'currency_code',
  'status',
  'notes',
  'subtotal',
  'tax_rate',
  'tax_amount',
  'total',
  'created_at',
  'version',
  'updated_at',
] as const satisfies readonly (keyof OrderTable)[];
