import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { SyncEntity } from '@smb/shared-types/sync';
import { useDatabase } from '../db/current';
import type { RejectionRow } from '../db/database';
import { getMeta } from '../db/meta';
import type { ConflictRow } from '../db/types';
import { resolveConflict, type ConflictChoice } from './conflicts';
import { discardRejection, retryRejection } from './rejections';
import { currentEngine } from './session';
import { syncStatus, type SyncState, type SyncStatusStore } from './status';

export interface SyncStatusView extends SyncState {
  /** Mutations not yet acknowledged by the server (all tabs). */
  pendingCount: number;
  /** Refused mutations, with the server's message. */
  rejections: RejectionRow[];
  /** Unresolved conflicts. */
  conflicts: ConflictRow[];
  syncNow: () => void;
  discardRejection: (mutationId: number) => Promise<void>;
  retryRejection: (mutationId: number) => Promise<void>;
  resolveConflict: (conflictId: string, choice: ConflictChoice) => Promise<void>;
  /** Hides the storage error after the user has seen it. */
  dismissStorageError: () => void;
}

const NONE: never[] = [];

/**
 * The visible sync status: this tab's engine state plus what IndexedDB holds. Each
 * stored part is its own live query, so a local edit (an outbox write) reads the outbox's count
 * again, not the rejections, conflicts and sync time too.
 */
export function useSyncStatus(store: SyncStatusStore = syncStatus): SyncStatusView {
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  const db = useDatabase();
  const pendingCount = useLiveQuery(async () => (db ? db.outbox.count() : 0), [db], 0) ?? 0;
  const rejections =
    useLiveQuery(async () => (db ? db.rejections.orderBy('mutationId').toArray() : NONE), [db]) ??
    NONE;
  const conflicts =
    useLiveQuery(
      async () => (db ? db.conflicts.filter((c) => !c.resolved).toArray() : NONE),
      [db],
    ) ?? NONE;
  const storedSyncedAt =
    useLiveQuery(async () => (db ? ((await getMeta(db, 'lastSyncedAt')) ?? null) : null), [db]) ??
    null;

  const syncNow = useCallback(() => void currentEngine()?.syncNow(), []);
  const dismissStorageError = useCallback(() => store.set({ storageError: null }), [store]);

  return useMemo(() => {
    const need = () => {
      if (!db) throw new Error('Not signed in');
      return db;
    };
    return {
      ...state,
      pendingCount,
      rejections,
      conflicts,
      lastSyncedAt: Math.max(state.lastSyncedAt ?? 0, storedSyncedAt ?? 0) || null,
      syncNow,
      dismissStorageError,
      discardRejection: (id) => discardRejection(need(), id),
      retryRejection: (id) => retryRejection(need(), id),
      resolveConflict: (id, choice) => resolveConflict(need(), id, choice),
    };
  }, [
    state,
    pendingCount,
    rejections,
    conflicts,
    storedSyncedAt,
    db,
    syncNow,
    dismissStorageError,
  ]);
}

/** Ids of `entity` records with changes not yet synced (to mark rows 'not synced'). */
export function usePendingIds(entity: SyncEntity): Set<string> {
  const db = useDatabase();
  const keys = useLiveQuery(
    async () => (db ? ((await db.outbox.orderBy('keys').uniqueKeys()) as string[]) : []),
    [db],
    [],
  );
  return useMemo(() => {
    const prefix = `${entity}:`;
    return new Set(
      (keys ?? []).filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length)),
    );
  }, [keys, entity]);
}
