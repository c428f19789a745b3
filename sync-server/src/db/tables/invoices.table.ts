import type { ColumnType } from 'kysely';
import type { InvoiceReminder, PaymentTerms } from '@smb/shared-types';
import {
  DOCUMENT_BODY_COLUMN_NAMES,
  type DocumentColumns,
  type LineItemColumns,
} from './documents.table';

export type InvoiceStatus = 'Unpaid' | 'Partially paid' | 'Paid' | 'Cancelled';

export interface InvoiceTable extends DocumentColumns {
  invoice_number: string;
  /** Null for an invoice a recurring profile made. */
  order_id: string | null;
  /** The recurring profile that made it, and its period (null: invoiced out of cycle). */
  recurring_profile_id: ColumnType<string | null, string | null | undefined, string | null>;
  period_index: ColumnType<number | null, number | null | undefined, number | null>;
  customer_name: string;
  customer_email: string;
  contact_name: string | null;
  contact_email: string | null;
  contact_role: string | null;
  status: InvoiceStatus;
  paid_at: Date | null;
  /** Null while a draft; set once when issued (marked issued, sent or paid), then it is frozen. */
  issued_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Calendar dates ('YYYY-MM-DD' on write; pg gives Date objects at UTC midnight). */
  issue_date: ColumnType<Date, string | undefined, string>;
  due_date: ColumnType<Date, string | undefined, string>;
  payment_terms: ColumnType<PaymentTerms, PaymentTerms | undefined, PaymentTerms>;
  /** Σ payments, kept with every payment written or deleted: balance = total − amount_paid. */
  amount_paid: ColumnType<string, string | undefined, string>;
  /** Σ credit notes: amount due = total − amount_paid − credited_amount. */
  credited_amount: ColumnType<string, string | undefined, string>;
  /** "Stop reminders" on this invoice. */
  reminders_stopped: ColumnType<boolean, boolean | undefined, boolean>;
  /** The reminders sent, oldest first (jsonb array; written by the reminder job). */
  reminders: ColumnType<InvoiceReminder[], string | undefined, string>;
  /** Issue 34.4: when the invoice was last e-mailed, and to whom. */
  emailed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  emailed_to: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface InvoiceItemTable extends LineItemColumns {
  invoice_id: string;
}

/**
 * Every column of an invoice, by name: a statement run prepared names its columns (a prepared `*`
 * would fail once a migration adds one; see `prepared`).
 */
export const INVOICE_COLUMN_NAMES = [
  'id',
  'invoice_number',
  'order_id',
  'customer_id',
  'contact_id',
  'customer_name',
  'customer_email',
  'contact_name',
  'contact_email',
  'contact_role',
  ...DOCUMENT_BODY_COLUMN_NAMES,
  'paid_at',
  'issued_at',
  'created_at',
  'issue_date',
  'due_date',
  'payment_terms',
  'amount_paid',
  'credited_amount',
  'reminders_stopped',
  'reminders',
  'emailed_at',
  'emailed_to',
  'recurring_profile_id',
  'period_index',
  'version',
  'updated_at',
] as const satisfies readonly (keyof InvoiceTable)[];
