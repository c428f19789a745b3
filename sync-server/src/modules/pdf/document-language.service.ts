import { documentLanguageOf, type DocumentLanguage } from '@smb/shared-types';
import type { TenantRow } from '../../db/app-tables';
import type { TenantDb } from '../../db/tenant-database';
import { companyOf } from '../tenants/company.service';
import { findCustomer } from '../documents/documents.repository';

/**
 * The language a customer's documents and mails are written in: the customer's own,
 * else the company's default. For a customer already loaded (its API shape).
 */
export function documentLanguageFor(
  customer: { documentLanguage?: string | null } | null | undefined,
  tenant: TenantRow,
): DocumentLanguage {
  return documentLanguageOf(customer, companyOf(tenant));
}

/** The same, when only the customer's id is at hand (one read of the customer). */
export async function customerDocumentLanguage(
  db: TenantDb,
  tenant: TenantRow,
  customerId: string | null | undefined,
): Promise<DocumentLanguage> {
  const customer = customerId ? await findCustomer(db, customerId) : undefined;
  return documentLanguageFor({ documentLanguage: customer?.document_language }, tenant);
}
