/**
 * The quote recipient's side: view, accept, reject — by tenant id, quote id and access token, with
 * no account. Every failure (malformed or unknown ids, another tenant's id, a wrong, old or missing
 * token) is the same `null`, so the routes answer one identical 404 page.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  MAX_REJECTION_REASON_LENGTH,
  MAX_SIGNER_NAME_LENGTH,
  QUOTE_VALIDITY_MESSAGES,
  type DocumentLanguage,
  isUuid,
  type CompanyDetails,
  type Quote,
} from '@smb/shared-types';
import { customerAddress, type DocumentParty } from '@smb/shared-types/documents';
import { clock } from '../clock';
import { calendarDate } from '../db/dates';
import { companyOf, logoForDocument } from '../modules/tenants/company.service';
import { documentLanguageFor } from '../modules/pdf/document-language.service';
import { findCustomerById } from '../modules/customers/customers.service';
import { findOwnerEmail } from './public-quote.repository';
import { escapeHtml } from '../mail/templates';
import type { MailMessage } from '../mail/mailer';
import type { AppContext } from '../context';
import type { TenantRow } from '../db/app-tables';
import type { TenantDb } from '../db/tenant-database';
import { findTenantById } from '../modules/auth/auth.repository';
import * as quotes from '../modules/quotes/quotes.repository';
import { loadQuote } from '../modules/quotes/quotes.service';
import { findCurrencyByCode } from '../modules/documents/documents.repository';
import { quoteDocument, type PdfFile } from '../modules/pdf/pdf.service';
import { nextVersion } from '../db/version';
import { assertTenantSchemaCurrent } from '../db/schema-version';
import type { PublicAction } from './public-quote.html';

export interface PublicQuote {
  quote: Quote;
  /** The currency's own symbol, when the tenant has the currency. */
  symbol: string | null;
  /** The company's contact details (shown on an expired quote). */
  company: CompanyDetails;
  /** The company's logo, or null. */
  logo: { contentType: string; data: Buffer } | null;
  /** The customer's document language: the page is written in it. */
  language: DocumentLanguage;
  /** The customer's address and VAT ID as they are today (the quote keeps name and e-mail). */
  buyer: Partial<DocumentParty>;
}

/** Views of one quote closer together than this count once (a reload, a scanner's burst). */
export const VIEW_QUIET_MS = 60_000;

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
  assertTenantSchemaCurrent(tenant);
  return { tenant, db: ctx.database.tenantDb(tenant.schema_name) };
}

async function authorised(db: TenantDb, quoteId: string, token: string | undefined) {
  const [row] = await quotes.findQuotesByIds(db, [quoteId.toLowerCase()]);
  return row && tokenMatches(row.access_token, token) ? row : null;
}

async function present(db: TenantDb, tenant: TenantRow, quoteId: string): Promise<PublicQuote> {
  const quote = await loadQuote(db, tenant, quoteId);
  const currency = await findCurrencyByCode(db, quote.currencyCode);
  const logo = await logoForDocument(db, tenant);
  // The customer, read once: its document language, address and VAT ID.
  const customer = quote.customerId ? await findCustomerById(db, quote.customerId) : null;
  return {
    quote,
    symbol: currency?.symbol ?? null,
    company: companyOf(tenant),
    logo,
    language: documentLanguageFor(customer, tenant),
    buyer: customerAddress(customer),
  };
}

/**
 * The quote for its link. A view by the recipient is counted (first and last view, count — one UPDATE of the quote's row, which bumps its version so the owner's devices pull it);
 * views within a minute of the last counted one, and the owner's own views (`byOwner`: the
 * request carried a session of the quote's company), are not.
 */
