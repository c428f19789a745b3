/** Reading quotes, orders, invoices and credit notes with their lines, the same way for each. */
import { isUuid } from '@smb/shared-types';
import type { TenantDb } from '../../db/tenant-database';
import { orNotFound } from '../../errors';
import { groupBy } from './document-shape';

type LinesByDocument<L> = (db: TenantDb, ids: string[]) => Promise<Map<string, L[]>>;

/** The lines of the documents `ids`, by document: `key` is the line's column naming it. */
export function linesBy<L, K extends keyof L>(
  find: (db: TenantDb, ids: string[]) => Promise<L[]>,
  key: K,
): LinesByDocument<L> {
  return async (db, ids) => groupBy(await find(db, ids), (line) => line[key] as string);
}

/**
 * How one kind of document is read: its rows by id, its lines by document, the row and its lines
 * as the API object (with what else it needs, `C`: a quote its tenant), and the 404 message.
 */
export interface DocumentReaderSpec<R extends { id: string }, L, D, C> {
  rowsByIds: (db: TenantDb, ids: string[]) => Promise<R[]>;
  lines: LinesByDocument<L>;
  toApi: (row: R, lines: L[], context: C) => D;
  notFound: string;
}

export function documentReader<R extends { id: string }, L, D, C = void>(
  spec: DocumentReaderSpec<R, L, D, C>,
) {
  /** Rows → API documents with their lines: two queries whatever the number of rows. */
  async function withLines(db: TenantDb, rows: R[], context: C): Promise<D[]> {
    const lines = await spec.lines(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => spec.toApi(row, lines.get(row.id) ?? [], context));
  }

  /** The API document, or 404 (unknown, malformed, or another tenant's id). */
  async function load(db: TenantDb, id: string, context: C): Promise<D> {
    const [row] = isUuid(id) ? await spec.rowsByIds(db, [id]) : [];
    return (await withLines(db, [orNotFound(row, spec.notFound)], context))[0]!;
  }

  return { withLines, load };
}
