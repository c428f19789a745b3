import { sql, type Updateable } from 'kysely';
import { isUuid, type ListQuery } from '@smb/shared-types';
import type { TenantDb } from '../../db/tenant-database';
import { clearReferences } from '../../db/version';
import { containingText, fetchPage, newestFirst, preparedList, rowsWithIds } from '../../db/query';
import { PARTY_COLUMNS } from '../documents/documents.repository';
import { QUOTE_COLUMN_NAMES, type QuoteTable } from '../../db/tables/quotes.table';

function fromQuotes(db: TenantDb) {
  return db
    .selectFrom('quotes as q')
    .leftJoin('customers as c', 'c.id', 'q.customer_id')
    .leftJoin('contacts as ct', 'ct.id', 'q.contact_id');
}

/** Every column of a quote, named: the list runs prepared. */
const QUOTE_COLUMNS = QUOTE_COLUMN_NAMES.map((column) => `q.${column}` as const);

const withParties = (query: ReturnType<typeof fromQuotes>) =>
  query.select([...QUOTE_COLUMNS, ...PARTY_COLUMNS]);

export type QuoteWithPartiesRow = Awaited<ReturnType<typeof findQuotesByIds>>[number];

export const findQuotesByIds = (db: TenantDb, ids: string[]) =>
  rowsWithIds(withParties(fromQuotes(db)), 'q.id', ids);

/** What a search matches: the quote number or the customer's name. */
const SEARCHED = ['q.quote_number', 'c.name'];

/** One page, newest first; `q` matches the quote number or the customer's name. */
export const listQuotes = preparedList(fromQuotes, SEARCHED, (q) =>
  newestFirst(withParties(q), 'q'),
);

/**
 * A page filtered by status: 'Expired' is Sent and past its valid-until day; 'Sent'
 * is then only the quotes still open. Newest first, like the unfiltered list.
 */
export async function listQuotesByStatus(
  db: TenantDb,
  query: ListQuery & { status: string; today: string },
) {
  let base = fromQuotes(db).$call(containingText(query.q, SEARCHED));
  const today = sql<string>`${query.today}::date`;
  if (query.status === 'Expired')
    base = base.where('q.status', '=', 'Sent').where('q.valid_until', '<', today);
  else if (query.status === 'Sent')
    base = base
      .where('q.status', '=', 'Sent')
      .where((eb) => eb.or([eb('q.valid_until', 'is', null), eb('q.valid_until', '>=', today)]));
  else base = base.where('q.status', '=', query.status as never);
  return fetchPage(base, (q) => newestFirst(withParties(q), 'q'), query);
}

/**
 * One counted view of the public page (first and last view, count): a single UPDATE of the quote's row, and only
 * when the last counted view is at least `quietMs` old (a reload, or a page loaded by several
 * scanners at once, counts once). Answers whether the view was counted.
 */
export async function countView(
  trx: TenantDb,
  id: string,
  at: Date,
  quietMs: number,
  version: string,
): Promise<boolean> {
  const since = new Date(at.getTime() - quietMs);
  const result = await trx
    .updateTable('quotes')
    .set((eb) => ({
      view_count: eb('view_count', '+', 1),
      viewed_at: eb.fn.coalesce('viewed_at', sql<Date>`${at}::timestamptz`),
      last_viewed_at: at,
      version,
      updated_at: at,
    }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_viewed_at', 'is', null), eb('last_viewed_at', '<=', since)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The quote row, locked for the rest of the transaction; undefined for an unknown or malformed id. */
export async function lockQuote(trx: TenantDb, id: string) {
  if (!isUuid(id)) return undefined;
  return trx.selectFrom('quotes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateQuote(trx: TenantDb, id: string, set: Updateable<QuoteTable>) {
  await trx.updateTable('quotes').set(set).where('id', '=', id).execute();
}

export async function deleteQuote(trx: TenantDb, id: string) {
  await trx.deleteFrom('quotes').where('id', '=', id).execute();
}

export async function findOrderOfQuote(db: TenantDb, quoteId: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'order_number'])
    .where('quote_id', '=', quoteId)
    .executeTakeFirst();
}

/** Orders made from a quote forget it when it is deleted; they change, so they get the new version. */
export async function detachOrdersFromQuote(trx: TenantDb, quoteId: string, version: string) {
  await clearReferences(trx, 'orders', 'quote_id', quoteId, { version, updated_at: new Date() });
}
