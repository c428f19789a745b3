import {
  DOCUMENT_BODY_COLUMN_NAMES,
  type DocumentColumns,
  type LineItemColumns,
} from './documents.table';

export interface OrderTable extends DocumentColumns {
  order_number: string;
  quote_id: string | null;
  status: string;
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
  ...DOCUMENT_BODY_COLUMN_NAMES,
  'created_at',
  'version',
  'updated_at',
] as const satisfies readonly (keyof OrderTable)[];
