import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { AuthContext, type AuthContextValue } from './auth-context';
import { clearSession, decodeClaims, isExpired, readSession, SESSION_KEYS, writeSession } from './session';

function initialToken(): string | null {
  const session = readSession();
  if (!session) return null;
  if (isExpired(session)) {
    clearSession();
    return null;
  }
  return session.token;
}

/** Asks the browser to keep IndexedDB (the offline outbox) from being evicted. */
function requestPersistentStorage(): void {
  try {
    const result = navigator.storage?.persist?.();
    if (result) result.catch(() => undefined);
  } catch {
    // Not available in this browser; nothing to do.
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<string | null>(initialToken);

  const signIn = useCallback((newToken: string, expiresAt?: string) => {
    writeSession(newToken, expiresAt);
    setToken(newToken);
    requestPersistentStorage();
  }, []);

  const signOut = useCallback(() => {
    clearSession();
    setToken(null);
  }, []);

  // Another tab logged in or out.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === SESSION_KEYS.token) setToken(readSession()?.token ?? null);
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
