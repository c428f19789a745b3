import { useLiveQuery } from 'dexie-react-hooks';
import { useDatabase } from '../../db/current';
import type { SmbDatabase } from '../../db/database';
import type { ListPage } from './search';

/** What a searched list reads: every row matching the search (in list order), and how many exist. */
export type ListRead<T> = (
  db: SmbDatabase,
  search: string,
) => Promise<{ matching: T[]; all: number }>;

/**
 * One page of a searched master-data list (live). `read` is a module-level function (a new one
 * each render would read again each render).
 */
export function useListPage<T>(
  read: ListRead<T>,
  search: string,
  page: number,
  pageSize: number,
): ListPage<T> | undefined {
  const db = useDatabase();
  return useLiveQuery(async () => {
    if (!db) return { rows: [], total: 0, all: 0 };
    const { matching, all } = await read(db, search);
    const rows = matching.slice((page - 1) * pageSize, page * pageSize);
    return { rows, total: matching.length, all };
  }, [db, read, search, page, pageSize]);
}
