import type { ColumnType } from 'kysely';
import type { PaymentMethod, PaymentTerms } from '@smb/shared-types';
import type { CreatedAt, Numeric, Versioned } from './columns';

export interface PaymentTable extends Versioned {
  id: string;
  invoice_id: string;
  amount: Numeric;
  /** 'YYYY-MM-DD' on write; read with `calendarDate`. */
  paid_on: ColumnType<Date, string, string>;
  method: PaymentMethod;
  reference: string | null;
  note: string | null;
  created_by: string | null;
  created_at: CreatedAt;
}

/** One row: the tenant's billing defaults. */
export interface BillingSettingsTable {
  id: ColumnType<boolean, boolean | undefined, never>;
  default_payment_terms: PaymentTerms;
  reminders_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  reminder_first_days: ColumnType<number, number | undefined, number>;
  reminder_every_days: ColumnType<number, number | undefined, number>;
  reminder_max: ColumnType<number, number | undefined, number>;
}
