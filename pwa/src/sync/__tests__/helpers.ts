import { SmbDatabase } from '../../db/database';
import { newId } from '../../db/meta';
import { SyncEngine, type LockManagerLike, type SyncEngineOptions } from '../engine';
import { createSyncStatusStore } from '../status';
import type { SyncFetch, SyncRequestInit } from '../transport';
import type { FakeSyncServer } from './fake-server';

export function newClientDb(name = `client-${newId()}`): SmbDatabase {
  return new SmbDatabase(name);
}

/** An engine for tests: no window listeners, no SSE, no timers that matter (sync by `syncNow`). */
export function testEngine(
  db: SmbDatabase,
  fetch: SyncFetch,
  options: Partial<SyncEngineOptions> & { token?: () => string | null } = {},
): SyncEngine {
  const { token, ...rest } = options;
  return new SyncEngine({
    db,
    transport: { fetch, getToken: token ?? (() => 'token-1') },
    status: createSyncStatusStore(),
    locks: null,
    eventSource: null,
    listenToWindow: false,
    onBusyChange: () => undefined,
    onUpdateRequired: () => undefined,
    intervalMs: 3_600_000,
    debounceMs: 3_600_000,
    backoffBaseMs: 3_600_000,
    ...rest,
  });
}

/** Drains the outbox: sync until nothing is pending (or give up). */
export async function drain(engine: SyncEngine, db: SmbDatabase, rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await engine.syncNow();
    if ((await db.outbox.count()) === 0) {
      await engine.syncNow();
      return;
    }
  }
  throw new Error(`outbox not drained: ${await db.outbox.count()} left`);
}

export type Fault = 'ok' | 'dropRequest' | 'dropResponse' | 'duplicate' | 'replayStale';

/**
 * Wraps a transport with network faults: the request is lost, the response is lost after the
 * server processed it, the request arrives twice, or an old request arrives again late.
 */
export function faultyFetch(inner: SyncFetch, next: () => Fault): SyncFetch {
  const seen: [string, SyncRequestInit][] = [];
  return async (url, init) => {
    const fault = next();
    seen.push([url, init]);
    if (fault === 'dropRequest') throw new TypeError('Failed to fetch');
    if (fault === 'dropResponse') {
      await inner(url, init);
      throw new TypeError('Failed to fetch');
    }
    if (fault === 'duplicate') await inner(url, init);
    if (fault === 'replayStale' && seen.length > 1) {
      const [oldUrl, oldInit] = seen[Math.floor(seen.length / 2)] ?? [url, init];
      await inner(oldUrl, oldInit);
    }
    return inner(url, init);
  };
}

/** An in-process `navigator.locks` (exclusive, FIFO, abortable while waiting). */
export function fakeLocks(): LockManagerLike {
  const queues = new Map<string, { run: () => void }[]>();
  const held = new Set<string>();
  const grant = (name: string) => {
    if (held.has(name)) return;
    const next = queues.get(name)?.shift();
    if (next) next.run();
  };
  return {
    request(name, options, callback) {
      return new Promise((resolve, reject) => {
        const waiter = {
          run: () => {
            held.add(name);
            void callback(null)
              .then(resolve, reject)
              .finally(() => {
                held.delete(name);
                grant(name);
              });
          },
        };
        options.signal?.addEventListener('abort', () => {
          const queue = queues.get(name) ?? [];
          const index = queue.indexOf(waiter);
          if (index >= 0) {
            queue.splice(index, 1);
            reject(new DOMException('Aborted', 'AbortError'));
          }
        });
        queues.set(name, [...(queues.get(name) ?? []), waiter]);
        grant(name);
      });
    },
  };
}

export async function serverAndClientRows(
  server: FakeSyncServer,
  db: SmbDatabase,
  entity: 'customers' | 'contacts' | 'quotes',
) {
  const client = (await db.entityTable(entity).toArray()).sort((a, b) => a.id.localeCompare(b.id));
  return { server: await server.rows(entity), client };
}
