import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { SmbDatabase } from '../../../db/database';
import { useDatabase } from '../../../db/current';
import type { CustomerRow } from '../../../db/types';
import { matchesSearch, type ListPage } from '../../../components/crud/search';

const matches = (search: string) => (c: CustomerRow) =>
  matchesSearch(search, c.name, c.email, c.phoneNumber, c.address, c.address2);

/**
 * Every customer by name, read once for a search and kept for the next keystrokes (filtering
 * 20,000 rows in memory takes milliseconds; reading them takes a hundred). Dropped as soon as any
 * customer changes, in this tab or another (Dexie reports both as `storagemutated`, before any
 * live query runs again).
 */
const snapshots = new Map<string, Promise<CustomerRow[]>>();
Dexie.on('storagemutated', (parts) => {
  for (const key of Object.keys(parts)) {
    const match = /^idb:\/\/(.*)\/customers\//.exec(key);
    if (match) snapshots.delete(match[1]!);
  }
});

function everyCustomer(db: SmbDatabase): Promise<CustomerRow[]> {
  let rows = snapshots.get(db.name);
  if (!rows) {
    rows = db.customers.orderBy('name').toArray();
    snapshots.set(db.name, rows);
    rows.catch(() => snapshots.delete(db.name));
  }
  return rows;
}

/** Every customer matching the search, by name (the export of the list as searched). */
export async function customersMatching(db: SmbDatabase, search: string): Promise<CustomerRow[]> {
  const everything = await everyCustomer(db);
  return search.trim() ? everything.filter(matches(search)) : everything;
}

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
    // A search reads every row anyway: one bulk read of the name index (kept while customers do
    // not change) and a filter in JS is far faster than a Dexie `filter`, which walks an
    // IndexedDB cursor row by row (and did so twice, to count and to page). The count keeps this
    // live query subscribed to every customer change.
    await db.customers.count();
    const everything = await everyCustomer(db);
    const matching = everything.filter(matches(search));
    return {
      rows: matching.slice(offset, offset + pageSize),
      total: matching.length,
      all: everything.length,
    };
  }, [db, search, page, pageSize]);
}
