import { sql, type SelectQueryBuilder } from 'kysely';
import type { ListQuery } from '@smb/shared-types';

/** A `LIKE`/`ILIKE` pattern matching `q` anywhere, with its wildcards taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
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

/**
 * Runs a list query: the total of `base`, then one page of `ordered(base)`. `ordered` selects the
 * columns and sets a total order (ending in the primary key), so pages never overlap.
 */
export async function fetchPage<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, object>,
  ordered: (qb: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  paging: { limit?: number; offset?: number },
): Promise<Page<O>> {
  const counted = (await base
    .select(sql<string>`count(*)`.as('total'))
    .executeTakeFirstOrThrow()) as { total: string };
  const rows = await ordered(base)
    .$if(paging.limit !== undefined, (q) => q.limit(paging.limit!))
    .$if(paging.offset !== undefined, (q) => q.offset(paging.offset!))
    .execute();
  return { rows: rows as O[], total: Number(counted.total) };
}
