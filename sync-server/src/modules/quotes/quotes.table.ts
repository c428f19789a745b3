import type { CreatedAt, Numeric, Versioned } from '../../db/tenant-database';

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

/** Lines belong to their quote: they change with it and are synced inside it. */
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

export interface QuoteItemTable extends LineItemColumns {
  quote_id: string;
}
