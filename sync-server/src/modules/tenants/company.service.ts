import { createHash } from 'node:crypto';
import {
  COMPANY_MESSAGES,
  DEFAULT_DOCUMENT_LANGUAGE,
  DEFAULT_QUOTE_VALIDITY_DAYS,
  LOGO_MAX_BYTES,
  logoContentType,
  normaliseCompanyDetails,
  type CompanyDetails,
  type CompanyDetailsUpdateBody,
} from '@smb/shared-types';
import type { TenantRow } from '../../db/app-tables';
import type { TenantDb } from '../../db/tenant-database';
import { inTransaction } from '../../db/transaction';
import { badRequest, notFound } from '../../errors';
import { requireTenantAdmin, type TenantScope } from '../tenant-scope';
import * as repo from './company.repository';

/** The company block of a tenant row, as the API, the pull and the documents show it. */
export function companyOf(row: TenantRow): CompanyDetails {
  return {
    legalName: row.legal_name ?? null,
    address: row.address ?? null,
    country: row.country ?? null,
    taxId: row.tax_id ?? null,
    email: row.company_email ?? null,
    phone: row.company_phone ?? null,
    website: row.website ?? null,
    paymentInstructions: row.payment_instructions ?? null,
    documentFooter: row.document_footer ?? null,
    paperSize: row.paper_size ?? null,
    logo: row.logo_sha256 ? { sha256: row.logo_sha256 } : null,
    quoteValidityDays: row.quote_validity_days ?? DEFAULT_QUOTE_VALIDITY_DAYS,
    locale: row.locale ?? null,
    timeZone: row.time_zone ?? null,
    documentLanguage: row.document_language ?? DEFAULT_DOCUMENT_LANGUAGE,
    einvoiceFormat: row.einvoice_format ?? 'none',
    postcode: row.postcode ?? null,
    city: row.city ?? null,
    region: row.region ?? null,
    vatId: row.vat_id ?? null,
    registrationId: row.registration_id ?? null,
    electronicAddressScheme: row.electronic_address_scheme ?? null,
    electronicAddressId: row.electronic_address_id ?? null,
    iban: row.iban ?? null,
    bic: row.bic ?? null,
  };
}

/** The row as it is after `changes` (the caller forgets the cached tenant after the commit). */
function withChanges(row: TenantRow, changes: Partial<CompanyDetails>): TenantRow {
  const next = { ...row };
  for (const [field, value] of Object.entries(changes)) {
    const column = repo.COMPANY_FIELD_COLUMNS[field as repo.CompanyField];
    if (column) (next as Record<string, unknown>)[column] = value ?? null;
  }
  return next;
}

/**
 * `PUT /api/tenants/current/company` and the `tenant.updateCompany` mutation (admin): only the
 * fields given are written; blank clears one.
 */
export async function updateCompanyDetails(
  scope: TenantScope,
  body: CompanyDetailsUpdateBody,
): Promise<CompanyDetails> {
  requireTenantAdmin(scope);
  const { changes, error } = normaliseCompanyDetails(body, companyOf(scope.tenant));
  if (error !== null) throw badRequest(error);
  await inTransaction(scope.db, (trx) => repo.updateCompanyColumns(trx, scope.tenant.id, changes));
  return companyOf(withChanges(scope.tenant, changes));
}

/** `PUT /api/tenants/current/logo` (admin): a PNG or JPEG of at most 1 MB, judged by its bytes. */
export async function uploadLogo(scope: TenantScope, data: Buffer): Promise<CompanyDetails> {
  requireTenantAdmin(scope);
  if (data.length > LOGO_MAX_BYTES) throw badRequest(COMPANY_MESSAGES.logoTooLarge);
  const contentType = logoContentType(data);
  if (!contentType) throw badRequest(COMPANY_MESSAGES.logoInvalid);
  const sha256 = createHash('sha256').update(data).digest('hex');
  await inTransaction(scope.db, (trx) =>
    repo.saveLogo(trx, scope.tenant.id, { contentType, data, sha256 }),
  );
  return companyOf({ ...scope.tenant, logo_sha256: sha256 });
}

/** `DELETE /api/tenants/current/logo` (admin). */
export async function removeLogo(scope: TenantScope): Promise<CompanyDetails> {
  requireTenantAdmin(scope);
  await inTransaction(scope.db, (trx) => repo.deleteLogo(trx, scope.tenant.id));
  return companyOf({ ...scope.tenant, logo_sha256: null });
}

/** The logo's bytes and type; 404 without one. */
export async function readLogo(
  db: TenantDb,
  tenantId: string,
): Promise<{ contentType: string; data: Buffer }> {
  const logo = await repo.findLogo(db, tenantId);
  if (!logo) throw notFound(COMPANY_MESSAGES.logoNotFound);
  return { contentType: logo.content_type, data: logo.data };
}

/** The logo for a document, or null (never fails a document for want of a logo). */
export async function logoForDocument(
  db: TenantDb,
  tenant: TenantRow,
): Promise<{ contentType: string; data: Buffer } | null> {
  if (!tenant.logo_sha256) return null;
  const logo = await repo.findLogo(db, tenant.id);
  return logo ? { contentType: logo.content_type, data: logo.data } : null;
}
