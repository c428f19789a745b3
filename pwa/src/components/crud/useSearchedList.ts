import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useLiveQuery } from 'dexie-react-hooks';
import { useDatabase } from '../../db/current';
import type { SmbDatabase } from '../../db/database';
import type { ListPage } from './search';
import { PAGE_SIZE } from './TablePager';

/** What a searched list reads: every row matching the search (in list order), and how many exist. */
export type ListRead<T> = (
  db: SmbDatabase,
  search: string,
) => Promise<{ matching: T[]; all: number }>;

/** A searched master-data list as `CrudListScreen` shows it: the page, its number, the search. */
export interface SearchedList<T> {
  /** The page shown; undefined while loading. */
  page: ListPage<T> | undefined;
  pageNumber: number;
  setPageNumber: (page: number) => void;
  /** The text in the search box. */
  search: string;
  /** The search the page was read for (debounced, when the list debounces). */
  searched: string;
  setSearch: (search: string) => void;
}

/**
 * One page of a searched master-data list (live), PAGE_SIZE rows, with its search and page
 * number. `read` is a module-level function (a new one each render would read again each render);
 * `debounceMs` waits for typing to pause before reading (none by default).
 */
export function useSearchedList<T>(read: ListRead<T>, debounceMs = 0): SearchedList<T> {
  const db = useDatabase();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, debounceMs);
  const searched = debounceMs > 0 ? debounced : search;
  const [pageNumber, setPageNumber] = useState(1);
  const page = useLiveQuery(async () => {
    if (!db) return { rows: [], total: 0, all: 0 };
    const { matching, all } = await read(db, searched);
    const rows = matching.slice((pageNumber - 1) * PAGE_SIZE, pageNumber * PAGE_SIZE);
    return { rows, total: matching.length, all };
  }, [db, read, searched, pageNumber]);
  return { page, pageNumber, setPageNumber, search, searched, setSearch };
}
