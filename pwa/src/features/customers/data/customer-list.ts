import { useLiveQuery } from 'dexie-react-hooks';
import { useDatabase } from '../../../db/current';
import type { CustomerRow } from '../../../db/types';
import { matchesSearch, type ListPage } from '../../../components/crud/search';

const matches = (search: string) => (c: CustomerRow) =>
  matchesSearch(search, c.name, c.email, c.phoneNumber, c.address, c.address2);

/**
 * One page of customers by name, searched by name, email, phone or address (live). Reads the
 * name index page by page, so thousands of customers never sit in React state.
 */
export function useCustomerPage(
  search: string,
  page: number,
  pageSize: number,
): ListPage<CustomerRow> | undefined {
  const db = useDatabase();
  return useLiveQuery(async () => {
    if (!db) return { rows: [], total: 0, all: 0 };
    const offset = (page - 1) * pageSize;
    if (!search.trim()) {
      const all = await db.customers.count();
      const rows = await db.customers.orderBy('name').offset(offset).limit(pageSize).toArray();
      return { rows, total: all, all };
    }
    // A search reads every row anyway: one bulk read of the name index and a filter in JS is an
    // order of magnitude faster than a Dexie `filter`, which walks an IndexedDB cursor row by row
    // (and did so twice, to count and to page). Only the page is kept.
    const everything = await db.customers.orderBy('name').toArray();
    const matching = everything.filter(matches(search));
    return {
      rows: matching.slice(offset, offset + pageSize),
      total: matching.length,
      all: everything.length,
    };
  }, [db, search, page, pageSize]);
}
