import { setCurrentDatabase } from '../db/current';
import { openDatabase, type SmbDatabase } from '../db/database';
import { setMeta } from '../db/meta';
import { SyncEngine, type SyncEngineOptions } from './engine';
import { reportStorageError, syncStatus } from './status';
import type { SyncFetch, SyncTransport } from './transport';

export interface StartSyncOptions {
  tenantId: string;
  /** The user id (token `sub`). */
  userId: string;
  getToken: SyncTransport['getToken'];
  fetch?: SyncFetch;
  baseUrl?: string;
  engine?: Partial<Omit<SyncEngineOptions, 'db' | 'transport'>>;
}

let session: { key: string; db: SmbDatabase; engine: SyncEngine } | null = null;

/**
 * After login: opens the user's database (`smb-<tenantId>-<userId>`), makes it current and starts
 * the engine. Called again after a 401 and a new login, it resumes the same engine and outbox.
 */
export function startSync(options: StartSyncOptions): { db: SmbDatabase; engine: SyncEngine } {
  const key = `${options.tenantId}/${options.userId}`;
  if (session && session.key !== key) closeSync();
  if (!session) {
    const db = openDatabase(options.tenantId, options.userId);
    db.transaction('rw', db.meta, async () => {
      await setMeta(db, 'userId', options.userId);
    }).catch((error: unknown) => reportStorageError(error));
    const engine = new SyncEngine({
      ...options.engine,
      db,
      transport: {
        fetch: options.fetch ?? ((url, init) => fetch(url, init)),
        getToken: options.getToken,
        baseUrl: options.baseUrl,
      },
    });
    session = { key, db, engine };
    setCurrentDatabase(db);
  }
  session.engine.start();
  return { db: session.db, engine: session.engine };
}

/** Session expiry or 401: stop syncing; the database and its outbox stay. */
export function stopSync(): void {
  session?.engine.stop();
}

/** Logout: stop syncing and close the database (the outbox stays on disk for the next login). */
export function closeSync(): void {
  if (!session) return;
  session.engine.stop();
  session.db.close();
  session = null;
  setCurrentDatabase(null);
  syncStatus.set({
    lastSyncedAt: null,
    firstSync: null,
    lastFailure: null,
    consecutiveFailures: 0,
    failingSince: null,
    nextRetryAt: null,
    needsLogin: false,
  });
}

export function currentEngine(): SyncEngine | null {
  return session?.engine ?? null;
}

/** Asks the browser not to evict IndexedDB (the offline outbox); call after login. */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || !navigator.storage?.persist) return false;
    if (await navigator.storage.persisted?.()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}
