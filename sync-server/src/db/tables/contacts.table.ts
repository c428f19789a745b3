import type { CreatedAt, Versioned } from './columns';

export interface ContactTable extends Versioned {
  id: string;
  customer_id: string;
  name: string;
  email: string;
  phone_number: string | null;
  role: string | null;
  created_at: CreatedAt;
}
