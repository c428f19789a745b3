import type { Updateable } from 'kysely';
import { isUuid } from '@smb/shared-types';
import type { TenantDb } from '../../db/tenant-database';
import { preparedList } from '../../db/query';
import { PARTY_COLUMNS } from '../documents/documents.repository';
import { QUOTE_COLUMN_NAMES, type QuoteTable } from './quotes.table';

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

export async function findQuotesByIds(db: TenantDb, ids: string[]) {
  if (ids.length === 0) return [];
  return withParties(fromQuotes(db)).where('q.id', 'in', ids).execute();
}

/** One page, newest first; `q` matches the quote number or the customer's name. */
export const listQuotes = preparedList(
  fromQuotes,
  (query, pattern) =>
    query.where((eb) =>
      eb.or([eb('q.quote_number', 'ilike', pattern), eb('c.name', 'ilike', pattern)]),
    ),
  (query) => withParties(query).orderBy('q.created_at', 'desc').orderBy('q.id', 'desc'),
);

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
  await trx
    .updateTable('orders')
    .set({ quote_id: null, version, updated_at: new Date() })
    .where('quote_id', '=', quoteId)
    .execute();
}
