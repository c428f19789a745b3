import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface TenantTable {
  id: string;
  natural_name: string;
  schema_name: string;
  created_at: CreatedAt;
  /** Company details for documents (all optional; see shared-types company.ts). */
  legal_name: ColumnType<string | null, string | null | undefined, string | null>;
  address: ColumnType<string | null, string | null | undefined, string | null>;
  country: ColumnType<string | null, string | null | undefined, string | null>;
  tax_id: ColumnType<string | null, string | null | undefined, string | null>;
  company_email: ColumnType<string | null, string | null | undefined, string | null>;
  company_phone: ColumnType<string | null, string | null | undefined, string | null>;
  website: ColumnType<string | null, string | null | undefined, string | null>;
  payment_instructions: ColumnType<string | null, string | null | undefined, string | null>;
  document_footer: ColumnType<string | null, string | null | undefined, string | null>;
  paper_size: ColumnType<string | null, string | null | undefined, string | null>;
  logo_sha256: ColumnType<string | null, string | null | undefined, string | null>;
  /** The company's identity for invoices (shared-types parties.ts). */
  postcode: ColumnType<string | null, string | null | undefined, string | null>;
  city: ColumnType<string | null, string | null | undefined, string | null>;
  region: ColumnType<string | null, string | null | undefined, string | null>;
  vat_id: ColumnType<string | null, string | null | undefined, string | null>;
  registration_id: ColumnType<string | null, string | null | undefined, string | null>;
  electronic_address_scheme: ColumnType<string | null, string | null | undefined, string | null>;
  electronic_address_id: ColumnType<string | null, string | null | undefined, string | null>;
  iban: ColumnType<string | null, string | null | undefined, string | null>;
  bic: ColumnType<string | null, string | null | undefined, string | null>;
  /** A sent quote is valid for this many days unless its Draft set a date. */
  quote_validity_days: ColumnType<number, number | undefined, number>;
  /** BCP 47 locale of numbers and dates; null = en-US. */
  locale: ColumnType<string | null, string | null | undefined, string | null>;
  /** Documents and mails for customers without a language of their own. */
  document_language: ColumnType<string, string | undefined, string>;
  /** The e-invoice format of customers without one of their own ('none', 'peppol', …). */
  einvoice_format: ColumnType<string, string | undefined, string>;
  /** IANA time zone of the company's calendar day; null = its country's (UTC without one). */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The last tenant migration applied without a gap (`db/migrate.ts`); a tenant older
   * than the code needs is not served (`db/schema-version.ts`).
   */
  schema_version: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One logo per tenant; read only by the logo and document routes. */
export interface TenantLogoTable {
  tenant_id: string;
  content_type: string;
  data: Buffer;
  updated_at: CreatedAt;
}

export interface UserTable {
  id: string;
  tenant_id: string;
  email: string;
  password_hash: string | null;
  is_verified: Generated<boolean>;
  is_tenant_admin: Generated<boolean>;
  is_pending_approval: Generated<boolean>;
  token_version: Generated<number>;
  created_at: CreatedAt;
}

export type CodePurpose = 'verify' | 'reset' | 'invite';

export interface OneTimeCodeTable {
  user_id: string;
  purpose: CodePurpose;
  code_hash: string;
  expires_at: Date;
  attempts: Generated<number>;
  created_at: CreatedAt;
}

export interface ContactMessageTable {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  company: string | null;
  created_at: CreatedAt;
}

/** When each scheduled job last ran (jobs/scheduler.ts). */
export interface JobRunTable {
  name: string;
  last_run_at: Date;
}

/** Per-address counters (auth/address-limits.ts): failed logins and mails per e-mail address. */
export interface AddressLimitTable {
  kind: string;
  /** HMAC of the lower-cased address: unknown addresses count like real ones, none is stored. */
  address_key: string;
  count: number;
  window_started_at: Date;
  locked_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** The control plane, schema `app`. Queries name it with `withSchema('app')`. */
export interface AppDatabase {
  tenants: TenantTable;
  tenant_logos: TenantLogoTable;
  users: UserTable;
  one_time_codes: OneTimeCodeTable;
  contact_messages: ContactMessageTable;
  job_runs: JobRunTable;
  address_limits: AddressLimitTable;
}

export type TenantRow = Selectable<TenantTable>;

/** The tenant columns that hold its company details (read with the tenant on every request). */
export const COMPANY_COLUMNS = [
  'legal_name',
  'address',
  'country',
  'tax_id',
  'company_email',
  'company_phone',
  'website',
  'payment_instructions',
  'document_footer',
  'paper_size',
  'logo_sha256',
  'quote_validity_days',
  'locale',
  'document_language',
  'einvoice_format',
  'time_zone',
  'postcode',
  'city',
  'region',
  'vat_id',
  'registration_id',
  'electronic_address_scheme',
  'electronic_address_id',
  'iban',
  'bic',
] as const;
export type UserRow = Selectable<UserTable>;
