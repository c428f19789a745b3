import type { MutationName, SyncEntity, UpdateArgs } from '@smb/shared-types/sync';
import { recordKey, type SmbDatabase } from '../db/database';
import { NotFoundError } from '../db/errors';
import { mutate } from './mutate';

type UpdateName = Extract<MutationName, `${string}.update`>;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Queues `<entity>.update` with the changed fields only (compared with the local row) and the
 * values they were based on (the last server row, from `_server` when the record has pending
 * changes). Returns false when nothing changed.
 */
export async function queueUpdate(
  db: SmbDatabase,
  name: UpdateName,
  entity: SyncEntity,
  id: string,
  input: Record<string, unknown>,
  notFoundMessage: string,
): Promise<boolean> {
  return db.transaction('rw', db.allTables, async () => {
    const local = (await db.entityTable(entity).get(id)) as Record<string, unknown> | undefined;
    if (!local) throw new NotFoundError(notFoundMessage);
    const copy = await db._server.get(recordKey(entity, id));
    // A record made on this device and not on the server yet (its server copy is null): only this
    // device's pending mutations write it before this change reaches the server, so the base is
    // what they left — the local row. (A null base made the server see a conflict with itself.)
    const unsent = copy !== undefined && copy.row === null;
    const server = (copy && !unsent ? copy.row : local) as Record<string, unknown> | null;
    const changes: Record<string, unknown> = {};
    const base: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(input)) {
      if (value === undefined || field === 'id' || same(local[field], value)) continue;
      changes[field] = value;
      base[field] = server ? (server[field] ?? null) : null;
    }
    if (Object.keys(changes).length === 0) return false;
    const args: UpdateArgs = {
      id,
      baseVersion: unsent ? null : ((server?.version as string | null | undefined) ?? null),
      changes,
      base,
    };
    await mutate(db, name, args);
    return true;
  });
}
