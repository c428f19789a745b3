import type { SyncEntity } from '@smb/shared-types/sync';
import { recordKey, type LocalEntity, type SmbDatabase } from '../db/database';
import { getMeta, setMeta } from '../db/meta';
import type { EntityRows, TenantInfo } from '../db/types';

/**
 * The only way a local mutation changes records. Before a record is first changed it keeps the
 * record's server state in `_server` (the base for update args and for rollback), and it collects
 * the keys of the records changed, so a rebase knows what to reset.
 * Must run inside a rw transaction over all tables.
 */
export class LocalWriter {
  readonly touched = new Set<string>();

  constructor(
    readonly db: SmbDatabase,
    /** ISO time of the change (the mutation's own time, also when re-applied by a rebase). */
    readonly now: string,
  ) {}

  async get<E extends SyncEntity>(entity: E, id: string): Promise<EntityRows[E] | undefined> {
    return (await this.db.entityTable(entity).get(id)) as EntityRows[E] | undefined;
  }

  async put<E extends SyncEntity>(entity: E, row: EntityRows[E]): Promise<void> {
    await this.snapshot(entity, row.id);
    await this.db.entityTable(entity).put(row);
  }

  /** Merges `changes` into an existing row; a missing row (deleted on the server) is left alone. */
  async patch<E extends SyncEntity>(
    entity: E,
    id: string,
    changes: Partial<EntityRows[E]>,
  ): Promise<EntityRows[E] | undefined> {
    const row = await this.get(entity, id);
    if (!row) return undefined;
    const next = { ...row, ...changes, id, updatedAt: this.now } as EntityRows[E];
    await this.put(entity, next);
    return next;
  }

  async delete(entity: SyncEntity, id: string): Promise<void> {
    await this.snapshot(entity, id);
    await this.db.entityTable(entity).delete(id);
  }

  async tenant(): Promise<TenantInfo | null> {
    return (await getMeta(this.db, 'tenant')) ?? null;
  }

  async putTenant(tenant: TenantInfo): Promise<void> {
    await this.snapshot('tenant', 'current');
    await setMeta(this.db, 'tenant', tenant);
  }

  private async snapshot(entity: LocalEntity, id: string): Promise<void> {
    const key = recordKey(entity, id);
    if (this.touched.has(key)) return;
    this.touched.add(key);
    if (await this.db._server.get(key)) return;
    const row =
      entity === 'tenant'
        ? ((await getMeta(this.db, 'tenant')) ?? null)
        : ((await this.db.entityTable(entity).get(id)) ?? null);
    await this.db._server.put({ key, entity, id, row });
  }
}

/** Puts a server row back (or removes a record the server does not have). */
export async function restoreServerCopy(
  db: SmbDatabase,
  copy: { entity: LocalEntity; id: string; row: unknown },
): Promise<void> {
  if (copy.entity === 'tenant') {
    if (copy.row) await setMeta(db, 'tenant', copy.row as TenantInfo);
    return;
  }
  const table = db.entityTable(copy.entity);
  if (copy.row) await table.put(copy.row as { id: string });
  else await table.delete(copy.id);
}