export async function viewQuote(
  ctx: AppContext,
  tenantId: string,
  quoteId: string,
  token: string | undefined,
  options: { byOwnerOf?: (tenantId: string) => boolean } = {},
): Promise<PublicQuote | null> {
  const at = await locate(ctx, tenantId, quoteId);
  if (!at) return null;
  const row = await authorised(at.db, quoteId, token);
  if (!row) return null;
  const now = clock.now();
  const quiet = row.last_viewed_at && now.getTime() - row.last_viewed_at.getTime() < VIEW_QUIET_MS;
  if (!quiet && !options.byOwnerOf?.(at.tenant.id)) {
    await at.db.transaction().execute(async (trx) => {
      const version = await nextVersion(trx);
      await quotes.countView(trx, row.id, now, VIEW_QUIET_MS, version);
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
 * The quote's document for the holder of its public link, or null for every failure the public
 * page answers 404 to (ids, tenant, wrong or rotated token). Never records a view.
 */
export async function publicQuoteDocument(
  ctx: AppContext,
  tenantId: string,
  quoteId: string,
  token: string | undefined,
): Promise<PdfFile | null> {
  const found = await peekQuote(ctx, tenantId, quoteId, token);
  if (!found) return null;
  const tenant = await findTenantById(ctx.database.db, found.quote.tenantId);
  if (!tenant) return null;
  return quoteDocument({ db: ctx.database.tenantDb(tenant.schema_name), tenant }, found.quote.id);
}

/** What the recipient gives with an answer: a signer's name to accept, a reason to decline. */
export interface ResponseInput {
  /** Accept: the signer's full name (required). */
  signerName?: string;
  /** Decline: an optional reason, plain text. */
  reason?: string;
  /** The address the answer came from. */
  ip: string;
}

/** Why an answer was refused: the page shows the message (400: fix the form; 409: expired). */
export type Refusal = { refused: 400 | 409; message: string; found: PublicQuote };

/** Collapses line breaks and runs of spaces in a name; trims. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
/** Plain text: CR/LF to LF, other control characters dropped, trimmed. */
// eslint-disable-next-line no-control-regex -- dropping control characters is the point
const CONTROL = new RegExp('[\\u0000-\\u0008\\u000b-\\u001f\\u007f]', 'g');
const plainText = (text: string) => text.replace(/\r\n?/g, '\n').replace(CONTROL, '').trim();

function checkResponse(action: PublicAction, input: ResponseInput): string | null {
  if (action === 'accept') {
    const name = oneLine(input.signerName ?? '');
    if (!name) return QUOTE_VALIDITY_MESSAGES.signerRequired;
    if (name.length > MAX_SIGNER_NAME_LENGTH) return QUOTE_VALIDITY_MESSAGES.signerTooLong;
  } else if (plainText(input.reason ?? '').length > MAX_REJECTION_REASON_LENGTH) {
    return QUOTE_VALIDITY_MESSAGES.reasonTooLong;
  }
  return null;
}

/**
 * POST accept/reject: Sent → Accepted / Rejected with its timestamp (and the first view, if the
 * recipient never loaded the page). Accept records the signer's full name and IP address; reject
 * its optional reason. An expired quote is refused (409, "This quote expired on …"); a missing
 * name or too long a reason is refused (400). A quote that is no longer Sent is returned unchanged.
 * The owner's e-mail (`mail`) is for the caller to send after the commit.
 */
export async function respondToQuote(
  ctx: AppContext,
  tenantId: string,
  quoteId: string,
  token: string | undefined,
  action: PublicAction,
  input: ResponseInput = { ip: '' },
): Promise<(PublicQuote & { mail?: MailMessage }) | Refusal | null> {
  const at = await locate(ctx, tenantId, quoteId);
  if (!at) return null;
  const row = await authorised(at.db, quoteId, token);
  if (!row) return null;
  if (row.status === 'Sent') {
    const expiredOn = row.valid_until ? calendarDate(row.valid_until) : null;
    const now = clock.now();
    if (expiredOn && expiredOn < now.toISOString().slice(0, 10))
      return {
        refused: 409,
        message: QUOTE_VALIDITY_MESSAGES.expired(expiredOn),
        found: await present(at.db, at.tenant, row.id),
      };
    const problem = checkResponse(action, input);
    if (problem)
      return { refused: 400, message: problem, found: await present(at.db, at.tenant, row.id) };
    const answered = await at.db.transaction().execute(async (trx) => {
      const version = await nextVersion(trx);
      const locked = await quotes.lockQuote(trx, row.id);
      if (!locked || locked.status !== 'Sent' || !tokenMatches(locked.access_token, token))
        return false;
      const reason = plainText(input.reason ?? '');
      await quotes.updateQuote(trx, row.id, {
        status: action === 'accept' ? 'Accepted' : 'Rejected',
        ...(action === 'accept'
          ? {
              accepted_at: now,
              accepted_by_name: oneLine(input.signerName ?? ''),
              accepted_ip: input.ip.slice(0, 64) || null,
            }
          : { rejected_at: now, rejection_reason: reason || null }),
        viewed_at: locked.viewed_at ?? now,
        version,
        updated_at: now,
      });
      return true;
    });
    const found = await present(at.db, at.tenant, row.id);
    if (!answered) return found;
    const owner = await findOwnerEmail(ctx.database.db, at.tenant.id, row.sent_by);
    return { ...found, mail: owner ? ownerMail(found.quote, owner) : undefined };
  }
  return present(at.db, at.tenant, row.id);
}

/** "Quote Q-12 was accepted by Jane Roe" / "Quote Q-12 was declined", to the quote's owner. */
export function ownerMail(quote: Quote, to: string): MailMessage {
  const accepted = quote.status === 'Accepted';
  const subject = (
    accepted
      ? QUOTE_VALIDITY_MESSAGES.acceptedMail(quote.quoteNumber, quote.acceptedByName ?? '')
      : QUOTE_VALIDITY_MESSAGES.declinedMail(quote.quoteNumber)
  ).replace(/[\r\n]+/g, ' ');
  const customer = quote.customer?.name ?? 'The customer';
  const lines = accepted
    ? [`${subject}.`, `${customer} accepted it on the quote's public page.`]
    : [
        `${subject} by ${customer}.`,
        quote.rejectionReason
          ? `Reason given:\n\n${quote.rejectionReason}`
          : 'No reason was given.',
      ];
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937">
${lines.map((line) => `<p style="white-space:pre-wrap">${escapeHtml(line)}</p>`).join('\n')}
</body></html>`;
  return { to, subject, text: lines.join('\n\n'), html };
}
