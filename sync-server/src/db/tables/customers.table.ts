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
  /** None, peppol, xrechnung, facturx; null: the company's default. */
  einvoice_format: string | null;
  /** Identity for invoices (all optional; shared-types parties.ts). */
  postcode: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  vat_id: string | null;
  registration_id: string | null;
  electronic_address_scheme: string | null;
  electronic_address_id: string | null;
  iban: string | null;
  bic: string | null;
  buyer_reference: string | null;
  created_at: CreatedAt;
}
