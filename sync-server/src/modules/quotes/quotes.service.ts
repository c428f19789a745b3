import { randomBytes } from 'node:crypto';
import {
  DEFAULT_QUOTE_VALIDITY_DAYS,
  QUOTE_MESSAGES,
  QUOTE_STATUSES,
  QUOTE_VALIDITY_MESSAGES,
  addDays,
  isQuoteExpired,
  utcDay,
  publicQuoteUrl,
  type DocumentListQuery,
  type Order,
  type Quote,
  type QuoteStatus,
} from '@smb/shared-types';
import type { TenantRow } from '../../db/app-tables';
import { clock } from '../../clock';
import { calendarDate } from '../../db/dates';
import type { TenantDb } from '../../db/tenant-database';
import { inTransaction } from '../../db/transaction';
import { isUniqueViolation, searchText, versionFields } from '../../db/query';
import { badRequest, conflict, orNotFound } from '../../errors';
import type { MailMessage } from '../../mail/mailer';
import { companySender, quoteMail } from '../../mail/document-mails';
import { customerDocumentLanguage } from '../pdf/document-language.service';
import { addTombstones, nextVersion } from '../../db/version';
import {
  contentChanged,
  copyLines,
  goneReferenceError,
  newDocumentId,
  prepareContent,
  writtenLines,
  type DocumentInput,
} from '../documents/document-lines';
import { documentReader, linesBy } from '../documents/document-reader';
import { documentFields, iso, partyColumns } from '../documents/document-shape';
import {
  findContact,
  findCurrencyByCode,
  findLines,
  insertNumberedQuote,
  documentDay,
  replaceLines,
} from '../documents/documents.repository';
import { insertOrderDocument, loadOrder } from '../orders/orders.service';
import type { TenantScope } from '../tenant-scope';
import * as repo from './quotes.repository';
import type { QuoteTable } from '../../db/tables/quotes.table';

type ReadScope = Pick<TenantScope, 'db' | 'tenant'>;
type Tenant = Pick<TenantRow, 'id' | 'natural_name'>;

function toQuote(
  row: repo.QuoteWithPartiesRow,
  items: Awaited<ReturnType<typeof findLines>>,
  tenant: Tenant,
): Quote {
  const validUntil = row.valid_until ? calendarDate(row.valid_until) : null;
  return {
    id: row.id,
    quoteNumber: row.quote_number,
    tenantId: tenant.id,
    tenantName: tenant.natural_name,
    ...documentFields(row, items),
    accessToken: row.access_token,
    viewedAt: iso(row.viewed_at),
    acceptedAt: iso(row.accepted_at),
    rejectedAt: iso(row.rejected_at),
    validUntil,
    expired: isQuoteExpired({ status: row.status, validUntil }, clock.now()),
    lastViewedAt: iso(row.last_viewed_at),
    viewCount: row.view_count ?? 0,
    acceptedByName: row.accepted_by_name ?? null,
    acceptedIp: row.accepted_ip ?? null,
    rejectionReason: row.rejection_reason ?? null,
    ...versionFields(row),
  };
}

/** A quote's input: the document's fields and its valid-until day (the last day it can be accepted). */
export type QuoteInput = DocumentInput & { validUntil?: string | null };

/** A real calendar day, not before today (the server's clock); 400 otherwise. */
export function checkValidUntil(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y!, (m ?? 1) - 1, d));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(date.getTime()) || utcDay(date) !== day)
    throw badRequest(QUOTE_VALIDITY_MESSAGES.invalidDate);
  if (day < utcDay(clock.now())) throw badRequest(QUOTE_VALIDITY_MESSAGES.dateInPast);
  return day;
}

const reader = documentReader({
  rowsByIds: repo.findQuotesByIds,
  lines: linesBy((db, ids) => findLines(db, 'quote', ids), 'document_id'),
  toApi: toQuote,
  notFound: QUOTE_MESSAGES.notFound,
});

/** The API quote, or 404 (unknown, malformed, or another tenant's id). */
export const loadQuote = (db: TenantDb, tenant: Tenant, id: string): Promise<Quote> =>
  reader.load(db, id, tenant);

export const getQuote = (scope: ReadScope, id: string) => loadQuote(scope.db, scope.tenant, id);

export async function listQuotes(
  scope: ReadScope,
  query: DocumentListQuery & { status?: string },
): Promise<{ items: Quote[]; total: number }> {
  const { status, ...paging } = query;
  const { rows, total } = status
    ? await repo.listQuotesByStatus(scope.db, {
        ...paging,
        q: searchText(paging),
        status,
        today: utcDay(clock.now()),
      })
    : await repo.listQuotes(scope.db, { ...paging, q: searchText(paging) });
  return { items: await reader.withLines(scope.db, rows, scope.tenant), total };
}

