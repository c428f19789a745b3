import type { CreatedAt, Numeric, Versioned } from '../../db/tenant-database';
import type { LineItemColumns } from '../documents/documents.table';

export type QuoteStatus = 'Draft' | 'Sent' | 'Accepted' | 'Rejected' | 'Converted';

export interface QuoteTable extends Versioned {
  id: string;
  quote_number: string;
  customer_id: string;
  contact_id: string | null;
  currency_code: string;
  status: QuoteStatus;
  notes: string;
  subtotal: Numeric;
  tax_rate: Numeric;
  tax_amount: Numeric;
  total: Numeric;
  access_token: string | null;
  viewed_at: Date | null;
  accepted_at: Date | null;
  rejected_at: Date | null;
  created_at: CreatedAt;
}

export interface QuoteItemTable extends LineItemColumns {
  quote_id: string;
}
