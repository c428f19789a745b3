import {
  PROTOCOL_VERSION,
  PUSH_BATCH_MAX,
  UNVERSIONED_PROTOCOL,
  upcastMutation,
  type Mutation,
  type PushResponse,
} from '@smb/shared-types/sync';
import type { OutboxEntry, SmbDatabase } from '../db/database';
import { setMeta } from '../db/meta';
import { recordRejections } from './pull';
import { rebase } from './rebase';

/** The next batch to push: the oldest entries the server has not processed yet. */
export async function nextPushBatch(
  db: SmbDatabase,
  clientId: string,
  max = PUSH_BATCH_MAX,
): Promise<OutboxEntry[]> {
  return db.outbox
    .where('[clientId+mutationId]')
    .between([clientId, 0], [clientId, Number.MAX_SAFE_INTEGER], true, true)
    .filter((e) => e.status === 'pending')
    .limit(max)
    .toArray();
}

/**
 * The mutation as this build sends it. An entry queued by an older build (a lower protocol
 * version, e.g. before an app update with changes waiting) is raised to this build's shape by the
 * same upcasters the server uses (shared-types `MUTATION_UPCASTS`), since the whole push is sent
 * at this build's version.
 */
export function toMutation(entry: OutboxEntry): Mutation {
  const version = entry.protocolVersion ?? UNVERSIONED_PROTOCOL;
  return {
    id: entry.mutationId,
    name: entry.name,
    args: version < PROTOCOL_VERSION ? upcastMutation(entry.name, entry.args, version) : entry.args,
    timestamp: entry.createdAt,
  };
}

/**
 * Records a push's results: processed entries become 'pushed' (they stay until a pull acknowledges
 * them, so their effect never flickers away); rejected ones leave the outbox at once, their
 * effect is rolled back to the server copy, and the server's reason is kept.
 */
export async function applyPushResponse(
  db: SmbDatabase,
  clientId: string,
  sent: OutboxEntry[],
  response: PushResponse,
): Promise<void> {
  await db.transaction('rw', db.allTables, async () => {
    const rejected = response.results.filter((r) => r.status === 'rejected');
    const now = new Date().toISOString();
    await recordRejections(
      db,
      clientId,
      rejected.map((r) => ({
        mutationId: r.id,
        name: sent.find((e) => e.mutationId === r.id)?.name ?? '',
        statusCode: r.error?.statusCode ?? 400,
        message: r.error?.message ?? 'The server refused this change.',
        createdAt: now,
      })),
    );
    const rejectedIds = new Set(rejected.map((r) => r.id));
    for (const entry of sent) {
      if (
        entry.localId === undefined ||
        entry.mutationId > response.lastMutationId ||
        rejectedIds.has(entry.mutationId)
      )
        continue;
      await db.outbox.update(entry.localId, { status: 'pushed' });
    }
    if (rejectedIds.size > 0) {
      await rebase(db, async () => {
        await db.outbox
          .where('[clientId+mutationId]')
          .anyOf([...rejectedIds].map((id) => [clientId, id]))
          .delete();
      });
    }
  });
}

/**
 * The server stopped at a gap: its last processed id is below our oldest pending one (e.g. the
 * server lost a client record). Renumber the pending entries to follow on, so the queue never
 * wedges. Returns true when something was renumbered.
 */
export async function closeGap(
  db: SmbDatabase,
  clientId: string,
  serverLast: number,
): Promise<boolean> {
  return db.transaction('rw', db.allTables, async () => {
    const entries = await db.outbox
      .where('[clientId+mutationId]')
      .between([clientId, serverLast + 1], [clientId, Number.MAX_SAFE_INTEGER], true, true)
      .toArray();
    if (entries.length === 0 || entries[0]?.mutationId === serverLast + 1) return false;
    let next = serverLast + 1;
    for (const entry of entries) {
      if (entry.localId !== undefined)
        await db.outbox.update(entry.localId, { mutationId: next, status: 'pending' });
      next += 1;
    }
    await setMeta(db, 'nextMutationId', next);
    return true;
  });
}
