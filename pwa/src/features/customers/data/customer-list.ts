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
    const all = await db.customers.count();
    const query = search.trim()
      ? db.customers.orderBy('name').filter(matches(search))
      : db.customers.orderBy('name');
    const total = search.trim() ? await query.clone().count() : all;
    const rows = await query
      .offset((page - 1) * pageSize)
      .limit(pageSize)
      .toArray();
    return { rows, total, all };
  }, [db, search, page, pageSize]);
}
