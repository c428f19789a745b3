import type { ColumnType } from 'kysely';
import {
  DOCUMENT_BODY_COLUMN_NAMES,
  type DocumentColumns,
  type LineItemColumns,
} from './documents.table';

export type QuoteStatus = 'Draft' | 'Sent' | 'Accepted' | 'Rejected' | 'Converted';

export interface QuoteTable extends DocumentColumns {
  quote_number: string;
  status: QuoteStatus;
  access_token: string | null;
  viewed_at: Date | null;
  accepted_at: Date | null;
  rejected_at: Date | null;
  /** Validity, views and answers (migration 2026_11_27_1000). */
  valid_until: ColumnType<string | null, string | null | undefined, string | null>;
  last_viewed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  view_count: ColumnType<number, number | undefined, number>;
  sent_by: ColumnType<string | null, string | null | undefined, string | null>;
  accepted_by_name: ColumnType<string | null, string | null | undefined, string | null>;
  accepted_ip: ColumnType<string | null, string | null | undefined, string | null>;
  rejection_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface QuoteItemTable extends LineItemColumns {
  quote_id: string;
}

/**
 * Every column of a quote, by name: a statement run prepared names its columns (a prepared `*`
 * would fail once a migration adds one; see `prepared`).
 */
export const QUOTE_COLUMN_NAMES = [
  'id',
  'quote_number',
  'customer_id',
  'contact_id',
  ...DOCUMENT_BODY_COLUMN_NAMES,
  'access_token',
  'viewed_at',
  'accepted_at',
  'rejected_at',
  'created_at',
  'valid_until',
  'last_viewed_at',
  'view_count',
  'sent_by',
  'accepted_by_name',
  'accepted_ip',
  'rejection_reason',
  'version',
  'updated_at',
] as const satisfies readonly (keyof QuoteTable)[];
