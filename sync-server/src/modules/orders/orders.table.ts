import type { CreatedAt, Numeric, Versioned } from '../../db/tenant-database';
import type { LineItemColumns } from '../documents/documents.table';

export interface OrderTable extends Versioned {
  id: string;
  order_number: string;
  quote_id: string | null;
  customer_id: string;
  contact_id: string | null;
  currency_code: string;
  status: string;
  notes: string;
  subtotal: Numeric;
  tax_rate: Numeric;
  tax_amount: Numeric;
  total: Numeric;
  created_at: CreatedAt;
}

export interface OrderItemTable extends LineItemColumns {
  order_id: string;
}
