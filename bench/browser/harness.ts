/**
 * Bench-only browser harness, bundled by bench/sync-scale.ts with esbuild and injected into the
 * page of the real PWA. It opens the SAME IndexedDB database as the app (same name, same Dexie
 * schema) and calls the real data-layer action `updateCustomer` → `queueUpdate` → `mutate`
 * (Dexie transaction + outbox entry), exactly what the customer form does on Save. Nothing of
 * this ships in the app: no product code knows about it.
 */
import { SmbDatabase, databaseName } from '../../pwa/src/db/database';
import { customersMatching } from '../../pwa/src/features/customers/data/customer-list';
import { updateCustomer } from '../../pwa/src/features/customers/data/customers';

interface EditTimes {
  times: number[];
  ids: string[];
}

let db: SmbDatabase | null = null;

function open(tenantId: string, userId: string): void {
  db = new SmbDatabase(databaseName(tenantId, userId));
}

function need(): SmbDatabase {
  if (!db) throw new Error('call open() first');
  return db;
}

/** `n` customer edits through the real data layer, one at a time, each timed on its own. */
async function edit(n: number, offset = 0): Promise<EditTimes> {
  const d = need();
  const ids = (await d.customers.orderBy('id').offset(offset).limit(n).primaryKeys()) as string[];
  const times: number[] = [];
  for (const [i, id] of ids.entries()) {
    const started = performance.now();
    await updateCustomer(id, { phoneNumber: `+1 555 ${String(100000 + offset + i)}` }, d);
    times.push(performance.now() - started);
  }
  return { times, ids };
}

async function outbox(): Promise<{ pending: number; pushed: number }> {
  const d = need();
  return {
    pending: await d.outbox.where('status').equals('pending').count(),
    pushed: await d.outbox.where('status').equals('pushed').count(),
  };
}

async function counts(): Promise<Record<string, number>> {
  const d = need();
  const out: Record<string, number> = {};
  for (const t of ['currencies', 'customers', 'contacts', 'products', 'quotes'] as const)
    out[t] = await d.table(t).count();
  return out;
}

/**
 * The physical limit: the same rows, read from our store beforehand, written with raw IndexedDB
 * `put` into a fresh database with the same object stores, one readwrite transaction per
 * `batch` rows (like one pull page), no per-row awaits. Returns milliseconds.
 */
async function rawPutBaseline(batch: number): Promise<{ ms: number; rows: number }> {
  const d = need();
  const tables = ['currencies', 'customers', 'contacts', 'products', 'quotes'] as const;
  const rows: Array<{ store: string; value: unknown }> = [];
  for (const t of tables)
    for (const value of await d.table(t).toArray()) rows.push({ store: t, value });
  const name = `bench-raw-${Date.now()}`;
  const stores = [
    ['currencies', ['code']],
    ['customers', ['name', 'email']],
    ['contacts', ['customerId', 'name', 'email']],
    ['products', ['name', 'sku', 'currencyCode']],
    ['quotes', ['createdAt', 'customerId', 'status', 'quoteNumber']],
  ] as const;
  const raw = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(name, 1);
    req.onupgradeneeded = () => {
      for (const [store, indexes] of stores) {
        const s = req.result.createObjectStore(store, { keyPath: 'id' });
        for (const index of indexes) s.createIndex(index, index);
      }
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  const started = performance.now();
  for (let i = 0; i < rows.length; i += batch) {
    const slice = rows.slice(i, i + batch);
    await new Promise<void>((resolve, reject) => {
      const tx = raw.transaction(
        stores.map(([s]) => s),
        'readwrite',
      );
      for (const r of slice) tx.objectStore(r.store).put(r.value);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
  }
  const ms = performance.now() - started;
  raw.close();
  await new Promise<void>((resolve) => {
    const req = indexedDB.deleteDatabase(name);
    req.onsuccess = req.onerror = req.onblocked = () => resolve();
  });
  return { ms, rows: rows.length };
}

/**
 * The customers list's search alone (the real `customersMatching`, on this harness's own copy of
 * the module, so its first call reads every customer as the app's first search does): `runs`
 * calls, each a full scan, timed; returns the times and how many rows the last one matched.
 */
async function searchQuery(
  needle: string,
  runs: number,
): Promise<{ times: number[]; hits: number }> {
  const d = need();
  const times: number[] = [];
  let hits = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    hits = (await customersMatching(d, needle)).length;
    times.push(performance.now() - started);
    await customersMatching(d, ''); // cleared, as the bench clears the box: the next one scans
  }
  return { times, hits };
}

(window as unknown as { __smbBench: unknown }).__smbBench = {
  open,
  searchQuery,
  edit,
  outbox,
  counts,
  rawPutBaseline,
};
