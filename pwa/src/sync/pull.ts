import { SYNC_ENTITIES, type PullResponse, type Rejection } from '@smb/shared-types/sync';
import type { SmbDatabase } from '../db/database';
import { getMeta, setMeta } from '../db/meta';
import { rebase } from './rebase';

/** Keeps the server's reasons for refused mutations (each once, even if the user discarded it). */
export async function recordRejections(
  db: SmbDatabase,
  clientId: string,
  rejections: Pick<Rejection, 'mutationId' | 'name' | 'statusCode' | 'message' | 'createdAt'>[],
): Promise<void> {
  let last = (await getMeta(db, 'lastRejectionId')) ?? 0;
  const fresh = rejections
    .filter((r) => r.mutationId > last)
    .sort((a, b) => a.mutationId - b.mutationId);
  for (const r of fresh) {
    const entry = await db.outbox
      .where('[clientId+mutationId]')
      .equals([clientId, r.mutationId])
      .first();
    await db.rejections.put({
      mutationId: r.mutationId,
      name: r.name,
      args: entry?.args ?? null,
      statusCode: r.statusCode,
      message: r.message,
      createdAt: r.createdAt,
    });
    last = r.mutationId;
  }
  if (fresh.length > 0) await setMeta(db, 'lastRejectionId', last);
}

/**
 * Applies one pull page in ONE transaction: record rejections, drop acknowledged outbox entries,
 * reset pending rows to their server copy, apply the patch, re-apply pending mutations, and store
 * the cursor last.
 */
export async function applyPullPage(
  db: SmbDatabase,
  clientId: string,
  page: PullResponse,
): Promise<void> {
  await db.transaction('rw', db.allTables, async () => {
    const acknowledged = page.lastMutationIds[clientId] ?? 0;
    await recordRejections(db, clientId, page.rejections);
    await rebase(db, async () => {
      await db.outbox
        .where('[clientId+mutationId]')
        .between([clientId, 0], [clientId, acknowledged], true, true)
        .delete();
      if (page.clear) for (const entity of SYNC_ENTITIES) await db.entityTable(entity).clear();
      for (const op of page.patch) {
        const table = db.entityTable(op.entity);
        if (op.op === 'put') await table.put({ ...op.value, id: op.id });
        else await table.delete(op.id);
      }
      await setMeta(db, 'tenant', page.tenant);
    });
    if (!page.hasMore) await setMeta(db, 'lastSyncedAt', Date.now());
    await setMeta(db, 'cursor', page.cursor);
  });
}
