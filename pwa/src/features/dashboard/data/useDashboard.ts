import { useLiveQuery } from 'dexie-react-hooks';
import { useDatabase } from '../../../db/current';
import type { SmbDatabase } from '../../../db/database';
import { unpackSummaries } from '../../../db/summaries';
import { computeDashboard, type DashboardMetrics } from './metrics';

export interface DashboardData {
  metrics: DashboardMetrics;
  /** Nothing to count yet: no customer, quote or invoice in the store (a new tenant). */
  empty: boolean;
}

/**
 * Reads what the figures need in one read transaction — the compact summaries of quotes,
 * invoices and payments (db/summaries.ts), never the documents themselves; no customers: invoices
 * carry their customer's name — and computes every figure in one pass. Customers are counted only
 * while there is no document (to tell a new tenant): once there is one, the figures do not depend
 * on the customers table, so a live query of them is not run again by every customer edit.
 */
export async function loadDashboard(
  db: SmbDatabase,
  now: Date = new Date(),
): Promise<DashboardData> {
  return db.transaction('r', [db.summaries, db.currencies, db.customers], async () => {
    const [{ quotes, invoices, payments }, currencies] = await Promise.all([
      db.summaries.toArray().then(unpackSummaries),
      db.currencies.toArray(),
    ]);
    const empty =
      quotes.length === 0 && invoices.length === 0 && (await db.customers.count()) === 0;
    return { metrics: computeDashboard({ quotes, invoices, payments, currencies, now }), empty };
  });
}

/**
 * The dashboard's figures from the local store, recomputed whenever the tables they read change
 * (a local edit or a pull page), so offline too. undefined while loading; null without a store.
 */
export function useDashboard(): DashboardData | null | undefined {
  const db = useDatabase();
  return useLiveQuery(async () => (db ? loadDashboard(db) : null), [db]);
}
