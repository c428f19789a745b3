import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import { SYNC_ENTITIES } from '@smb/shared-types';
import type { AppDatabase } from '../db/app-tables';
import type { TenantDatabase } from '../db/tenant-database';
import { clock } from '../clock';
import type { Job } from './scheduler';

const HOUR = 3_600_000;
/** A device away longer than this gets a full reset on its next pull instead of the deletions. */
export const TOMBSTONE_RETENTION_DAYS = 90;

/** Codes past their expiry can no longer be used (auth.service checks expires_at): drop them. */
export const pruneExpiredCodes: Job = {
  name: 'prune-expired-codes',
  everyMs: HOUR,
  async run(trx) {
    await trx
      .withSchema('app')
      .deleteFrom('one_time_codes')
      .where('expires_at', '<', new Date())
      .execute();
  },
};

/**
 * Tombstones older than the retention go; each tenant's horizon moves to the newest version
 * pruned, so a pull from a cursor before it is answered with a full reset (pull.ts) rather than
 * with deletions it would miss. The last-writer records of deleted rows go too.
 */
export const pruneTombstones: Job = {
  name: 'prune-tombstones',
  everyMs: 24 * HOUR,
  async run(trx) {
    const tenants = await trx
      .withSchema('app')
      .selectFrom('tenants')
      .select('schema_name')
      .execute();
    // One transaction per tenant, after the job's own: one transaction over every tenant held a
    // lock on each one's tables until its end, and at a few hundred tenants it filled PostgreSQL's
    // lock table ("out of shared memory") for every other request too (bench/many-tenants.ts).
    return async (db) => {
      for (const { schema_name } of tenants)
        await db.transaction().execute(async (tenantTrx) => {
          await pruneTenantTombstones(tenantTrx, schema_name, TOMBSTONE_RETENTION_DAYS);
          await pruneFieldWritesOfDeletedRows(tenantTrx, schema_name);
        });
    };
  },
};

export async function pruneTenantTombstones(
  trx: Transaction<AppDatabase>,
  schemaName: string,
  retentionDays: number,
): Promise<void> {
  const tenant = (trx as unknown as Transaction<TenantDatabase>).withSchema(schemaName);
  const pruned = await tenant
    .deleteFrom('tombstones')
    .where('deleted_at', '<', sql<Date>`now() - make_interval(days => ${retentionDays})`)
    .returning('version')
    .execute();
  if (pruned.length === 0) return;
  const newest = pruned.reduce((max, r) => (BigInt(r.version) > max ? BigInt(r.version) : max), 0n);
  await tenant
    .updateTable('sync_state')
    .set({
      tombstone_horizon: sql<string>`greatest(tombstone_horizon, ${newest.toString()}::bigint)`,
    })
    .execute();
}

/**
 * `sync_field_writes` remembers which device last wrote each field of a row (to name it in a
 * conflict); deleting the row leaves those records behind. Without this, a company that
 * creates and deletes records for years would keep every deleted record's writers.
 */
export async function pruneFieldWritesOfDeletedRows(
  trx: Transaction<AppDatabase>,
  schemaName: string,
): Promise<void> {
  // One statement per tenant: a record whose table no longer holds its id is gone.
  const gone = SYNC_ENTITIES.map(
    (entity) =>
      sql`(w.entity = ${entity} AND NOT EXISTS (SELECT 1 FROM ${sql.id(schemaName, entity)} r WHERE r.id = w.entity_id))`,
  );
  await sql`DELETE FROM ${sql.id(schemaName, 'sync_field_writes')} w
             WHERE ${sql.join(gone, sql` OR `)}`.execute(trx);
}

/**
 * Per-address counters (auth/address-limits.ts) whose window and lock are over count nothing any
 * more: dropped, so addresses an attacker tried do not pile up.
 */
export const pruneAddressLimits: Job = {
  name: 'prune-address-limits',
  everyMs: HOUR,
  async run(trx) {
    const now = clock.now();
    const dayAgo = new Date(now.getTime() - 24 * HOUR);
    await trx
      .withSchema('app')
      .deleteFrom('address_limits')
      .where('window_started_at', '<', dayAgo)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .execute();
  },
};

/** Everything the servers run on a schedule. */
export const JOBS: Job[] = [pruneExpiredCodes, pruneTombstones, pruneAddressLimits];
