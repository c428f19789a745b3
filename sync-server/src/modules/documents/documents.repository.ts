import { sql, type Kysely } from 'kysely';
import { DOCUMENT_NUMBER_DIGITS, documentNumber } from '@smb/shared-types';
import { prepared } from '../../db/prepared';
import type { CounterTable, TenantDatabase, TenantDb } from '../../db/tenant-database';
import { QUOTE_COLUMN_NAMES, type QuoteStatus } from '../../db/tables/quotes.table';
import {
  LINE_ITEM_COLUMN_NAMES,
  type LineItemColumns,
  type LineRow,
} from '../../db/tables/documents.table';

/**
 * SQL shared by quotes, orders and invoices: the master data they refer to (customers, contacts,
 * products, currencies — read here so the documents do not depend on the master-data modules),
 * document numbers, and the lines of quotes and orders.
 */

export async function findCustomer(db: TenantDb, id: string) {
  return db
    .selectFrom('customers')
    .select(['id', 'name', 'email', 'address', 'document_language'])
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

export async function findCurrencyByCode(db: TenantDb, code: string) {
  return db
    .selectFrom('currencies')
    .select(['code', 'symbol', 'tax_rate'])
    .where('code', '=', code)
    .executeTakeFirst();
}

export { findReferences, type References } from './document-references';

/** The customer's and contact's columns of a document query joined as `c` and `ct`. */
export const PARTY_COLUMNS = [
  'c.name as customer_name',
  'c.email as customer_email',
  'c.address as customer_address',
  'ct.name as contact_name',
  'ct.email as contact_email',
  'ct.role as contact_role',
] as const;

const PREFIX: Record<CounterTable['name'], string> = {
  quote: 'Q',
  order: 'SO',
  invoice: 'INV',
  credit_note: 'CN',
};

/**
 * The next quote/order/invoice/credit note number of the tenant (`Q-0001`, `SO-0001`, `INV-0001`,
 * `CN-0001`). Call it in
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

/** A new quote's columns, as `insertNumberedQuote` writes them (the rest take their defaults). */
export interface NewQuote {
  id: string;
  customer_id: string;
  contact_id: string | null;
  currency_code: string;
  status: QuoteStatus;
  notes: string;
  subtotal: string;
  tax_rate: string;
  tax_amount: string;
  total: string;
  prices_include_tax: boolean;
  /** JSON text. */
  adjustments: string;
  allowance_total: string;
  charge_total: string;
  rounding_amount: string;
  /** JSON text. */
  tax_breakdown: string;
  accepted_at: Date | null;
  rejected_at: Date | null;
  /** The Draft's valid-until day, or null (sending sets it). */
  valid_until: string | null;
  updated_at: Date;
}

/**
 * Writes a new quote and its lines, with the tenant's next version and next quote number, in one
 * statement: the version and counter rows (locked in that order, as every writer does) stay
 * locked for that statement and its commit only — no round trip to this process while they are
 * held. One statement text whatever the number of lines (they go in as one array per column), so
 * it runs prepared. Answers the quote's row as stored; a taken id fails with a unique violation.
 */
export async function insertNumberedQuote(db: TenantDb, quote: NewQuote, lines: LineRow[]) {
  const [row] = await insertNumberedQuoteStatement(
    db,
    quote.id,
    quote.customer_id,
    quote.contact_id,
    quote.currency_code,
    quote.status,
    quote.notes,
    quote.subtotal,
    quote.tax_rate,
    quote.tax_amount,
    quote.total,
    quote.prices_include_tax,
    quote.adjustments,
    quote.allowance_total,
    quote.charge_total,
    quote.rounding_amount,
    quote.tax_breakdown,
    quote.accepted_at,
    quote.rejected_at,
    quote.valid_until,
    quote.updated_at,
    lines.map((l) => l.id),
    lines.map((l) => l.product_id),
    lines.map((l) => l.position),
    lines.map((l) => l.product_name),
    lines.map((l) => l.product_sku),
    lines.map((l) => l.quantity),
    lines.map((l) => l.unit_price),
    lines.map((l) => l.subtotal),
    lines.map((l) => l.tax_rate_id),
    lines.map((l) => l.tax_category),
    lines.map((l) => l.tax_rate),
    lines.map((l) => l.discount_kind),
    lines.map((l) => l.discount_value),
    lines.map((l) => l.discount_amount),
    lines.map((l) => l.description),
    lines.map((l) => l.unit_code),
    lines.map((l) => l.line_total),
  );
  return row!;
}

const insertNumberedQuoteStatement = prepared(
  (
    db: TenantDb,
    id: string,
    customerId: string,
    contactId: string | null,
    currencyCode: string,
    status: QuoteStatus,
    notes: string,
    subtotal: string,
    taxRate: string,
    taxAmount: string,
    total: string,
    pricesIncludeTax: boolean,
    adjustments: string,
    allowanceTotal: string,
    chargeTotal: string,
    roundingAmount: string,
    taxBreakdown: string,
    acceptedAt: Date | null,
    rejectedAt: Date | null,
    validUntil: string | null,
    updatedAt: Date,
    lineIds: string[],
    productIds: (string | null)[],
    positions: number[],
    productNames: string[],
    productSkus: (string | null)[],
    quantities: number[],
    unitPrices: string[],
    lineSubtotals: string[],
    taxRateIds: (string | null)[],
    taxCategories: string[],
    taxRates: string[],
    discountKinds: (string | null)[],
    discountValues: (string | null)[],
    discountAmounts: string[],
    descriptions: string[],
    unitCodes: string[],
    lineTotals: string[],
  ) =>
    db
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
          .where('name', '=', 'quote')
          // Runs `v` first (a one-time filter): every writer locks the version row before the
          // counter, as `nextVersion` then `nextDocumentNumber` do, so no two can deadlock.
          .where((eb) => eb.exists(eb.selectFrom('v').select('version')))
          // documentNumber, in SQL: the prefix, then the value padded to at least 4 digits.
          .returning(
            sql<string>`${PREFIX.quote}::text || '-' || lpad(value::text,
            greatest(${DOCUMENT_NUMBER_DIGITS}::int, length(value::text)), '0')`.as('number'),
          ),
      )
      .with('q', (db) =>
        db
          .insertInto('quotes')
          .values((eb) => ({
            id,
            customer_id: customerId,
            contact_id: contactId,
            currency_code: currencyCode,
            status,
            notes,
            subtotal,
            tax_rate: taxRate,
            tax_amount: taxAmount,
            total,
            prices_include_tax: sql<boolean>`${pricesIncludeTax}::boolean`,
            adjustments: sql<string>`${adjustments}::jsonb`,
            allowance_total: sql<string>`${allowanceTotal}::numeric`,
            charge_total: sql<string>`${chargeTotal}::numeric`,
            rounding_amount: sql<string>`${roundingAmount}::numeric`,
            tax_breakdown: sql<string>`${taxBreakdown}::jsonb`,
            accepted_at: acceptedAt,
            rejected_at: rejectedAt,
            valid_until: sql<string | null>`${validUntil}::date`,
            updated_at: updatedAt,
            version: eb.selectFrom('v').select('version'),
            quote_number: eb.selectFrom('n').select('number'),
          }))
          .returning(QUOTE_COLUMN_NAMES),
      )
      // The lines' reference to the quote is checked at the end of the statement, quote written.
      .with('i', (db) =>
        db
          .insertInto('quote_items')
          .columns([...LINE_ITEM_COLUMN_NAMES, 'quote_id'])
          .expression(
            sql`select l.*, ${id}::uuid from unnest(${lineIds}::uuid[], ${productIds}::uuid[],
              ${positions}::int[], ${productNames}::text[], ${productSkus}::text[],
              ${quantities}::int[], ${unitPrices}::numeric[], ${lineSubtotals}::numeric[],
              ${taxRateIds}::uuid[], ${taxCategories}::text[], ${taxRates}::numeric[],
              ${discountKinds}::text[], ${discountValues}::numeric[], ${discountAmounts}::numeric[],
              ${descriptions}::text[], ${unitCodes}::text[], ${lineTotals}::numeric[]) as l`,
          )
          .returning('id'),
      )
      .selectFrom('q')
      .selectAll(),
);

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

