/** Reading the changes a pull sends: rows and tombstones by version range. */
import { SYNC_ENTITIES, type SyncEntity } from '@smb/shared-types';
import type { TenantDb } from '../db/tenant-database';
import { ENTITY_TABLES, toPatchValue } from './rows';

/** A changed row (with `row`) or a deletion (without), at its version. */
export interface Change {
  entity: SyncEntity;
  id: string;
  version: bigint;
  row?: Record<string, unknown>;
}

const byVersion = (a: Change, b: Change) =>
  a.version < b.version ? -1 : a.version > b.version ? 1 : a.id < b.id ? -1 : 1;

/** A synced table, or the tombstones: every one has `id` and a `version` stamped by its writer. */
export type VersionedSource = SyncEntity | 'tombstones';

/**
 * The rows of `source` whose version is in (after, upTo]. The table is picked at run time; all of
 * them have `id` and `version`, so the query is typed as on one of them (the tombstones).
 */
export function inVersionRange(
  trx: TenantDb,
  source: VersionedSource,
  after: bigint,
  upTo: bigint,
) {
  return trx
    .selectFrom(source as 'tombstones')
    .where('version', '>', after.toString())
    .where('version', '<=', upTo.toString());
}

type SyncedRow = Record<string, unknown> & { id: string; version: string };

async function changedRows(
  trx: TenantDb,
  entity: SyncEntity,
  after: bigint,
  upTo: bigint,
): Promise<Change[]> {
  const rows = (await inVersionRange(trx, entity, after, upTo)
    .selectAll()
    .orderBy('version')
    .orderBy('id')
    .execute()) as SyncedRow[];
  return rows.map((row) => ({ entity, id: row.id, version: BigInt(row.version), row }));
}

/** Each document's line items into its row (`items`), as the client stores them. */
export async function attachItems(trx: TenantDb, changes: Change[]): Promise<void> {
  for (const entity of SYNC_ENTITIES) {
    const items = ENTITY_TABLES[entity].items;
    if (!items) continue;
    const parents = changes.filter((c) => c.entity === entity && c.row);
    if (parents.length === 0) continue;
    // Typed as the quote lines: every line table has the same columns but for its parent's id.
    const rows = (await trx
      .selectFrom(items.table as 'quote_items')
      .selectAll()
      .where(
        items.parent as 'quote_id',
        'in',
        parents.map((p) => p.id),
      )
      .orderBy('position')
      .orderBy('id')
      .execute()) as Array<Record<string, unknown>>;
    const byParent = new Map<string, Record<string, unknown>[]>();
    for (const row of rows) {
      const parentId = row[items.parent] as string;
      const { [items.parent]: _parent, ...rest } = row;
      byParent.set(parentId, [...(byParent.get(parentId) ?? []), toPatchValue(rest)]);
    }
    for (const p of parents) p.row!.items = byParent.get(p.id) ?? [];
  }
}

/** The versions of up to `limit` changes in (after, upTo] of one table (index only). */
export async function changedVersions(
  trx: TenantDb,
  source: VersionedSource,
  after: bigint,
  upTo: bigint,
  limit: number,
): Promise<bigint[]> {
  const rows = await inVersionRange(trx, source, after, upTo)
    .select('version')
    .orderBy('version')
    .limit(limit)
    .execute();
  return rows.map((r) => BigInt(r.version));
}

/** Every change in (after, upTo], rows and (when asked) tombstones, in version order. */
export async function changesBetween(
  trx: TenantDb,
  after: bigint,
  upTo: bigint,
  withTombstones: boolean,
): Promise<Change[]> {
  const changes: Change[] = [];
  for (const entity of SYNC_ENTITIES)
    changes.push(...(await changedRows(trx, entity, after, upTo)));
  if (withTombstones) {
    const tombstones = await inVersionRange(trx, 'tombstones', after, upTo)
      .select(['entity', 'id', 'version'])
      .execute();
    for (const t of tombstones)
      changes.push({ entity: t.entity as SyncEntity, id: t.id, version: BigInt(t.version) });
  }
  return changes.sort(byVersion);
}

/** Every change written at exactly `version` (one transaction's rows and tombstones). */
export const changesAtVersion = (trx: TenantDb, version: bigint): Promise<Change[]> =>
  changesBetween(trx, version - 1n, version, true);

/** How many changes (rows and tombstones) lie in (after, upTo]. */
export async function countAfter(trx: TenantDb, after: bigint, upTo: bigint): Promise<number> {
  let total = 0;
  for (const source of [...SYNC_ENTITIES, 'tombstones'] as const) {
    const row = await inVersionRange(trx, source, after, upTo)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    total += Number(row?.n ?? 0);
  }
  return total;
}
