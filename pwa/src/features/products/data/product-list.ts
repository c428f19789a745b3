import { useLiveQuery } from 'dexie-react-hooks';
import type { SmbDatabase } from '../../../db/database';
import { useDatabase } from '../../../db/current';
import type { CurrencyRow, ProductRow } from '../../../db/types';
import { matchesSearch, type ListPage } from '../../../components/crud/search';

const matches = (search: string) => (p: ProductRow) =>
  matchesSearch(search, p.name, p.sku, p.category, p.supplier);

/** Every product matching the search, by name (the export of the list as searched). */
export async function productsMatching(db: SmbDatabase, search: string): Promise<ProductRow[]> {
  const rows = db.products.orderBy('name');
  return search.trim() ? rows.filter(matches(search)).toArray() : rows.toArray();
}

/** One page of products by name, searched by name, SKU, category or supplier (live). */
export function useProductPage(
  search: string,
  page: number,
  pageSize: number,
): ListPage<ProductRow> | undefined {
  const db = useDatabase();
  return useLiveQuery(async () => {
    if (!db) return { rows: [], total: 0, all: 0 };
    const all = await db.products.count();
    const query = search.trim()
      ? db.products.orderBy('name').filter(matches(search))
      : db.products.orderBy('name');
    const total = search.trim() ? await query.clone().count() : all;
    const rows = await query
      .offset((page - 1) * pageSize)
      .limit(pageSize)
      .toArray();
    return { rows, total, all };
  }, [db, search, page, pageSize]);
}

/** The tenant's currencies by code, the default first in `defaultCode` (live). */
export function useProductCurrencies():
  { currencies: CurrencyRow[]; defaultCode: string | null } | undefined {
  const db = useDatabase();
  return useLiveQuery(async () => {
    if (!db) return { currencies: [], defaultCode: null };
    const currencies = await db.currencies.orderBy('code').toArray();
    return { currencies, defaultCode: currencies.find((c) => c.isDefault)?.code ?? null };
  }, [db]);
}
