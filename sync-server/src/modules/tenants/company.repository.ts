import { sql, type Kysely } from 'kysely';
import type { AppDatabase } from '../../db/app-tables';
import { PARTY_IDENTITY_COLUMN_OF } from '../../db/tables/columns';
import type { TenantDb } from '../../db/tenant-database';

/**
 * The company details live in the control plane (app.tenants, app.tenant_logos). Writes take the
 * caller's tenant-scoped db or transaction and name the schema explicitly, so a sync mutation
 * writes them on its own transaction's connection.
 */
type AnyDb = TenantDb | Kysely<AppDatabase>;

/** Column name of each company field. */
export const COMPANY_FIELD_COLUMNS = {
  legalName: 'legal_name',
  address: 'address',
  country: 'country',
  taxId: 'tax_id',
  email: 'company_email',
  phone: 'company_phone',
  website: 'website',
  paymentInstructions: 'payment_instructions',
  documentFooter: 'document_footer',
  paperSize: 'paper_size',
  quoteValidityDays: 'quote_validity_days',
  locale: 'locale',
  timeZone: 'time_zone',
  documentLanguage: 'document_language',
  einvoiceFormat: 'einvoice_format',
  ...PARTY_IDENTITY_COLUMN_OF,
} as const;
export type CompanyField = keyof typeof COMPANY_FIELD_COLUMNS;

export async function updateCompanyColumns(
  db: AnyDb,
  tenantId: string,
  changes: Partial<Record<CompanyField, string | number | null>>,
): Promise<void> {
  const sets = Object.entries(changes).map(
    ([field, value]) =>
      sql`${sql.ref(COMPANY_FIELD_COLUMNS[field as CompanyField])} = ${value ?? null}`,
  );
  if (sets.length === 0) return;
  await sql`UPDATE app.tenants SET ${sql.join(sets)} WHERE id = ${tenantId}`.execute(db);
}

export async function saveLogo(
  db: AnyDb,
  tenantId: string,
  logo: { contentType: string; data: Buffer; sha256: string },
): Promise<void> {
  await sql`
    INSERT INTO app.tenant_logos (tenant_id, content_type, data, updated_at)
    VALUES (${tenantId}, ${logo.contentType}, ${logo.data}, now())
    ON CONFLICT (tenant_id) DO UPDATE
      SET content_type = excluded.content_type, data = excluded.data, updated_at = now()`.execute(
    db,
  );
  await sql`UPDATE app.tenants SET logo_sha256 = ${logo.sha256} WHERE id = ${tenantId}`.execute(db);
}

export async function deleteLogo(db: AnyDb, tenantId: string): Promise<void> {
  await sql`DELETE FROM app.tenant_logos WHERE tenant_id = ${tenantId}`.execute(db);
  await sql`UPDATE app.tenants SET logo_sha256 = NULL WHERE id = ${tenantId}`.execute(db);
}

export async function findLogo(
  db: AnyDb,
  tenantId: string,
): Promise<{ content_type: string; data: Buffer } | undefined> {
  const { rows } = await sql<{ content_type: string; data: Buffer }>`
    SELECT content_type, data FROM app.tenant_logos WHERE tenant_id = ${tenantId}`.execute(db);
  return rows[0];
}
