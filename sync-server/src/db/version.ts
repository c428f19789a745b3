import { sql, type Kysely } from 'kysely';
import type { SyncEntity } from '@smb/shared-types';
import type { TenantDatabase, TenantDb } from './tenant-database';

/**
 * The next value of the tenant's version counter. The UPDATE takes the row lock of the single
 * `sync_state` row, so writers of one tenant serialise here and versions commit in order:
 * a pull that has seen version N can never later find a row with a version ≤ N appear.
 * Call it inside the writing transaction, once per transaction.
 */
export async function nextVersion(trx: TenantDb): Promise<string> {
  const row = await trx
    .updateTable('sync_state')
    .set({ version: sql<string>`version + 1` })
    .returning('version')
    .executeTakeFirstOrThrow();
  return String(row.version);
}

/** Records that a synced row was deleted, so clients drop it on their next pull. */
export async function addTombstones(
  trx: TenantDb,
  entity: SyncEntity,
  ids: string[],
  version: string,
): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .insertInto('tombstones')
    .values(ids.map((id) => ({ entity, id, version })))
    .onConflict((oc) =>
      oc.columns(['entity', 'id']).doUpdateSet({ version, deleted_at: new Date() }),
    )
    .execute();
}

/** Any tenant table, seen through one shape: Kysely cannot type a column named at run time. */
type AnyTable = Kysely<Record<string, Record<string, unknown>>>;

/**
 * The rows of `table` that refer to `id` through `column` forget it (their FK would SET NULL
 * silently); they change, so they take the writing transaction's version and time, and sync
 * clients see the change.
 */
export async function clearReferences(
  trx: TenantDb,
  table: keyof TenantDatabase,
  column: string,
  id: string,
  changed: { version: string; updated_at: Date },
): Promise<void> {
  await (trx as unknown as AnyTable)
    .updateTable(table)
    .set({ [column]: null, ...changed })
    .where(sql.ref(column), '=', id)
    .execute();
}