/**
 * The lines of some documents, in line order, with the product as it is now. One prepared statement
 * whatever the number of documents (their ids are one array parameter), so PostgreSQL plans it
 * once per connection; the columns are named, as a prepared statement needs.
 */
function linesStatement(kind: LinesOf) {
  const { table, parent } = LINES[kind];
  const documentId = sql.ref<string>(`i.${parent}`);
  return prepared((db: TenantDb, documentIds: string[]) =>
    linesDb(db)
      .selectFrom(`${table} as i`)
      .leftJoin('products as p', 'p.id', 'i.product_id')
      .select([
        ...LINE_ITEM_COLUMN_NAMES.map((column) => `i.${column}` as const),
        documentId.as('document_id'),
        'p.name as current_name',
        'p.sku as current_sku',
        'p.price as current_price',
      ])
      .where(sql<boolean>`${documentId} = any(${documentIds}::uuid[])`)
      .orderBy(documentId)
      .orderBy('i.position'),
  );
}

const LINES_STATEMENTS = { quote: linesStatement('quote'), order: linesStatement('order') };

/** Lines of several documents in one query, with the product as it is now. */
export async function findLines(db: TenantDb, kind: LinesOf, documentIds: string[]) {
  if (documentIds.length === 0) return [];
  return LINES_STATEMENTS[kind](db, documentIds);
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
