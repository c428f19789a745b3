import { PROTOCOL_VERSION, type MutationName } from '@smb/shared-types/sync';
import type { OutboxEntry, SmbDatabase } from '../db/database';
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
        protocolVersion: PROTOCOL_VERSION,
      });
      await setMeta(db, 'nextMutationId', mutationId + 1);
    });
  } catch (error) {
    reportStorageError(error, status);
    throw isQuotaError(error) ? new StorageFullError(error) : error;
  }
}

/**
 * Applies many mutations locally and appends them to the outbox in ONE rw transaction (all or
 * none), exactly as `mutate` one by one would — same names, args and outbox rows, numbered in
 * order — but reading the client identity and mutation counter once and adding the outbox rows
 * in bulk (a CSV import writes thousands).
 */
export async function mutateAll(
  db: SmbDatabase,
  mutations: { [N in MutationName]: { name: N; args: MutationArgs[N] } }[MutationName][],
  status: SyncStatusStore = syncStatus,
): Promise<void> {
  if (mutations.length === 0) return;
  try {
    await db.transaction('rw', db.allTables, async () => {
      const { clientId } = await clientIdentity(db);
      const first = (await getMeta(db, 'nextMutationId')) ?? 1;
      const createdAt = Date.now();
      const entries: OutboxEntry[] = [];
      for (const [i, { name, args }] of mutations.entries()) {
        const writer = new LocalWriter(db, new Date(createdAt).toISOString());
        await runLocalMutator(writer, name, args);
        entries.push({
          clientId,
          mutationId: first + i,
          name,
          args: args as unknown as Record<string, unknown>,
          createdAt,
          status: 'pending',
          keys: [...writer.touched],
          protocolVersion: PROTOCOL_VERSION,
        });
      }
      await db.outbox.bulkAdd(entries);
      await setMeta(db, 'nextMutationId', first + mutations.length);
    });
  } catch (error) {
    throw reportStorageError(error, status);
  }
}
