import type { CreatedAt, Numeric, Versioned } from '../../db/tenant-database';
import type { LineItemColumns } from '../documents/documents.table';

export type InvoiceStatus = 'Unpaid' | 'Paid' | 'Cancelled';

export interface InvoiceTable extends Versioned {
  id: string;
  invoice_number: string;
  order_id: string;
  customer_id: string;
  contact_id: string | null;
  customer_name: string;
  customer_email: string;
  contact_name: string | null;
  contact_email: string | null;
  contact_role: string | null;
  currency_code: string;
  status: InvoiceStatus;
  notes: string;
  subtotal: Numeric;
  tax_rate: Numeric;
  tax_amount: Numeric;
  total: Numeric;
  paid_at: Date | null;
  created_at: CreatedAt;
}

export interface InvoiceItemTable extends LineItemColumns {
  invoice_id: string;
}
