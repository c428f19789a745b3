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

interface Shared {
  pendingCount: number;
  rejections: RejectionRow[];
  conflicts: ConflictRow[];
  lastSyncedAt: number | null;
}

const EMPTY: Shared = { pendingCount: 0, rejections: [], conflicts: [], lastSyncedAt: null };

/** The visible sync status (DESIGN §6): this tab's engine state plus what IndexedDB holds. */
export function useSyncStatus(store: SyncStatusStore = syncStatus): SyncStatusView {
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  const db = useDatabase();
  const shared =
    useLiveQuery(
      async (): Promise<Shared> => {
        if (!db) return EMPTY;
        const [pendingCount, rejections, conflicts, lastSyncedAt] = await Promise.all([
          db.outbox.count(),
          db.rejections.orderBy('mutationId').toArray(),
          db.conflicts.filter((c) => !c.resolved).toArray(),
          getMeta(db, 'lastSyncedAt'),
        ]);
        return { pendingCount, rejections, conflicts, lastSyncedAt: lastSyncedAt ?? null };
      },
      [db],
      EMPTY,
    ) ?? EMPTY;

  const syncNow = useCallback(() => void currentEngine()?.syncNow(), []);
  const dismissStorageError = useCallback(() => store.set({ storageError: null }), [store]);

  return useMemo(() => {
    const need = () => {
      if (!db) throw new Error('Not signed in');
      return db;
    };
    return {
      ...state,
      ...shared,
      lastSyncedAt: Math.max(state.lastSyncedAt ?? 0, shared.lastSyncedAt ?? 0) || null,
      syncNow,
      dismissStorageError,
      discardRejection: (id) => discardRejection(need(), id),
      retryRejection: (id) => retryRejection(need(), id),
      resolveConflict: (id, choice) => resolveConflict(need(), id, choice),
    };
  }, [state, shared, db, syncNow, dismissStorageError]);
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
