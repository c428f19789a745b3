/** Reading quotes, orders, invoices and credit notes with their lines, the same way for each. */
import { isUuid } from '@smb/shared-types';
import type { TenantDb } from '../../db/tenant-database';
import { orNotFound } from '../../errors';
import { groupBy } from './document-shape';

/**
 * How one kind of document is read: its rows by id, its lines (and the document a line belongs
 * to), the row and its lines as the API object (with what else it needs, `C`: a quote its
 * tenant), and the 404 message.
 */
export interface DocumentReaderSpec<R extends { id: string }, L, D, C> {
  rowsByIds: (db: TenantDb, ids: string[]) => Promise<R[]>;
  lines: (db: TenantDb, ids: string[]) => Promise<L[]>;
  lineOf: (line: L) => string;
  toApi: (row: R, lines: L[], context: C) => D;
  notFound: string;
}

export function documentReader<R extends { id: string }, L, D, C = void>(
  spec: DocumentReaderSpec<R, L, D, C>,
) {
  /** Rows → API documents with their lines: two queries whatever the number of rows. */
  async function withLines(db: TenantDb, rows: R[], context: C): Promise<D[]> {
    const lines = groupBy(
      await spec.lines(
        db,
        rows.map((r) => r.id),
      ),
      spec.lineOf,
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
