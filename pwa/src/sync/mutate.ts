import type { MutationName } from '@smb/shared-types/sync';
import type { SmbDatabase } from '../db/database';
import { clientIdentity, getMeta, setMeta } from '../db/meta';
import { LocalWriter } from './local-writer';
import { runLocalMutator, type MutationArgs } from './mutators/registry';
import {
  isQuotaError,
  reportStorageError,
  StorageFullError,
  syncStatus,
  type SyncStatusStore,
} from './status';

/**
 * Applies one named mutation locally and appends it to the outbox, in ONE rw transaction: either
 * both happen or neither. Runs inside the caller's transaction when there is one.
 */
export async function mutate<N extends MutationName>(
  db: SmbDatabase,
  name: N,
  args: MutationArgs[N],
  status: SyncStatusStore = syncStatus,
): Promise<void> {
  try {
    await db.transaction('rw', db.allTables, async () => {
      const { clientId } = await clientIdentity(db);
      const mutationId = (await getMeta(db, 'nextMutationId')) ?? 1;
      const createdAt = Date.now();
      const writer = new LocalWriter(db, new Date(createdAt).toISOString());
      await runLocalMutator(writer, name, args);
      await db.outbox.add({
        clientId,
        mutationId,
        name,
        args: args as unknown as Record<string, unknown>,
        createdAt,
        status: 'pending',
        keys: [...writer.touched],
      });
      await setMeta(db, 'nextMutationId', mutationId + 1);
    });
  } catch (error) {
    reportStorageError(error, status);
    throw isQuotaError(error) ? new StorageFullError(error) : error;
  }
}
