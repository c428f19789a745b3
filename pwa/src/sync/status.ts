/**
 * The sync status of this tab: what the engine is doing, as a tiny external store for
 * `useSyncExternalStore`. Counts and lists that live in IndexedDB (pending mutations, rejections,
 * conflicts) are read by `useSyncStatus()` from Dexie, so every tab sees them.
 */
/**
 * Why the last sync cycle failed: the browser is offline, the server could not be reached, did
 * not answer in time, answered 5xx/429/408, refused the session (401) or the request (other 4xx),
 * or something failed on this device — or the server does not accept this app's protocol
 * version: `clientTooOld` (update the app), `clientTooNew` (the server is older; wait).
 */
export type SyncFailureKind =
  | 'offline'
  | 'network'
  | 'timeout'
  | 'server'
  | 'auth'
  | 'refused'
  | 'local'
  | 'clientTooOld'
  | 'clientTooNew';

export interface SyncFailure {
  kind: SyncFailureKind;
  /** The technical message (the UI words come from `kind`). */
  message: string;
  /** The HTTP status for `server`, `refused` and the protocol kinds. */
  status?: number;
  /** When it happened (ms since the epoch). */
  at: number;
}

export interface SyncState {
  online: boolean;
  /** This tab runs the sync engine (one leader per browser). */
  isLeader: boolean;
  syncing: boolean;
  pushing: boolean;
  /** Time of the last complete sync by this tab (the hook also reads the shared one). */
  lastSyncedAt: number | null;
  /** First sync from scratch: rows received so far and still to come. */
  firstSync: { received: number; remaining: number } | null;
  /** The server answered 401: the outbox is kept, sync resumes after the next login. */
  needsLogin: boolean;
  /** The last failed sync cycle; null once a cycle (push and pull) has succeeded. */
  lastFailure: SyncFailure | null;
  /** Failed cycles in a row (0 after a successful one). */
  consecutiveFailures: number;
  /** When the first failure of the current run of failures happened. */
  failingSince: number | null;
  /** When the engine tries again by itself after a failure. */
  nextRetryAt: number | null;
  /** IndexedDB refused a write (quota), never swallowed. */
  storageError: string | null;
}

type Listener = () => void;

export interface SyncStatusStore {
  get(): SyncState;
  set(patch: Partial<SyncState>): void;
  subscribe(listener: Listener): () => void;
}

const initial = (): SyncState => ({
  online: typeof navigator === 'undefined' ? true : navigator.onLine !== false,
  isLeader: false,
  syncing: false,
  pushing: false,
  lastSyncedAt: null,
  firstSync: null,
  needsLogin: false,
  lastFailure: null,
  consecutiveFailures: 0,
  failingSince: null,
  nextRetryAt: null,
  storageError: null,
});

export function createSyncStatusStore(): SyncStatusStore {
  let state = initial();
  const listeners = new Set<Listener>();
  return {
    get: () => state,
    set(patch) {
      const changed = (Object.keys(patch) as (keyof SyncState)[]).some(
        (k) => patch[k] !== state[k],
      );
      if (!changed) return;
      state = { ...state, ...patch };
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's status store (tests may create their own). */
export const syncStatus = createSyncStatusStore();

export const STORAGE_FULL_MESSAGE =
  'This device has run out of storage space for offline data. Free some space, then try again; changes that could not be saved were not kept.';

export function isQuotaError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { name?: string; inner?: unknown };
  return e.name === 'QuotaExceededError' || (e.inner !== undefined && isQuotaError(e.inner));
}

/**
 * A local change the device could not store because the browser's storage quota is used up. Its
 * message is the one the user sees (on the form that saved, and in the Sync issues panel); the
 * write was one transaction, so it is not half-kept and nothing stored before is touched.
 */
export class StorageFullError extends Error {
  constructor(cause: unknown) {
    super(STORAGE_FULL_MESSAGE, { cause });
    this.name = 'StorageFullError';
  }
}

/** Reports a storage failure to the status store when it is a quota error; returns the error. */
export function reportStorageError(error: unknown, store: SyncStatusStore = syncStatus): unknown {
  if (isQuotaError(error)) store.set({ storageError: STORAGE_FULL_MESSAGE });
  return error;
}
