import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { AuthContext, type AuthContextValue } from '../../lib/auth-context';
import {
  clearSession,
  decodeClaims,
  isExpired,
  noteSessionExpired,
  readSession,
  SESSION_KEYS,
  shouldEndSession,
  writeSession,
} from '../../lib/session';

/** The stored session on app start; an expired one is kept while offline (`shouldEndSession`). */
function initialToken(): string | null {
  const session = readSession();
  if (!session) return null;
  if (shouldEndSession(session)) {
    const email = decodeClaims(session.token)?.email;
    noteSessionExpired(typeof email === 'string' ? email : undefined);
    clearSession();
    return null;
  }
  return session.token;
}

/**
 * The offline store's lifecycle (the local database and its sync), loaded on demand so that the landing page never
 * downloads Dexie. Without IndexedDB (old browsers, unit tests without fake-indexeddb) the
 * dashboard simply has no local store.
 */
const syncModule = () => import('../../sync/session');
const hasIndexedDb = () => typeof indexedDB !== 'undefined';

/** Asks the browser at once (still inside the login click) to keep IndexedDB from eviction. */
function persistStorageNow(): void {
  try {
    const result = navigator.storage?.persist?.();
    if (result) result.catch(() => undefined);
  } catch {
    // Not available in this browser; nothing to do.
  }
}

/** Opens the signed-in user's database and starts syncing; asks to keep storage from eviction. */
function startSession(token: string): void {
  const claims = decodeClaims(token);
  const tenantId = claims?.tenantId;
  const userId = claims?.sub;
  if (!hasIndexedDb() || typeof tenantId !== 'string' || typeof userId !== 'string') return;
  void syncModule().then(({ startSync, requestPersistentStorage }) => {
    // The token may have changed while the module loaded (logout, another account).
    if (readSession()?.token !== token) return;
    startSync({ tenantId, userId, getToken: () => readSession()?.token ?? null });
    void requestPersistentStorage();
  });
}

/** Logout closes the database; an expired session only stops syncing. Neither deletes data. */
function endSession(expired: boolean): void {
  if (!hasIndexedDb()) return;
  void syncModule().then(({ closeSync, stopSync }) => (expired ? stopSync() : closeSync()));
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<string | null>(initialToken);

  const signIn = useCallback((newToken: string, expiresAt?: string) => {
    writeSession(newToken, expiresAt);
    setToken(newToken);
    persistStorageNow();
  }, []);

  const signOut = useCallback(() => {
    const session = readSession();
    endSession(!!session && isExpired(session));
    clearSession();
    setToken(null);
  }, []);

  // After login, and on app start with a valid session.
  useEffect(() => {
    if (token) startSession(token);
  }, [token]);

  // Another tab logged in or out.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== SESSION_KEYS.token) return;
      const next = readSession()?.token ?? null;
      if (!next) endSession(false);
      setToken(next);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo<AuthContextValue>(() => {
    const claims = token ? decodeClaims(token) : null;
    return {
      token,
      claims,
      isAuthenticated: !!token,
      isAdmin: claims?.IsTenantAdmin === 'true',
      signIn,
      signOut,
    };
  }, [token, signIn, signOut]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
