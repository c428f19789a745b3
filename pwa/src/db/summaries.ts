import {
  cmp,
  type DBCore,
  type DBCoreKeyRange,
  type DBCoreMutateRequest,
  type DBCoreMutateResponse,
  type DBCoreTable,
  type DBCoreTransaction,
  type Middleware,
  type Transaction,
} from 'dexie';
import type { InvoiceRow, PaymentRow, QuoteRow } from './types';

/**
 * Compact summaries of quotes, invoices and payments: what the dashboard's figures read
 * instead of the whole documents (no line items, notes, addresses or reminders).
 *
 * The summaries of one table are packed into SUMMARY_BUCKETS records (`quotes:0` … `quotes:63`,
 * each a map from row id to its summary, stored as one JSON string), so the dashboard reads ~200
 * strings instead of tens of thousands of rows: IndexedDB's read cost is per record and per object
 * it deserialises, and JSON.parse of the same data is several times faster. A Dexie middleware keeps them in the
 * SAME IndexedDB transaction as every write to those tables — local mutations, rebases, pull pages,
 * restores, clears — so the summaries never drift from the rows (a failed write aborts both).
 */

/** The fields each table's summary keeps, in stored order (the id first). */
const QUOTE_FIELDS = [
  'id',
  'status',
  'total',
  'currencyCode',
  'validUntil',
  'acceptedAt',
  'rejectedAt',
  'updatedAt',
] as const;
const INVOICE_FIELDS = [
  'id',
  'customerId',
  'customerName',
  'currencyCode',
  'status',
  'total',
  'amountPaid',
  'creditedAmount',
  'issueDate',
  'dueDate',
  'createdAt',
] as const;
const PAYMENT_FIELDS = ['id', 'invoiceId', 'amount', 'paidOn'] as const;

export type QuoteSummary = Pick<QuoteRow, (typeof QUOTE_FIELDS)[number]>;
export type InvoiceSummary = Pick<InvoiceRow, (typeof INVOICE_FIELDS)[number]>;
export type PaymentSummary = Pick<PaymentRow, (typeof PAYMENT_FIELDS)[number]>;

/** The row's `fields`; one named in `absent` takes that value where the row has none (older rows). */
function summaryOf<R, K extends keyof R>(
  row: R,
  fields: readonly K[],
  absent: Partial<Pick<R, K>> = {},
): Pick<R, K> {
  const summary = {} as Pick<R, K>;
  for (const field of fields)
    summary[field] = field in absent ? ((row[field] ?? absent[field]) as R[K]) : row[field];
  return summary;
}

export const quoteSummary = (q: QuoteRow): QuoteSummary =>
  summaryOf(q, QUOTE_FIELDS, { validUntil: null, acceptedAt: null, rejectedAt: null });

export const invoiceSummary = (i: InvoiceRow): InvoiceSummary =>
  summaryOf(i, INVOICE_FIELDS, {
    amountPaid: 0,
    creditedAmount: 0,
    issueDate: null,
    dueDate: null,
  });

export const paymentSummary = (p: PaymentRow): PaymentSummary => summaryOf(p, PAYMENT_FIELDS);

/** The summarised tables, how one row is summarised, and the summary's fields. */
const SUMMARISE = {
  quotes: quoteSummary,
  invoices: invoiceSummary,
  payments: paymentSummary,
} as const;
const FIELDS = { quotes: QUOTE_FIELDS, invoices: INVOICE_FIELDS, payments: PAYMENT_FIELDS };
export type SummarisedTable = keyof typeof SUMMARISE;
export const SUMMARISED_TABLES = Object.keys(SUMMARISE) as SummarisedTable[];
const isSummarised = (name: string): name is SummarisedTable => name in SUMMARISE;
const summarise = (table: SummarisedTable, row: unknown) =>
  (SUMMARISE[table] as (r: unknown) => { id: string })(row);

/** The table holding the summary buckets. */
export const SUMMARY_TABLE = 'summaries';
export const SUMMARY_BUCKETS = 64;

/** One stored bucket: the summaries of the rows of `table` whose id hashes to `key`'s number. */
export interface SummaryBucket {
  /** `<table>:<n>`. */
  key: string;
  table: SummarisedTable;
  /** JSON of an array of summaries, each an array of its FIELDS' values (the id first). */
  entries: string;
}

/** A bucket while a transaction changes it: summaries by id. */
interface OpenBucket {
  key: string;
  table: SummarisedTable;
  entries: Map<string, Record<string, unknown>>;
}

const stored = (b: OpenBucket): SummaryBucket => {
  const fields = FIELDS[b.table] as readonly string[];
  const rows: unknown[][] = [];
  for (const summary of b.entries.values()) rows.push(fields.map((f) => summary[f]));
  return { key: b.key, table: b.table, entries: JSON.stringify(rows) };
};

/** A stored bucket's summaries as objects. */
function read(b: SummaryBucket): Record<string, unknown>[] {
  const fields = FIELDS[b.table] as readonly string[];
  return (JSON.parse(b.entries) as unknown[][]).map((values) => {
    const summary: Record<string, unknown> = {};
    for (let i = 0; i < fields.length; i++) summary[fields[i]!] = values[i];
    return summary;
  });
}

/** FNV-1a over the id's UTF-16 units: a stable spread of ids over the buckets. */
function bucketKey(table: SummarisedTable, id: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `${table}:${(h >>> 0) % SUMMARY_BUCKETS}`;
}

