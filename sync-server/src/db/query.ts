import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { ListQuery } from '@smb/shared-types';
import { prepared } from './prepared';
import type { TenantDatabase } from './tenant-database';

/** A `LIKE`/`ILIKE` pattern matching `q` anywhere, with its wildcards taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Keeps the rows where any of `columns` contains `q` (case-insensitive, its wildcards taken
 * literally); without search text the query is left as it is. For a select's `$call`.
 */
export function containingText(q: string | undefined, columns: readonly string[]) {
  return <DB, TB extends keyof DB, O>(
    query: SelectQueryBuilder<DB, TB, O>,
  ): SelectQueryBuilder<DB, TB, O> =>
    q === undefined ? query : matchingAny(columns)(query, containsPattern(q));
}

/** Keeps the rows where any of `columns` matches an `ILIKE` pattern. */
function matchingAny(columns: readonly string[]) {
  return <DB, TB extends keyof DB, O>(
    query: SelectQueryBuilder<DB, TB, O>,
    pattern: string,
  ): SelectQueryBuilder<DB, TB, O> =>
    query.where((eb) => eb.or(columns.map((column) => eb(sql.ref(column), 'ilike', pattern))));
}

/** Newest first, then by id (a total order), for the table joined as `alias`: document lists. */
export const newestFirst = <DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  alias: string,
) => query.orderBy(sql.ref(`${alias}.created_at`), 'desc').orderBy(sql.ref(`${alias}.id`), 'desc');

/** The rows of `query` whose `column` is one of `ids`; no statement when there are none. */
export async function rowsWithIds<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  column: string,
  ids: readonly string[],
) {
  if (ids.length === 0) return [];
  return query.where(sql.ref(column), 'in', ids).execute();
}

/** The trimmed search text, or undefined when there is none. */
export function searchText(query: Pick<ListQuery, 'q'>): string | undefined {
  const q = query.q?.trim();
  return q ? q : undefined;
}

/** PostgreSQL's unique_violation, optionally on one constraint. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string };
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/** PostgreSQL's foreign_key_violation (a RESTRICT reference still exists). */
export function isForeignKeyViolation(err: unknown): boolean {
  return (err as { code?: string })?.code === '23503';
}

export interface Page<T> {
  rows: T[];
  total: number;
}

/** Fields of a row every synced API object carries. */
export function versionFields(row: { version: string; updated_at: Date }) {
  return { version: String(row.version), updatedAt: row.updated_at.toISOString() };
}

/** The column a page's total comes in; no table has it (documents have a `total` of their own). */
const PAGE_TOTAL = '_page_total';
type WithTotal<O> = O & Record<typeof PAGE_TOTAL, string>;

const countOf = <DB, TB extends keyof DB>(base: SelectQueryBuilder<DB, TB, object>) =>
  base.select(sql<string>`count(*)`.as(PAGE_TOTAL));

/**
 * The page and the total from a page's rows (each carries the total). Only a page past the end,
 * which carries no row to read it from, costs a second statement.
 */
async function toPage<DB, TB extends keyof DB, O>(
  rows: WithTotal<O>[],
  base: () => SelectQueryBuilder<DB, TB, object>,
  offset: number | undefined,
): Promise<Page<O>> {
  if (rows.length > 0) return { rows: rows.map(withoutTotal), total: Number(rows[0]![PAGE_TOTAL]) };
  if (!offset) return { rows: [], total: 0 };
  const counted = (await countOf(base()).executeTakeFirstOrThrow()) as WithTotal<object>;
  return { rows: [], total: Number(counted[PAGE_TOTAL]) };
}

function withoutTotal<O>({ [PAGE_TOTAL]: _total, ...row }: WithTotal<O>): O {
  return row as unknown as O;
}

/**
 * Runs a list query: one page of `ordered(base)` and the total of `base`, in one statement (the
 * total is an uncorrelated subquery, computed once, from the same snapshot as the page). `ordered`
 * selects the columns and sets a total order (ending in the primary key), so pages never overlap.
 */
export async function fetchPage<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, object>,
  ordered: (qb: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  paging: { limit?: number; offset?: number },
): Promise<Page<O>> {
  const rows = (await ordered(base)
    .select(countOf(base).as(PAGE_TOTAL))
    .$if(paging.limit !== undefined, (q) => q.limit(paging.limit!))
    .$if(paging.offset !== undefined, (q) => q.offset(paging.offset!))
    .execute()) as WithTotal<O>[];
  return toPage(rows, () => base, paging.offset);
}

/**
 * `fetchPage` for the busiest lists, as two prepared statements per database handle (see
 * `prepared`): all rows, and rows where any of the `searched` columns matches a search pattern.
 * Limit and offset are parameters (a null limit: all rows). `ordered` must name its columns.
 */
export function preparedList<D, DB, TB extends keyof DB, O>(
  from: (db: Kysely<D>) => SelectQueryBuilder<DB, TB, object>,
  searched: readonly string[],
  ordered: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
) {
  const search = matchingAny(searched);
  const page = (base: SelectQueryBuilder<DB, TB, object>, limit: number | null, offset: number) =>
    ordered(base).select(countOf(base).as(PAGE_TOTAL)).limit(limit).offset(offset);
  const all = prepared((db: Kysely<D>, limit: number | null, offset: number) =>
    page(from(db), limit, offset),
  );
  const matching = prepared(
    (db: Kysely<D>, pattern: string, limit: number | null, offset: number) =>
      page(search(from(db), pattern), limit, offset),
  );
  return async (db: Kysely<D>, paging: ListQuery): Promise<Page<O>> => {
    const { limit = null, offset = 0 } = paging;
    const pattern = paging.q === undefined ? undefined : containsPattern(paging.q);
    const rows = (
      pattern === undefined
        ? await all(db, limit, offset)
        : await matching(db, pattern, limit, offset)
    ) as WithTotal<O>[];
    const base = () => (pattern === undefined ? from(db) : search(from(db), pattern));
    return toPage(rows, base, offset);
  };
}

/** Whole rows by name (case-insensitive), then id: the order of the customer and contact lists. */
export const inNameOrder = <TB extends 'customers' | 'contacts'>(
  q: SelectQueryBuilder<TenantDatabase, TB, object>,
) =>
  q
    .selectAll()
    .orderBy((eb) => eb.fn('lower', [eb.ref('name')]))
    .orderBy('id');
