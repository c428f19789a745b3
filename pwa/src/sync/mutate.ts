import { PROTOCOL_VERSION, type MutationName } from '@smb/shared-types/sync';
import type { OutboxEntry, SmbDatabase } from '../db/database';
import { outboxPosition, setMeta } from '../db/meta';
import { LocalWriter, WriteBuffer } from './local-writer';
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
      const { clientId, nextMutationId: mutationId } = await outboxPosition(db);
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
 * Mutations whose local mutators only write records through the writer (no queries of their own),
 * so a batch of them can be held in a `WriteBuffer` and written in bulk.
 */
const BUFFERABLE: ReadonlySet<MutationName> = new Set([
  'customer.create',
  'contact.create',
  'product.create',
]);

/**
 * Applies many mutations locally and appends them to the outbox in ONE rw transaction (all or
 * none), exactly as `mutate` one by one would — same names, args and outbox rows, numbered in
 * order — but reading the client identity and mutation counter once and adding the outbox rows
 * in bulk (a CSV import writes thousands). A batch of creates writes its records in bulk too.
 */
export async function mutateAll(
  db: SmbDatabase,
  mutations: { [N in MutationName]: { name: N; args: MutationArgs[N] } }[MutationName][],
  status: SyncStatusStore = syncStatus,
): Promise<void> {
  if (mutations.length === 0) return;
  try {
    await db.transaction('rw', db.allTables, async () => {
      const { clientId, nextMutationId: first } = await outboxPosition(db);
      const createdAt = Date.now();
      const entries: OutboxEntry[] = [];
      const entry = (i: number, writer: LocalWriter): OutboxEntry => ({
        clientId,
        mutationId: first + i,
        name: mutations[i]!.name,
        args: mutations[i]!.args as unknown as Record<string, unknown>,
        createdAt,
        status: 'pending',
        keys: [...writer.touched],
        protocolVersion: PROTOCOL_VERSION,
      });
      const now = new Date(createdAt).toISOString();
      let buffer: WriteBuffer | undefined;
      if (mutations.every((m) => BUFFERABLE.has(m.name))) {
        // Started together: each writes distinct new records into the buffer without a database
        // request, and awaiting them one by one would outlast Dexie's hold on the transaction
        // across native awaits (its zone "echoes") with thousands of them.
        buffer = new WriteBuffer(db);
        const writers = mutations.map(() => new LocalWriter(db, now, buffer));
        await Promise.all(
          mutations.map(({ name, args }, i) => runLocalMutator(writers[i]!, name, args)),
        );
        writers.forEach((writer, i) => entries.push(entry(i, writer)));
      } else {
        for (const [i, { name, args }] of mutations.entries()) {
          const writer = new LocalWriter(db, now);
          await runLocalMutator(writer, name, args);
          entries.push(entry(i, writer));
        }
      }
      await buffer?.flush();
      await db.outbox.bulkAdd(entries);
      await setMeta(db, 'nextMutationId', first + mutations.length);
    });
  } catch (error) {
    throw reportStorageError(error, status);
  }
}
