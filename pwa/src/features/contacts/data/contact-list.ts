import { useLiveQuery } from 'dexie-react-hooks';
import type { SmbDatabase } from '../../../db/database';
import { useDatabase } from '../../../db/current';
import type { ContactRow } from '../../../db/types';
import { searchMatcher, type ListPage } from '../../../components/crud/search';
import { sortByName } from '../../../lib/collation';

export interface ContactListRow extends ContactRow {
  /** The customer's name (the Company column). */
  companyName: string | null;
}

export interface CustomerOption {
  id: string;
  name: string;
  email: string;
}

type Loaded<T> = { data: T; error: null } | { data: null; error: string };

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Every contact matching the customer filter and search, by name, with its company name (the
 * export of the list as filtered and searched).
 */
export async function contactsMatching(
  db: SmbDatabase,
  customerId: string | null,
  search: string,
): Promise<ContactListRow[]> {
  const rows = await sortedContacts(db, customerId, search);
  const names = new Map((await db.customers.toArray()).map((c) => [c.id, c.name]));
  return rows.map((r) => ({ ...r, companyName: names.get(r.customerId) ?? null }));
}

/** The contacts of one customer or all matching `search` (case and accents ignored), by name in the tenant's alphabet. */
async function sortedContacts(
  db: SmbDatabase,
  customerId: string | null,
  search: string,
): Promise<ContactRow[]> {
  const matcher = searchMatcher(search);
  const rows = customerId
    ? await db.contacts.where('customerId').equals(customerId).toArray()
    : await db.contacts.orderBy('name').toArray();
  return sortByName(search.trim() ? rows.filter((c) => matcher(c.name, c.email, c.role)) : rows);
}

/**
 * One page of contacts by name, of one customer or all, searched by name, email or role (live),
 * with each contact's company name. `error` is the failure text when the store cannot be read.
 */
export function useContactPage(
  customerId: string | null,
  search: string,
  page: number,
  pageSize: number,
): Loaded<ListPage<ContactListRow>> | undefined {
  const db = useDatabase();
  return useLiveQuery(async (): Promise<Loaded<ListPage<ContactListRow>>> => {
    if (!db) return { data: { rows: [], total: 0, all: 0 }, error: null };
    try {
      const matching = await sortedContacts(db, customerId, search);
      const rows = matching.slice((page - 1) * pageSize, page * pageSize);
      const total = matching.length;
      const all = customerId
        ? await db.contacts.where('customerId').equals(customerId).count()
        : await db.contacts.count();
      const ids = [...new Set(rows.map((r) => r.customerId))];
      const customers = await db.customers.bulkGet(ids);
      const names = new Map(ids.map((id, i) => [id, customers[i]?.name ?? null]));
      return {
        data: {
          rows: rows.map((r) => ({ ...r, companyName: names.get(r.customerId) ?? null })),
          total,
          all,
        },
        error: null,
      };
    } catch (e) {
      return { data: null, error: message(e) };
    }
  }, [db, customerId, search, page, pageSize]);
}

/** Customers for the filter and the contact form's customer picker (live). */
export function useCustomerOptions(): Loaded<CustomerOption[]> | undefined {
  const db = useDatabase();
  return useLiveQuery(async (): Promise<Loaded<CustomerOption[]>> => {
    if (!db) return { data: [], error: null };
    try {
      const rows = sortByName(await db.customers.orderBy('name').toArray());
      return { data: rows.map(({ id, name, email }) => ({ id, name, email })), error: null };
    } catch (e) {
      return { data: null, error: message(e) };
    }
  }, [db]);
}

/** One contact (live): the row, null when missing, or the failure text. */
export function useContactDetails(id: string | undefined): Loaded<ContactRow | null> | undefined {
  const db = useDatabase();
  return useLiveQuery(async (): Promise<Loaded<ContactRow | null>> => {
    if (!db || !id) return { data: null, error: null };
    try {
      return { data: (await db.contacts.get(id)) ?? null, error: null };
    } catch (e) {
      return { data: null, error: message(e) };
    }
  }, [db, id]);
}
