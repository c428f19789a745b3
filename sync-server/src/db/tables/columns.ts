import type { ColumnType } from 'kysely';
import type { PartyField } from '@smb/shared-types';

// Column types the tenant tables share. Their own file, so the tables and `TenantDatabase` (which
// lists them) never import each other.

/** Columns every synced row has. */
export interface Versioned {
  version: ColumnType<string, string | number | bigint, string | number | bigint>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric columns come back from pg as strings; accept strings on write. */
export type Numeric = ColumnType<string, string, string>;
export type NullableNumeric = ColumnType<string | null, string | null | undefined, string | null>;

/**
 * The column of each party identity field (shared-types `PARTY_FIELDS`): the company (app.tenants)
 * and a customer store their postcode, VAT ID, electronic address, IBAN… under the same names.
 */
export const PARTY_IDENTITY_COLUMN_OF = {
  postcode: 'postcode',
  city: 'city',
  region: 'region',
  vatId: 'vat_id',
  registrationId: 'registration_id',
  electronicAddressScheme: 'electronic_address_scheme',
  electronicAddressId: 'electronic_address_id',
  iban: 'iban',
  bic: 'bic',
} as const satisfies Record<PartyField, string>;
