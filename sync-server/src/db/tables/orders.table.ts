import type { ColumnType } from 'kysely';
import {
  DOCUMENT_BODY_COLUMN_NAMES,
  type DocumentColumns,
  type LineItemColumns,
} from './documents.table';

export interface OrderTable extends DocumentColumns {
  order_number: string;
  quote_id: string | null;
  status: string;
  /** When the order confirmation was last e-mailed, and to whom. */
  emailed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  emailed_to: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Each e-mail a device asked for, by its client-made id (never mailed twice). */
export interface DocumentMailTable {
  id: string;
  entity: 'invoices' | 'orders' | 'credit_notes';
  entity_id: string;
  sent_to: string;
  created_at: ColumnType<Date, Date | undefined, Date>;
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
  'emailed_at',
  'emailed_to',
  'created_at',
  'version',
  'updated_at',
] as const satisfies readonly (keyof OrderTable)[];
