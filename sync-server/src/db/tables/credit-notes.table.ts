import type { ColumnType } from 'kysely';
import type { StoredAdjustment, StoredBreakdownRow } from '@smb/shared-types';
import type { CreatedAt, Numeric, Versioned } from './columns';
import type { LineItemColumns } from './documents.table';

/** A credit note: issued when made, never changed (issue 33 item 7). */
export interface CreditNoteTable extends Versioned {
  id: string;
  credit_note_number: string;
  invoice_id: string;
  customer_id: string;
  customer_name: string;
  customer_email: string;
  kind: 'full' | 'lines' | 'amount';
  reason: string;
  currency_code: string;
  subtotal: Numeric;
  tax_amount: Numeric;
  total: Numeric;
  prices_include_tax: boolean;
  /** jsonb: read parsed, written as JSON text. */
  adjustments: ColumnType<StoredAdjustment[], string, string>;
  allowance_total: Numeric;
  charge_total: Numeric;
  rounding_amount: Numeric;
  tax_breakdown: ColumnType<StoredBreakdownRow[], string, string>;
  refund_amount: Numeric;
  /** Calendar date ('YYYY-MM-DD' on write; pg gives a Date at UTC midnight). */
  issue_date: ColumnType<Date, string, string>;
  emailed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  emailed_to: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

export interface CreditNoteLineTable extends LineItemColumns {
  credit_note_id: string;
  /** The invoice line credited; null for an amount credit's lines. */
  invoice_item_id: string | null;
}
