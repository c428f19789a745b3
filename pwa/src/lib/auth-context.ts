import { createContext, useContext } from 'react';
import type { TokenClaims } from '@smb/shared-types/auth';

export interface AuthContextValue {
  token: string | null;
  claims: Partial<TokenClaims> | null;
  isAuthenticated: boolean;
  /** The JWT claim IsTenantAdmin is the string 'true' (not a boolean). */
  isAdmin: boolean;
  /** Stores a new session (after login or invitation acceptance). */
  signIn: (token: string, expiresAt?: string) => void;
  /** Drops the session keys; local data (IndexedDB) stays for the next login. */
  signOut: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
