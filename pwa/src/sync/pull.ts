import {
  SYNC_ENTITIES,
  type PatchOp,
  type PullResponse,
  type Rejection,
  type SyncEntity,
} from '@smb/shared-types/sync';
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
 * Writes a patch in bulk: one `bulkPut` and one `bulkDelete` per table instead of one request per
 * row (a first sync is tens of thousands of rows). Only the order of ops on the SAME record
 * matters, so each record's last op wins — the same end state as applying the ops one by one.
 */
async function applyPatch(db: SmbDatabase, patch: PatchOp[]): Promise<void> {
  const last = new Map<SyncEntity, Map<string, PatchOp>>();
  for (const op of patch) {
    let ops = last.get(op.entity);
    if (!ops) last.set(op.entity, (ops = new Map()));
    ops.delete(op.id); // re-insert: the map keeps the order of each record's last op
    ops.set(op.id, op);
  }
  for (const [entity, ops] of last) {
    const table = db.entityTable(entity);
    const puts: { id: string }[] = [];
    const dels: string[] = [];
    for (const op of ops.values())
      if (op.op === 'put') puts.push({ ...op.value, id: op.id });
      else dels.push(op.id);
    if (dels.length > 0) await table.bulkDelete(dels);
    if (puts.length > 0) await table.bulkPut(puts);
  }
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
      await applyPatch(db, page.patch);
      await setMeta(db, 'tenant', page.tenant);
    });
    if (!page.hasMore) await setMeta(db, 'lastSyncedAt', Date.now());
    await setMeta(db, 'cursor', page.cursor);
  });
}