const allBucketKeys = (table: SummarisedTable) =>
  Array.from({ length: SUMMARY_BUCKETS }, (_, n) => `${table}:${n}`);

/** Every stored summary of the three tables, from one read of the buckets. */
export function unpackSummaries(buckets: readonly SummaryBucket[]): {
  quotes: QuoteSummary[];
  invoices: InvoiceSummary[];
  payments: PaymentSummary[];
} {
  const out = { quotes: [] as unknown[], invoices: [] as unknown[], payments: [] as unknown[] };
  for (const b of buckets) for (const summary of read(b)) out[b.table].push(summary);
  return out as ReturnType<typeof unpackSummaries>;
}

/** Fills the buckets from the rows already stored (the schema upgrade that adds them). */
export async function fillSummaries(tx: Transaction): Promise<void> {
  await tx.table(SUMMARY_TABLE).clear();
  for (const table of SUMMARISED_TABLES) {
    const buckets = new Map(
      allBucketKeys(table).map((key) => [key, { key, table, entries: new Map() } as OpenBucket]),
    );
    await tx.table(table).each((row: { id: string }) => {
      buckets.get(bucketKey(table, row.id))!.entries.set(row.id, summarise(table, row));
    });
    await tx.table(SUMMARY_TABLE).bulkPut([...buckets.values()].map(stored));
  }
}

function inRange(key: unknown, range: DBCoreKeyRange): boolean {
  if (range.lower !== undefined) {
    const c = cmp(key, range.lower);
    if (c < 0 || (c === 0 && range.lowerOpen)) return false;
  }
  if (range.upper !== undefined) {
    const c = cmp(key, range.upper);
    if (c > 0 || (c === 0 && range.upperOpen)) return false;
  }
  return true;
}

/**
 * The buckets a transaction has read, shared by all its writes: they change the same objects, and
 * each write puts the buckets it changed, so the last put holds every change (no lost update when
 * writes of one transaction run concurrently).
 */
const loaded = new WeakMap<DBCoreTransaction, Map<string, Promise<OpenBucket>>>();

function bucketsOf(
  store: DBCoreTable,
  trans: DBCoreTransaction,
  keys: readonly string[],
): Promise<OpenBucket[]> {
  let cache = loaded.get(trans);
  if (!cache) loaded.set(trans, (cache = new Map()));
  const missing = [...new Set(keys)].filter((k) => !cache.has(k));
  if (missing.length > 0) {
    const fetched = store.getMany({ trans, keys: missing });
    missing.forEach((key, i) =>
      cache.set(
        key,
        fetched.then((rows): OpenBucket => {
          const row = rows[i] as SummaryBucket | undefined;
          const table = key.slice(0, key.indexOf(':')) as SummarisedTable;
          const entries = new Map(row ? read(row).map((e) => [e.id as string, e]) : []);
          return { key, table, entries };
        }),
      ),
    );
  }
  return Promise.all(keys.map((k) => cache.get(k)!));
}

/**
 * The DBCore middleware: every readwrite transaction over a summarised table also spans the
 * summary table, and every successful put/add/delete/clear of those rows is mirrored on the
 * summaries in that transaction. Inactive on a store opened at a version without the table.
 */
export const summaryMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'Summaries',
  create(down: DBCore): Partial<DBCore> {
    if (!down.schema.tables.some((t) => t.name === SUMMARY_TABLE)) return {};
    const store = down.table(SUMMARY_TABLE);
    return {
      transaction(stores, mode, options) {
        const wide =
          mode === 'readwrite' && stores.some(isSummarised) && !stores.includes(SUMMARY_TABLE);
        return down.transaction(wide ? [...stores, SUMMARY_TABLE] : stores, mode, options);
      },
      table(name) {
        const table = down.table(name);
        if (!isSummarised(name)) return table;
        const mirror = async (req: DBCoreMutateRequest, res: DBCoreMutateResponse) => {
          const { trans } = req;
          let changes: { key: string; apply: (b: OpenBucket) => void }[];
          if (req.type === 'deleteRange') {
            changes = allBucketKeys(name).map((key) => ({
              key,
              apply: (b) => {
                for (const id of [...b.entries.keys()])
                  if (inRange(id, req.range)) b.entries.delete(id);
              },
            }));
          } else if (req.type === 'delete') {
            changes = req.keys
              .filter((_, i) => !res.failures[i])
              .map((id: string) => ({
                key: bucketKey(name, id),
                apply: (b) => b.entries.delete(id),
              }));
          } else {
            changes = req.values
              .filter((_, i) => !res.failures[i])
              .map((row) => {
                const summary = summarise(name, row);
                return {
                  key: bucketKey(name, summary.id),
                  apply: (b) => b.entries.set(summary.id, summary),
                };
              });
          }
          if (changes.length === 0) return;
          const buckets = await bucketsOf(
            store,
            trans,
            changes.map((c) => c.key),
          );
          changes.forEach((c, i) => c.apply(buckets[i]!));
          const touched = [...new Set(buckets)];
          await store.mutate({ type: 'put', trans, values: touched.map(stored) });
        };
        return {
          ...table,
          async mutate(req) {
            const res = await table.mutate(req);
            await mirror(req, res);
            return res;
          },
        };
      },
    };
  },
};
