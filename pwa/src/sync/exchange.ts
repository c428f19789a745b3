import { PROTOCOL_VERSION, type PullResponse, type PushResponse } from '@smb/shared-types/sync';
import type { SmbDatabase } from '../db/database';
import { clientIdentity, getMeta } from '../db/meta';
import type { SyncState } from './status';
import { applyPullPage } from './pull';
import { applyPushResponse, closeGap, nextPushBatch, toMutation } from './push';
import { postJson, type SyncTransport } from './transport';

/** What one sync cycle's requests need: the local store, the server, and how long to wait. */
export interface Exchange {
  db: SmbDatabase;
  transport: SyncTransport;
  timeoutMs: number;
}

async function ids(db: SmbDatabase) {
  // An async scope: Dexie keeps its zone only across awaits inside async functions.
  return db.transaction('rw', db.meta, async () => await clientIdentity(db));
}

/**
 * Pushes the outbox in batches until it is empty, a gap cannot be closed, or the server made no
 * progress; returns how many mutations the server took. `setPushing` brackets each request.
 */
export async function pushAll(
  { db, transport, timeoutMs }: Exchange,
  setPushing: (pushing: boolean) => void,
): Promise<number> {
  const { clientId, clientGroupId } = await ids(db);
  const deviceName = (await getMeta(db, 'deviceName'))?.trim();
  let pushed = 0;
  for (;;) {
    const batch = await nextPushBatch(db, clientId);
    if (batch.length === 0) return pushed;
    setPushing(true);
    let response: PushResponse;
    try {
      response = await postJson<PushResponse>(
        transport,
        '/api/sync/push',
        {
          clientGroupId,
          clientId,
          mutations: batch.map(toMutation),
          protocolVersion: PROTOCOL_VERSION,
          ...(deviceName ? { deviceName } : {}),
        },
        { timeoutMs },
      );
    } finally {
      setPushing(false);
    }
    await applyPushResponse(db, clientId, batch, response);
    pushed += batch.filter((e) => e.mutationId <= response.lastMutationId).length;
    if (response.gapAt !== undefined) {
      if (await closeGap(db, clientId, response.lastMutationId)) continue;
      return pushed;
    }
    // No progress (the server processed nothing of this batch): stop, pull, try again later.
    if (response.lastMutationId < (batch[0]?.mutationId ?? 0)) return pushed;
  }
}

/**
 * Pulls pages until `hasMore` is false; returns how many changes arrived. A first sync (no cursor
 * yet) reports its progress through `onFirstSync`, and null once the last page is in.
 */
export async function pullAll(
  { db, transport, timeoutMs }: Exchange,
  onFirstSync: (progress: SyncState['firstSync']) => void,
): Promise<number> {
  const { clientId, clientGroupId } = await ids(db);
  const cursor = (await getMeta(db, 'cursor')) ?? null;
  const fromScratch = cursor === null;
  let received = 0;
  const request = (from: string | null) => {
    const pending = postJson<PullResponse>(
      transport,
      '/api/sync/pull',
      { clientGroupId, clientId, cursor: from, protocolVersion: PROTOCOL_VERSION },
      { timeoutMs },
    );
    pending.catch(() => undefined); // awaited below; never an unhandled rejection
    return pending;
  };
  let next = request(cursor);
  for (let page = 0; page < 100_000; page++) {
    const response = await next;
    // A pull only reads: ask for the next page while this one is written to IndexedDB, so the
    // server and the local store work at the same time instead of taking turns.
    if (response.hasMore) next = request(response.cursor);
    await applyPullPage(db, clientId, response);
    received += response.patch.length;
    if (fromScratch)
      onFirstSync(response.hasMore ? { received, remaining: response.remaining } : null);
    if (!response.hasMore) break;
  }
  return received;
}
