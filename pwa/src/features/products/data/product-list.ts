import { useLiveQuery } from 'dexie-react-hooks';
import type { SmbDatabase } from '../../../db/database';
import { useDatabase } from '../../../db/current';
import type { CurrencyRow, ProductRow } from '../../../db/types';
import { searchMatcher } from '../../../components/crud/search';
import { sortByName } from '../../../lib/collation';
import type { ListRead } from '../../../components/crud/useSearchedList';

/**
 * Every product matching the search (case and accents ignored), by name in the tenant's alphabet
 * (the list's pages and its export). One bulk read and a filter in JS: faster than a Dexie
 * `filter`, which walks a cursor row by row.
 */
export async function productsMatching(db: SmbDatabase, search: string): Promise<ProductRow[]> {
  const matches = searchMatcher(search);
  const rows = await db.products.orderBy('name').toArray();
  return sortByName(
    search.trim() ? rows.filter((p) => matches(p.name, p.sku, p.category, p.supplier)) : rows,
  );
}

/** The products list: by name, searched by name, SKU, category or supplier. */
export const readProducts: ListRead<ProductRow> = async (db, search) => ({
  all: await db.products.count(),
  matching: await productsMatching(db, search),
});

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
