import { companyNameError } from '@smb/shared-types/tenants';
import {
  COMPANY_MESSAGES,
  LOGO_MAX_BYTES,
  normaliseCompanyDetails,
  type CompanyDetailsUpdateBody,
} from '@smb/shared-types/company';
import { billingSettingsError, type BillingSettingsUpdate } from '@smb/shared-types/payments';
import { NETWORK_MESSAGE, OFFLINE_MESSAGE } from '../../../lib/api-client';
import { requireDatabase } from '../../../db/current';
import { getMeta } from '../../../db/meta';
import type { SmbDatabase } from '../../../db/database';
import { ValidationError, refuseProblem } from '../../../db/errors';
import { mutate } from '../../../sync/mutate';

/** Renames the company (admin only); shows at once, syncs later. */
export async function updateTenant(
  naturalName: string,
  db: SmbDatabase = requireDatabase(),
): Promise<void> {
  refuseProblem(companyNameError(naturalName));
  await mutate(db, 'tenant.update', { naturalName: naturalName.trim() });
}

/** Saves the company details printed on documents (admin only); shows at once, syncs later. */
export async function updateCompanyDetails(
  changes: CompanyDetailsUpdateBody,
  db: SmbDatabase = requireDatabase(),
): Promise<void> {
  // The identity is checked as the company will be (a VAT ID against the country it keeps).
  const tenant = (await getMeta(db, 'tenant')) ?? null;
  const { error } = normaliseCompanyDetails(changes, tenant?.company ?? {});
  refuseProblem(error);
  await mutate(db, 'tenant.updateCompany', changes);
}

/**
 * Saves the billing settings (admin only): default payment terms and the reminder policy. Only the
 * fields changed are sent, so another device's change of another field stays; shows at once,
 * syncs later.
 */
export async function updateBillingSettings(
  changes: BillingSettingsUpdate,
  db: SmbDatabase = requireDatabase(),
): Promise<void> {
  refuseProblem(billingSettingsError(changes));
  if (Object.keys(changes).length === 0) return;
  await mutate(db, 'tenant.updateBilling', changes);
}

/** Uploads (online only) the company logo: a PNG or JPEG of at most 1 MB, checked by the server by content. */
export async function uploadCompanyLogo(file: File, token: string | null): Promise<void> {
  if (file.size > LOGO_MAX_BYTES) throw new ValidationError(COMPANY_MESSAGES.logoTooLarge);
  await sendLogo('PUT', token, file);
}

export async function removeCompanyLogo(token: string | null): Promise<void> {
  await sendLogo('DELETE', token);
}

async function sendLogo(method: 'PUT' | 'DELETE', token: string | null, file?: File) {
  let response: Response;
  try {
    response = await fetch('/api/tenants/current/logo', {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(file ? { 'Content-Type': 'application/octet-stream' } : {}),
      },
      body: file,
    });
  } catch {
    throw new ValidationError(navigator.onLine === false ? OFFLINE_MESSAGE : NETWORK_MESSAGE);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ValidationError(body?.message ?? COMPANY_MESSAGES.saveFailed);
  }
}
