import { useLiveQuery } from 'dexie-react-hooks';
import { useDatabase } from './current';
import type { SmbDatabase } from './database';
import { getMeta } from './meta';
import type {
  ContactRow,
  CurrencyRow,
  CustomerRow,
  ProductRow,
  TaxRateRow,
  TenantInfo,
} from './types';
import { sortByName } from '../lib/collation';

/**
 * Live reads of the master data that several features and the shared document editor show:
 * `undefined` while loading, then the rows (re-rendered on every local or synced change). They
 * live below the features so that a shared component can read them without importing a feature.
 */

/** One row by id (live); null when it does not exist or no id is given. */
export function useRow<T>(
  table: (db: SmbDatabase) => { get(id: string): Promise<T | undefined> },
  id: string | null | undefined,
): T | null | undefined {
  const db = useDatabase();
  return useLiveQuery<T | null>(
    async () => (db && id ? ((await table(db).get(id)) ?? null) : null),
    [db, id],
  );
}

/** A document table's rows, newest first (live). */
export function useNewestFirst<T>(
  table: (db: SmbDatabase) => {
    orderBy(index: 'createdAt'): { reverse(): { toArray(): Promise<T[]> } };
  },
): T[] | undefined {
  const db = useDatabase();
  return useLiveQuery(() => (db ? table(db).orderBy('createdAt').reverse().toArray() : []), [db]);
}

/**
 * All customers by name (live). `undefined` while loading, and while `enabled` is false (nothing
 * read: a picker reads the list only while it is open).
 */
export function useCustomers(enabled = true): CustomerRow[] | undefined {
  const db = useDatabase();
  return useLiveQuery<CustomerRow[] | undefined>(
    async () =>
      enabled ? sortByName((await db?.customers.orderBy('name').toArray()) ?? []) : undefined,
    [db, enabled],
  );
}

export function useCustomer(id: string | undefined): CustomerRow | null | undefined {
  return useRow<CustomerRow>((db) => db.customers, id);
}

/** Contacts by name, optionally of one customer (live). */
export function useContacts(customerId?: string | null): ContactRow[] | undefined {
  const db = useDatabase();
  return useLiveQuery(async () => {
    if (!db) return [];
    if (!customerId) return byName(await db.contacts.orderBy('name').toArray());
    return byName(await db.contacts.where('customerId').equals(customerId).toArray());
  }, [db, customerId]);
}

/** One customer's contacts by name (live); `undefined` while loading or without a customer. */
export function useContactsOf(customerId: string | null): ContactRow[] | undefined {
  const db = useDatabase();
  return useLiveQuery(async () => {
    if (!db || !customerId) return undefined;
    return byName(await db.contacts.where('customerId').equals(customerId).toArray());
  }, [db, customerId]);
}

export function useContact(id: string | undefined): ContactRow | null | undefined {
  return useRow<ContactRow>((db) => db.contacts, id);
}

/** By name in the tenant's alphabet. */
const byName = <T extends { name: string; id: string }>(rows: T[]) => sortByName(rows);

export function useProducts(): ProductRow[] | undefined {
  const db = useDatabase();
  return useLiveQuery(
    async () => byName((await db?.products.orderBy('name').toArray()) ?? []),
    [db],
  );
}

export function useProduct(id: string | undefined): ProductRow | null | undefined {
  return useRow<ProductRow>((db) => db.products, id);
}

export function useCurrencies(): CurrencyRow[] | undefined {
  const db = useDatabase();
  return useLiveQuery(() => db?.currencies.orderBy('code').toArray() ?? [], [db]);
}

/** The tenant's tax rates by name (live): the editors offer them, offline too. */
export function useTaxRates(): TaxRateRow[] | undefined {
  const db = useDatabase();
  return useLiveQuery(() => db?.tax_rates.orderBy('name').toArray() ?? [], [db]);
}

/** The default currency, or null (live). */
export function useDefaultCurrency(): CurrencyRow | null | undefined {
  const db = useDatabase();
  return useLiveQuery(
    async () => (db ? ((await db.currencies.filter((c) => c.isDefault).first()) ?? null) : null),
    [db],
  );
}

/** The tenant as of the last pull plus local changes; null before the first sync. */
export function useLocalTenant(): TenantInfo | null | undefined {
  const db = useDatabase();
  return useLiveQuery(async () => (db ? ((await getMeta(db, 'tenant')) ?? null) : null), [db]);
}
