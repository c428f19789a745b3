import Dexie from 'dexie';
import type { SmbDatabase } from '../../../db/database';
import type { CustomerRow } from '../../../db/types';
import { matchesSearch } from '../../../components/crud/search';
import { foldForSearch, sortByName } from '../../../lib/collation';
import { formatLocale } from '../../../lib/formats';
import type { ListRead } from '../../../components/crud/useSearchedList';

/** The fields the customers list searches (case- and accent-insensitive "contains", as `matchesSearch`). */
const searched = (c: CustomerRow) => [c.name, c.email, c.phoneNumber, c.address, c.address2];

/** Between two fields of a row's search text: no search typed in a text box contains it. */
const SEPARATOR = '\u0000';

/**
 * Every customer by name in the tenant's alphabet (Intl.Collator, sorted once per snapshot, not
 * per keystroke), with each row's searched fields folded once (`foldForSearch`: no case, no
 * accents) and joined by SEPARATOR: a search is then one `includes` per row. A needle without
 * SEPARATOR is in the joined text exactly when it is in one of the fields (each field folded on
 * its own, as `matchesSearch` does), so the results are the same.
 */
interface Snapshot {
  rows: CustomerRow[];
  text: string[];
  /** The last search's needle and the indexes of its matches, to narrow the next keystroke. */
  last?: { needle: string; hits: number[] };
}

/**
 * Read once for a search and kept for the next keystrokes (filtering 20,000 rows in memory takes
 * milliseconds; reading them takes a hundred). Dropped as soon as any customer changes, in this
 * tab or another (Dexie reports both as `storagemutated`, before any live query runs again).
 */
const snapshots = new Map<string, Promise<Snapshot>>();
Dexie.on('storagemutated', (parts) => {
  for (const key of Object.keys(parts)) {
    const match = /^idb:\/\/(.*)\/customers\//.exec(key);
    if (!match) continue;
    for (const cached of snapshots.keys())
      if (cached.startsWith(`${match[1]!}|`)) snapshots.delete(cached);
  }
});

function snapshotOf(db: SmbDatabase): Promise<Snapshot> {
  // One per database and locale: a new locale sorts again.
  const key = `${db.name}|${formatLocale()}`;
  let snapshot = snapshots.get(key);
  if (!snapshot) {
    snapshot = db.customers
      .orderBy('name')
      .toArray()
      .then((read) => {
        // Read in the index's order, which is nearly the alphabet's: the sort has little to do.
        const rows = sortByName(read);
        return {
          rows,
          text: rows.map((c) => searched(c).map(foldForSearch).join(SEPARATOR)),
        };
      });
    snapshots.set(key, snapshot);
    snapshot.catch(() => snapshots.delete(key));
  }
  return snapshot;
}

/**
 * Starts reading the customers for a search before it is typed (the search box got focus), so
 * the first keystroke does not wait for the read.
 */
export function prepareCustomerSearch(db: SmbDatabase | null | undefined): void {
  if (db) void snapshotOf(db).catch(() => undefined);
}

/** The rows of `snapshot` matching `search`, by name. */
function filter(snapshot: Snapshot, search: string): CustomerRow[] {
  const needle = foldForSearch(search.trim());
  if (!needle) {
    // The box was cleared: the next search starts over (narrowing is for typing on).
    snapshot.last = undefined;
    return snapshot.rows;
  }
  if (needle.includes(SEPARATOR))
    return snapshot.rows.filter((c) => matchesSearch(search, ...searched(c)));
  const { rows, text, last } = snapshot;
  const hits: number[] = [];
  if (last && needle.includes(last.needle)) {
    // A longer needle only matches rows the shorter one matched (typing on).
    for (const i of last.hits) if (text[i]!.includes(needle)) hits.push(i);
  } else {
    for (let i = 0; i < text.length; i++) if (text[i]!.includes(needle)) hits.push(i);
  }
  snapshot.last = { needle, hits };
  return hits.map((i) => rows[i]!);
}

/** Every customer matching the search, by name (the export of the list as searched). */
export async function customersMatching(db: SmbDatabase, search: string): Promise<CustomerRow[]> {
  return filter(await snapshotOf(db), search);
}

/**
 * The customers list: by name, searched by name, email, phone or address. Its pages come from the
 * snapshot, so thousands of customers never sit in React state.
 */
export const readCustomers: ListRead<CustomerRow> = async (db, search) => {
  // Without a search too: the name index orders by code unit ('Brasserie' before 'Bäckerei', 'Åsa'
  // last), the snapshot in the tenant's alphabet.
  // A search reads every row anyway: one bulk read of the name index (kept while customers do not
  // change) and a filter in JS is far faster than a Dexie `filter`, which walks an IndexedDB cursor
  // row by row (and did so twice, to count and to page). The count keeps the live query subscribed
  // to every customer change.
  await db.customers.count();
  const snapshot = await snapshotOf(db);
  return { matching: filter(snapshot, search), all: snapshot.rows.length };
};
