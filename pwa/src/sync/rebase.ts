import Dexie from 'dexie';
import type { SmbDatabase } from '../db/database';
import { LocalWriter, restoreServerCopy } from './local-writer';
import { runLocalMutator } from './mutators/registry';

/**
 * Replays the outbox on top of fresh server state. Must run inside a rw transaction over all
 * tables:
 * 1. every record with pending changes goes back to its server copy;
 * 2. `applyServerState` writes what the server says (pull patch, acknowledged entries dropped, …);
 * 3. the mutations still in the outbox are applied again, in order, with their original time.
 */
export async function rebase(
  db: SmbDatabase,
  applyServerState: () => Promise<void>,
): Promise<void> {
  for (const copy of await db._server.toArray()) await restoreServerCopy(db, copy);
  await db._server.clear();
  await applyServerState();
  const pending = await db.outbox.orderBy('mutationId').toArray();
  for (const entry of pending) {
    const writer = new LocalWriter(db, new Date(entry.createdAt).toISOString());
    try {
      await runLocalMutator(writer, entry.name, entry.args);
    } catch (error) {
      // A database failure aborts the whole transaction anyway; a mutator bug must not wedge
      // every pull, so the mutation stays queued and the server decides.
      if (error instanceof Dexie.DexieError) throw error;
    }
    const keys = [...writer.touched];
    if (keys.join('\n') !== entry.keys.join('\n') && entry.localId !== undefined)
      await db.outbox.update(entry.localId, { keys });
  }
}
