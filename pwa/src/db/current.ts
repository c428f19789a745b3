import { useSyncExternalStore } from 'react';
import type { SmbDatabase } from './database';

/**
 * The signed-in user's database. Set by `startSync()` after login; screens read it through
 * `useDatabase()`, domain actions through `requireDatabase()`.
 */
let current: SmbDatabase | null = null;
const listeners = new Set<() => void>();

export function setCurrentDatabase(db: SmbDatabase | null): void {
  if (current === db) return;
  current = db;
  for (const listener of [...listeners]) listener();
}

export function currentDatabase(): SmbDatabase | null {
  return current;
}

export function requireDatabase(): SmbDatabase {
  if (!current) throw new Error('No local database: sign in first (startSync was not called).');
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDatabase(): SmbDatabase | null {
  return useSyncExternalStore(subscribe, currentDatabase, currentDatabase);
}
