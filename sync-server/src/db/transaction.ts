import type { TenantDb } from './tenant-database';

/**
 * Runs `fn` in a transaction on `db`, or directly when `db` already is one — so a service
 * function can be called by a REST route (which has none) and by a sync mutator (which runs
 * every mutation and its bookkeeping in one transaction).
 */
export function inTransaction<T>(db: TenantDb, fn: (trx: TenantDb) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}
