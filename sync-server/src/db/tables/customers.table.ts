import type { PaymentTerms } from '@smb/shared-types';
import type { CreatedAt, Versioned } from './columns';

export interface CustomerTable extends Versioned {
  id: string;
  name: string;
  email: string;
  phone_number: string | null;
  address: string | null;
  address2: string | null;
  /** null: the tenant's default terms. */
  payment_terms: PaymentTerms | null;
  /** null: the company's document language. */
  document_language: string | null;
  created_at: CreatedAt;
}
