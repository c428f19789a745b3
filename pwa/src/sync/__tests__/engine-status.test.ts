import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SmbDatabase } from '../../db/database';
import { getMeta } from '../../db/meta';
import { createCustomer } from '../../features/customers/data/customers';
import type { SyncEngine } from '../engine';
import { createSyncStatusStore, type SyncStatusStore } from '../status';
import type { SyncFetch, SyncRequestInit } from '../transport';
import { FakeSyncServer } from './fake-server';
import { newClientDb, testEngine } from './helpers';

/**
 * The engine's status tells the truth about the last sync cycle: a failed push or
 * pull is recorded with its kind until a later cycle succeeds; 'last synced' moves only when a
 * pull succeeded; a request that hangs ends as a timeout instead of 'syncing' forever.
 */

const open: { db: SmbDatabase; engine: SyncEngine }[] = [];
afterEach(() => {
  for (const { db, engine } of open.splice(0)) {
    engine.stop();
    db.close();
  }
  vi.restoreAllMocks();
});

type Answer = 'pass' | 'network' | 'hang' | { status: number; body?: unknown };

/** A server whose answers to push or pull can be replaced by a failure for a while. */
async function flakyClient(options: { requestTimeoutMs?: number } = {}) {
  const server = await new FakeSyncServer().init();
  const answers: Record<'push' | 'pull', Answer> = { push: 'pass', pull: 'pass' };
  const signals: AbortSignal[] = [];
  const fetch: SyncFetch = async (url: string, init: SyncRequestInit) => {
    const answer = url.endsWith('/push') ? answers.push : answers.pull;
    if (init.signal) signals.push(init.signal);
    if (answer === 'network') throw new TypeError('Failed to fetch');
    if (answer === 'hang') return new Promise(() => undefined);
    if (answer !== 'pass')
      return { status: answer.status, json: async () => answer.body ?? { message: 'down' } };
    return server.transport()(url, init);
  };
  const db = newClientDb();
  const status: SyncStatusStore = createSyncStatusStore();
  const engine = testEngine(db, fetch, { status, ...options });
  open.push({ db, engine });
  engine.start();
  return { server, db, engine, status, answers, signals };
}

describe('sync status', () => {
  it('a failing pull is reported until a pull succeeds; last synced does not move meanwhile', async () => {
    const { db, engine, status, answers } = await flakyClient();
    expect((await engine.syncNow()).ok).toBe(true);
    const synced = status.get().lastSyncedAt!;
    const storedSynced = await getMeta(db, 'lastSyncedAt');
    expect(status.get()).toMatchObject({ lastFailure: null, consecutiveFailures: 0 });

    answers.pull = { status: 500 };
    expect((await engine.syncNow()).ok).toBe(false);
    const first = status.get();
    expect(first.lastFailure).toMatchObject({ kind: 'server', status: 500 });
    expect(first).toMatchObject({ consecutiveFailures: 1, syncing: false, online: true });
    expect(first.failingSince).toBe(first.lastFailure!.at);
    expect(first.nextRetryAt).toBeGreaterThan(Date.now());

    answers.pull = 'network';
    expect((await engine.syncNow()).ok).toBe(false);
    const second = status.get();
    expect(second.lastFailure).toMatchObject({ kind: 'network' });
    expect(second.consecutiveFailures).toBe(2);
    expect(second.failingSince).toBe(first.failingSince);
    expect(second.lastSyncedAt).toBe(synced);
    expect(await getMeta(db, 'lastSyncedAt')).toBe(storedSynced);

    answers.pull = 'pass';
    expect((await engine.syncNow()).ok).toBe(true);
    expect(status.get()).toMatchObject({
      lastFailure: null,
      consecutiveFailures: 0,
      failingSince: null,
      nextRetryAt: null,
    });
    expect(status.get().lastSyncedAt).toBeGreaterThanOrEqual(synced);
  });

  it('a failing push is reported and the change stays in the outbox', async () => {
    const { db, engine, status, answers, server } = await flakyClient();
    await engine.syncNow();
    await createCustomer({ name: 'Kept', email: 'kept@x.test' }, db);
    answers.push = { status: 503 };
    expect((await engine.syncNow()).ok).toBe(false);
    expect(status.get().lastFailure).toMatchObject({ kind: 'server', status: 503 });
    expect(status.get().pushing).toBe(false);
    expect(await db.outbox.count()).toBe(1);
    expect(await server.rows('customers')).toEqual([]);

    answers.push = 'pass';
    expect((await engine.syncNow()).ok).toBe(true);
    expect(status.get().lastFailure).toBeNull();
    expect(await db.outbox.count()).toBe(0);
  });

  it('tells offline (the browser says so) from a server it cannot reach while online', async () => {
    const { engine, status, answers } = await flakyClient();
    answers.pull = 'network';
    await engine.syncNow();
    expect(status.get()).toMatchObject({ online: true, lastFailure: { kind: 'network' } });

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await engine.syncNow();
    expect(status.get()).toMatchObject({ online: false, lastFailure: { kind: 'offline' } });
  });

  it('a request without an answer is aborted after the timeout and reported, not left syncing', async () => {
    const { engine, status, answers, signals } = await flakyClient({ requestTimeoutMs: 200 });
    answers.pull = 'hang';
    const result = await engine.syncNow();
    expect(result.ok).toBe(false);
    expect(status.get()).toMatchObject({ syncing: false, lastFailure: { kind: 'timeout' } });
    expect(signals.at(-1)?.aborted).toBe(true);

    answers.pull = 'pass';
    expect((await engine.syncNow()).ok).toBe(true);
    expect(signals.at(-1)?.aborted).toBe(false);
  });

  it('a refused request keeps the server message; a 401 asks for a new login', async () => {
    const { engine, status, answers } = await flakyClient();
    answers.pull = { status: 400, body: { message: 'Cursor is not valid' } };
    await engine.syncNow();
    expect(status.get().lastFailure).toMatchObject({
      kind: 'refused',
      status: 400,
      message: 'Cursor is not valid',
    });

    answers.pull = { status: 401 };
    await engine.syncNow();
    expect(status.get()).toMatchObject({
      needsLogin: true,
      nextRetryAt: null,
      consecutiveFailures: 2,
      lastFailure: { kind: 'auth' },
    });
    expect(engine.isStarted).toBe(false);
  });
});