function checkStatus(status: string | null | undefined): QuoteStatus | undefined {
  if (status === undefined || status === null || status === '') return undefined;
  if (!(QUOTE_STATUSES as readonly string[]).includes(status))
    throw badRequest(QUOTE_MESSAGES.invalidStatus);
  return status as QuoteStatus;
}

/** Timestamps that go with a status change (the public page and the dropdown alike). */
function statusStamps(
  status: QuoteStatus,
): Partial<Pick<QuoteTable, 'accepted_at' | 'rejected_at'>> {
  if (status === 'Accepted') return { accepted_at: new Date() };
  if (status === 'Rejected') return { rejected_at: new Date() };
  return {};
}

/**
 * POST /api/quotes, mutator `quote.create`. Number and totals come from the server. Two
 * statements and no transaction of its own: the references are read, then the quote, its lines,
 * number and version are written in one statement (see `insertNumberedQuote`). Within a sync
 * push, both run in the push's transaction.
 */
export async function createQuote(scope: TenantScope, input: QuoteInput): Promise<Quote> {
  const status = checkStatus(input.status) ?? 'Draft';
  const validUntil = input.validUntil ? checkValidUntil(input.validUntil) : null;
  const id = newDocumentId(input.id);
  const content = await prepareContent(scope.db, input, null, []);
  let row: Awaited<ReturnType<typeof insertNumberedQuote>>;
  try {
    row = await insertNumberedQuote(
      scope.db,
      {
        id,
        ...content.set,
        status,
        accepted_at: null,
        rejected_at: null,
        ...statusStamps(status),
        valid_until: validUntil,
        updated_at: new Date(),
      },
      content.lines,
      documentDay(scope.tenant),
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('A quote with this id already exists');
    throw goneReferenceError(err);
  }
  // The answer is made of what was written, not read back.
  return toQuote(
    { ...row, ...partyColumns(content.parties) },
    writtenLines(id, content),
    scope.tenant,
  );
}

async function lockedQuote(trx: TenantDb, id: string) {
  return orNotFound(await repo.lockQuote(trx, id), QUOTE_MESSAGES.notFound);
}

/**
 * PUT /api/quotes/{id}, mutator `quote.update`; only the fields given are written. Recipient,
 * currency, notes and lines change only on a Draft (409 otherwise); the status alone may be set
 * to any of the five. Lines that keep their id (or position) and product keep their unit price.
 */
export async function updateQuote(
  scope: TenantScope,
  id: string,
  input: QuoteInput,
): Promise<Quote> {
  return inTransaction(scope.db, async (trx) => {
    const status = checkStatus(input.status);
    const version = await nextVersion(trx);
    const row = await lockedQuote(trx, id);
    const stored = await findLines(trx, 'quote', [row.id]);
    const current = row.valid_until ? calendarDate(row.valid_until) : null;
    const changesValidity =
      input.validUntil !== undefined && (input.validUntil || null) !== current;
    const changesDocument = contentChanged(input, row, stored);
    const changesContent = changesDocument || changesValidity;
    const changesStatus = status !== undefined && status !== row.status;
    if (!changesContent && !changesStatus) return loadQuote(trx, scope.tenant, row.id);
    if (changesContent && row.status !== 'Draft') throw conflict(QUOTE_MESSAGES.notDraft);
    const validUntil = input.validUntil ? checkValidUntil(input.validUntil) : null;
    const content = changesDocument ? await prepareContent(trx, input, row, stored) : null;
    await repo.updateQuote(trx, row.id, {
      ...content?.set,
      ...(changesValidity ? { valid_until: validUntil } : {}),
      ...(changesStatus ? { status, ...statusStamps(status) } : {}),
      version,
      updated_at: new Date(),
    });
    if (content) await replaceLines(trx, 'quote', row.id, content.lines);
    return loadQuote(trx, scope.tenant, row.id);
  });
}

/** Mutator `quote.setStatus` (and the status dropdown): any of the five statuses. */
export function setQuoteStatus(scope: TenantScope, id: string, status: string): Promise<Quote> {
  if (!checkStatus(status)) throw badRequest(QUOTE_MESSAGES.invalidStatus);
  return updateQuote(scope, id, { status });
}

/** DELETE /api/quotes/{id}, mutator `quote.delete`. Orders made from it stay and forget it. */
export async function deleteQuote(scope: TenantScope, id: string): Promise<void> {
  await inTransaction(scope.db, async (trx) => {
    const version = await nextVersion(trx);
    const row = await lockedQuote(trx, id);
    await repo.detachOrdersFromQuote(trx, row.id, version);
    await repo.deleteQuote(trx, row.id);
    await addTombstones(trx, 'quotes', [row.id], version);
  });
}

/** A fresh public-link token: 256 random bits, base64url. */
export const newAccessToken = () => randomBytes(32).toString('base64url');

/**
 * POST /api/quotes/{id}/send, mutator `quote.send`: Draft → Sent (or a re-send from Sent) with a
 * fresh access token; the old link stops working. Returns the quote and the e-mail for its
 * contact: the CALLER delivers `mail` after its transaction has committed.
 */
export async function sendQuote(
  scope: TenantScope,
  id: string,
  options: { appOrigin: string; validUntil?: string },
): Promise<{ quote: Quote; mail: MailMessage }> {
  return inTransaction(scope.db, async (trx) => {
    const version = await nextVersion(trx);
    const row = await lockedQuote(trx, id);
    if (row.status !== 'Draft' && row.status !== 'Sent') throw conflict(QUOTE_MESSAGES.cannotSend);
    const contact = row.contact_id ? await findContact(trx, row.contact_id) : undefined;
    if (!contact) throw badRequest(QUOTE_MESSAGES.selectContact);
    const validUntil = sendValidity(
      row.valid_until ? calendarDate(row.valid_until) : null,
      options.validUntil,
      scope.tenant.quote_validity_days ?? DEFAULT_QUOTE_VALIDITY_DAYS,
    );
    const token = newAccessToken();
    await repo.updateQuote(trx, row.id, {
      status: 'Sent',
      access_token: token,
      valid_until: validUntil,
      sent_by: scope.user.id,
      version,
      updated_at: new Date(),
    });
    const quote = await loadQuote(trx, scope.tenant, row.id);
    const link = publicQuoteUrl(options.appOrigin, scope.tenant.id, quote.id, token);
    const currency = await findCurrencyByCode(trx, quote.currencyCode);
    const language = await customerDocumentLanguage(trx, scope.tenant, quote.customerId);
    const sender = companySender(scope.tenant, scope.user.email);
    const mail = quoteMail(quote, contact, link, currency?.symbol ?? null, language, sender);
    return { quote, mail };
  });
}

/**
 * The valid-until day a send leaves on the quote: a new day given with the send; else
 * the one the Draft set; else the tenant's default number of days from today. A quote whose day is
 * over (an expired quote re-sent, or a Draft whose day passed) needs a new day: 409 saying so.
 */
export function sendValidity(
  current: string | null,
  given: string | undefined,
  defaultDays: number,
): string {
  if (given) return checkValidUntil(given);
  const today = utcDay(clock.now());
  if (current && current < today) throw conflict(QUOTE_VALIDITY_MESSAGES.newDateNeeded(current));
  return current ?? addDays(today, defaultDays);
}

/**
 * POST /api/quotes/{id}/convert, mutator `quote.convert`: one transaction makes the order (new SO
 * number, recipient, currency, notes, lines, rates, discounts, charges and amounts exactly, status
 * Pending)
 * and sets the quote to Converted. A second conversion answers 409 naming the order.
 */
export async function convertQuote(
  scope: TenantScope,
  id: string,
  input: { orderId?: string } = {},
): Promise<Order> {
  return inTransaction(scope.db, async (trx) => {
    const version = await nextVersion(trx);
    const row = await lockedQuote(trx, id);
    const existing = await repo.findOrderOfQuote(trx, row.id);
    if (existing) throw conflict(QUOTE_MESSAGES.alreadyConverted(existing.order_number));
    const orderId = newDocumentId(input.orderId);
    const stored = await findLines(trx, 'quote', [row.id]);
    await repo.updateQuote(trx, row.id, { status: 'Converted', version, updated_at: new Date() });
    try {
      await insertOrderDocument(
        trx,
        version,
        documentDay(scope.tenant),
        {
          id: orderId,
          quote_id: row.id,
          customer_id: row.customer_id,
          contact_id: row.contact_id,
          currency_code: row.currency_code.trim(),
          notes: row.notes,
          status: 'Pending',
          // The quote's amounts exactly: the accepted amount is the ordered amount.
          tax_rate: row.tax_rate,
          prices_include_tax: row.prices_include_tax,
          adjustments: JSON.stringify(row.adjustments),
          subtotal: row.subtotal,
          tax_amount: row.tax_amount,
          total: row.total,
          allowance_total: row.allowance_total,
          charge_total: row.charge_total,
          rounding_amount: row.rounding_amount,
          tax_breakdown: JSON.stringify(row.tax_breakdown),
        },
        copyLines(stored),
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('An order with this id already exists');
      throw err;
    }
    return loadOrder(trx, orderId);
  });
}
