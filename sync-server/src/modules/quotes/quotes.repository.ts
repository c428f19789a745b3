import type { Insertable, Updateable } from 'kysely';
import type { TenantDb } from '../../db/tenant-database';
import type { LineRow } from './document-lines';
import type { QuoteTable } from './quotes.table';

/** `%`, `_` and `\` match themselves in an ILIKE pattern. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function selectQuotes(db: TenantDb) {
  return db
    .selectFrom('quotes as q')
    .leftJoin('customers as c', 'c.id', 'q.customer_id')
    .leftJoin('contacts as ct', 'ct.id', 'q.contact_id')
    .selectAll('q')
    .select([
      'c.name as customer_name',
      'c.email as customer_email',
      'c.address as customer_address',
      'ct.name as contact_name',
      'ct.email as contact_email',
      'ct.role as contact_role',
    ]);
}

export type QuoteWithPartiesRow = Awaited<ReturnType<typeof findQuotesByIds>>[number];

export async function findQuotesByIds(db: TenantDb, ids: string[]) {
  if (ids.length === 0) return [];
  return selectQuotes(db).where('q.id', 'in', ids).execute();
}

/** One page, newest first; `q` matches the quote number or the customer's name. */
export async function listQuotes(
  db: TenantDb,
  page: { limit?: number; offset?: number; q?: string },
) {
  let query = selectQuotes(db);
  let count = db.selectFrom('quotes as q').leftJoin('customers as c', 'c.id', 'q.customer_id');
  if (page.q) {
    const pattern = likePattern(page.q);
    query = query.where((eb) =>
      eb.or([eb('q.quote_number', 'ilike', pattern), eb('c.name', 'ilike', pattern)]),
    );
    count = count.where((eb) =>
      eb.or([eb('q.quote_number', 'ilike', pattern), eb('c.name', 'ilike', pattern)]),
    );
  }
  query = query.orderBy('q.created_at', 'desc').orderBy('q.id', 'desc');
  if (page.limit !== undefined) query = query.limit(page.limit);
  if (page.offset) query = query.offset(page.offset);
  const [rows, total] = await Promise.all([
    query.execute(),
    count.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The quote row, locked for the rest of the transaction. */
export async function lockQuote(trx: TenantDb, id: string) {
  return trx.selectFrom('quotes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function quoteIdExists(db: TenantDb, id: string): Promise<boolean> {
  return !!(await db.selectFrom('quotes').select('id').where('id', '=', id).executeTakeFirst());
}

/** Lines of several quotes in one query, with the product as it is now. */
export async function findQuoteItems(db: TenantDb, quoteIds: string[]) {
  if (quoteIds.length === 0) return [];
  return db
    .selectFrom('quote_items as i')
    .leftJoin('products as p', 'p.id', 'i.product_id')
    .selectAll('i')
    .select(['p.name as current_name', 'p.sku as current_sku', 'p.price as current_price'])
    .where('i.quote_id', 'in', quoteIds)
    .orderBy('i.quote_id')
    .orderBy('i.position')
    .execute();
}

export async function insertQuote(trx: TenantDb, row: Insertable<QuoteTable>) {
  await trx.insertInto('quotes').values(row).execute();
}

export async function updateQuote(trx: TenantDb, id: string, set: Updateable<QuoteTable>) {
  await trx.updateTable('quotes').set(set).where('id', '=', id).execute();
}

/** Rewrites a quote's lines (lines have no version of their own; the quote's was bumped). */
export async function replaceQuoteItems(trx: TenantDb, quoteId: string, lines: LineRow[]) {
  await trx.deleteFrom('quote_items').where('quote_id', '=', quoteId).execute();
  if (lines.length)
    await trx
      .insertInto('quote_items')
      .values(lines.map((l) => ({ ...l, quote_id: quoteId })))
      .execute();
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
