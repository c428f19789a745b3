/**
 * The quote recipient's side: view, accept, reject — by tenant id, quote id and access token, with
 * no account. Every failure (malformed or unknown ids, another tenant's id, a wrong, old or missing
 * token) is the same `null`, so the routes answer one identical 404 page.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { isUuid, type Quote } from '@smb/shared-types';
import type { AppContext } from '../context';
import type { TenantRow } from '../db/app-tables';
import type { TenantDb } from '../db/tenant-database';
import { findTenantById } from '../modules/auth/auth.repository';
import * as quotes from '../modules/quotes/quotes.repository';
import { loadQuote } from '../modules/quotes/quotes.service';
import { findCurrencyByCode } from '../modules/documents/documents.repository';
import { nextVersion } from '../sync/version';
import type { PublicAction } from './public-quote.html';

export interface PublicQuote {
  quote: Quote;
  /** The currency's own symbol, when the tenant has the currency. */
  symbol: string | null;
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Constant-time comparison (hashing first makes the lengths equal). */
export function tokenMatches(stored: string | null, given: string | undefined): boolean {
  if (!stored || !given) return false;
  return timingSafeEqual(digest(stored), digest(given));
}

interface Located {
  tenant: TenantRow;
  db: TenantDb;
}

/** The tenant's schema comes from app.tenants by id — never from input. */
async function locate(ctx: AppContext, tenantId: string, quoteId: string): Promise<Located | null> {
  if (!isUuid(tenantId) || !isUuid(quoteId)) return null;
  const tenant = await findTenantById(ctx.database.db, tenantId.toLowerCase());
  if (!tenant) return null;
  return { tenant, db: ctx.database.tenantDb(tenant.schema_name) };
}

async function authorised(db: TenantDb, quoteId: string, token: string | undefined) {
  const [row] = await quotes.findQuotesByIds(db, [quoteId.toLowerCase()]);
  return row && tokenMatches(row.access_token, token) ? row : null;
}

async function present(db: TenantDb, tenant: TenantRow, quoteId: string): Promise<PublicQuote> {
  const quote = await loadQuote(db, tenant, quoteId);
  const currency = await findCurrencyByCode(db, quote.currencyCode);
  return { quote, symbol: currency?.symbol ?? null };
}

/** The quote for its link; records the first view (which bumps the quote's version). */
export async function viewQuote(
  ctx: AppContext,
  tenantId: string,
  quoteId: string,
  token: string | undefined,
): Promise<PublicQuote | null> {
  const at = await locate(ctx, tenantId, quoteId);
  if (!at) return null;
  const row = await authorised(at.db, quoteId, token);
  if (!row) return null;
  if (!row.viewed_at) {
    await at.db.transaction().execute(async (trx) => {
      const version = await nextVersion(trx);
      await trx
        .updateTable('quotes')
        .set({ viewed_at: new Date(), version, updated_at: new Date() })
        .where('id', '=', row.id)
        .where('viewed_at', 'is', null)
        .execute();
    });
  }
  return present(at.db, at.tenant, row.id);
}

/** GET on accept/reject: the quote, unchanged (links get followed by mail scanners). */
export async function peekQuote(
  ctx: AppContext,
  tenantId: string,
  quoteId: string,
  token: string | undefined,
): Promise<PublicQuote | null> {
  const at = await locate(ctx, tenantId, quoteId);
  if (!at) return null;
  const row = await authorised(at.db, quoteId, token);
  return row ? present(at.db, at.tenant, row.id) : null;
}

/**
 * POST accept/reject: Sent → Accepted / Rejected with its timestamp (and the first view, if the
 * recipient never loaded the page). A quote that is no longer Sent is returned unchanged.
 */
export async function respondToQuote(
  ctx: AppContext,
  tenantId: string,
  quoteId: string,
  token: string | undefined,
  action: PublicAction,
): Promise<PublicQuote | null> {
  const at = await locate(ctx, tenantId, quoteId);
  if (!at) return null;
  const row = await authorised(at.db, quoteId, token);
  if (!row) return null;
  if (row.status === 'Sent') {
    await at.db.transaction().execute(async (trx) => {
      const version = await nextVersion(trx);
      const locked = await quotes.lockQuote(trx, row.id);
      if (!locked || locked.status !== 'Sent' || !tokenMatches(locked.access_token, token)) return;
      const now = new Date();
      await quotes.updateQuote(trx, row.id, {
        status: action === 'accept' ? 'Accepted' : 'Rejected',
        ...(action === 'accept' ? { accepted_at: now } : { rejected_at: now }),
        viewed_at: locked.viewed_at ?? now,
        version,
        updated_at: now,
      });
    });
  }
  return present(at.db, at.tenant, row.id);
}
