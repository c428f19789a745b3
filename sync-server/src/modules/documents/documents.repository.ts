import { sql, type Kysely } from 'kysely';
import { documentNumber } from '@smb/shared-types';
import type { CounterTable, TenantDatabase, TenantDb } from '../../db/tenant-database';
import type { LineRow } from './document-lines';
import type { LineItemColumns } from './documents.table';

/**
 * SQL shared by quotes, orders and invoices: the master data they refer to (customers, contacts,
 * products, currencies — read here so the documents do not depend on the master-data modules),
 * document numbers, and the lines of quotes and orders.
 */

export async function findCustomer(db: TenantDb, id: string) {
  return db
    .selectFrom('customers')
    .select(['id', 'name', 'email', 'address'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findContact(db: TenantDb, id: string) {
  return db
    .selectFrom('contacts')
    .select(['id', 'customer_id', 'name', 'email', 'role'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findProducts(db: TenantDb, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('products')
    .select(['id', 'name', 'sku', 'price', 'currency_code'])
    .where('id', 'in', ids)
    .execute();
}

export async function findCurrencyByCode(db: TenantDb, code: string) {
  return db
    .selectFrom('currencies')
    .select(['code', 'symbol', 'tax_rate'])
    .where('code', '=', code)
    .executeTakeFirst();
}

/** The customer's and contact's columns of a document query joined as `c` and `ct`. */
export const PARTY_COLUMNS = [
  'c.name as customer_name',
  'c.email as customer_email',
  'c.address as customer_address',
  'ct.name as contact_name',
  'ct.email as contact_email',
  'ct.role as contact_role',
] as const;

const PREFIX: Record<CounterTable['name'], string> = { quote: 'Q', order: 'SO', invoice: 'INV' };

/**
 * The next quote/order/invoice number of the tenant (`Q-0001`, `SO-0001`, `INV-0001`). Call it in
 * the writing transaction, after `nextVersion`: the UPDATE holds the counter's row lock until
 * commit, so numbers are unique and — as a rollback also undoes the increment — gapless.
 */
export async function nextDocumentNumber(
  trx: TenantDb,
  kind: CounterTable['name'],
): Promise<string> {
  const row = await trx
    .updateTable('counters')
    .set({ value: sql<number>`value + 1` })
    .where('name', '=', kind)
    .returning('value')
    .executeTakeFirstOrThrow();
  return documentNumber(PREFIX[kind], Number(row.value));
}

/**
 * The tenant's next version and next number of `kind` in one statement: both row locks (in that
 * order), held to commit. A create that takes them last keeps the tenant's other writers waiting for one
 * statement and the commit instead of its whole transaction.
 */
export async function nextVersionAndNumber(
  trx: TenantDb,
  kind: CounterTable['name'],
): Promise<{ version: string; number: string }> {
  const row = await trx
    .with('v', (db) =>
      db
        .updateTable('sync_state')
        .set({ version: sql<string>`version + 1` })
        .returning('version'),
    )
    .with('n', (db) =>
      db
        .updateTable('counters')
        .set({ value: sql<number>`value + 1` })
        .where('name', '=', kind)
        // Runs `v` first (a one-time filter): every writer locks the version row before the
        // counter, as `nextVersion` then `nextDocumentNumber` do, so no two can deadlock.
        .where((eb) => eb.exists(eb.selectFrom('v').select('version')))
        .returning('value'),
    )
    .selectFrom(['v', 'n'])
    .select(['v.version', 'n.value'])
    .executeTakeFirstOrThrow();
  return { version: String(row.version), number: documentNumber(PREFIX[kind], Number(row.value)) };
}

/** The line tables of quotes and orders, and the column naming each line's document. */
const LINES = {
  quote: { table: 'quote_items', parent: 'quote_id' },
  order: { table: 'order_items', parent: 'order_id' },
} as const;

export type LinesOf = keyof typeof LINES;

/** Both line tables seen as one shape: the same columns, bar the parent's id (named apart). */
type LineTable = (typeof LINES)[LinesOf]['table'];
type LinesDatabase = Pick<TenantDatabase, 'products'> & Record<LineTable, LineItemColumns>;
const linesDb = (db: TenantDb) => db as unknown as Kysely<LinesDatabase>;

/** Lines of several documents in one query, with the product as it is now. */
export async function findLines(db: TenantDb, kind: LinesOf, documentIds: string[]) {
  if (documentIds.length === 0) return [];
  const { table, parent } = LINES[kind];
  const documentId = sql.ref<string>(`i.${parent}`);
  return linesDb(db)
    .selectFrom(`${table} as i`)
    .leftJoin('products as p', 'p.id', 'i.product_id')
    .selectAll('i')
    .select([
      documentId.as('document_id'),
      'p.name as current_name',
      'p.sku as current_sku',
      'p.price as current_price',
    ])
    .where(documentId, 'in', documentIds)
    .orderBy(documentId)
    .orderBy('i.position')
    .execute();
}

/** Rewrites a document's lines (lines have no version of their own; the document's was bumped). */
export async function replaceLines(
  trx: TenantDb,
  kind: LinesOf,
  documentId: string,
  lines: LineRow[],
) {
  const { table, parent } = LINES[kind];
  await linesDb(trx).deleteFrom(table).where(sql.ref(parent), '=', documentId).execute();
  await insertLines(trx, kind, documentId, lines);
}

/** The lines of a new document. */
export async function insertLines(
  trx: TenantDb,
  kind: LinesOf,
  documentId: string,
  lines: LineRow[],
) {
  const { table, parent } = LINES[kind];
  if (lines.length)
    await linesDb(trx)
      .insertInto(table)
      .values(lines.map((l) => ({ ...l, [parent]: documentId })))
      .execute();
}
