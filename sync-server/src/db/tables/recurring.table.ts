import type { ColumnType } from 'kysely';
import type { PaymentTerms } from '@smb/shared-types';
import type { CreatedAt, Versioned } from './columns';
import type { LineItemColumns } from './documents.table';

type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** A calendar date: 'YYYY-MM-DD' on write; pg gives a Date at UTC midnight. */
type CivilDateColumn = ColumnType<Date, string, string>;

/** A customer's recurring invoice: its content, its schedule and where the schedule stands. */
export interface RecurringProfileTable extends Versioned {
  id: string;
  customer_id: string;
  contact_id: string | null;
  currency_code: string;
  prices_include_tax: Defaulted<boolean>;
  notes: Defaulted<string>;
  payment_terms: ColumnType<
    PaymentTerms | null,
    PaymentTerms | null | undefined,
    PaymentTerms | null
  >;
  start_date: CivilDateColumn;
  frequency_unit: 'week' | 'month' | 'year';
  frequency_every: number;
  anchor_day: ColumnType<string | null, string | null | undefined, string | null>;
  end_kind: Defaulted<'never' | 'after' | 'on'>;
  end_count: ColumnType<number | null, number | null | undefined, number | null>;
  end_date: ColumnType<Date | null, string | null | undefined, string | null>;
  mode: Defaulted<'draft' | 'issue-and-mail'>;
  status: Defaulted<'active' | 'paused'>;
  skip_next: Defaulted<boolean>;
  next_index: Defaulted<number>;
  schedule_base: Defaulted<number>;
  created_at: CreatedAt;
}

export interface RecurringProfileLineTable extends LineItemColumns {
  recurring_profile_id: string;
  /** On the next invoice only. */
  one_off: Defaulted<boolean>;
}

export type RecurringMailState = 'pending' | 'sending' | 'sent' | 'failed';

/**
 * A period a profile dealt with: its invoice, or null when the period was skipped; and its mail's
 * state (null: no mail), how many times it was tried, the last error and when to try again.
 */
export interface RecurringRunTable {
  recurring_profile_id: string;
  period_index: number;
  invoice_id: string | null;
  created_at: CreatedAt;
  mail_state: ColumnType<
    RecurringMailState | null,
    RecurringMailState | null | undefined,
    RecurringMailState | null
  >;
  mail_attempts: Defaulted<number>;
  mail_error: ColumnType<string | null, string | null | undefined, string | null>;
  mail_retry_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}
