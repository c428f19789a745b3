import { SESSION_LIFETIME_MS, type TokenClaims } from '@smb/shared-types/auth';

/** localStorage keys of the session. Logout removes exactly these and nothing else. */
export const SESSION_KEYS = {
  token: 'token',
  lastActivity: 'lastActivity',
  tokenExpiry: 'tokenExpiry',
} as const;

export interface StoredSession {
  token: string;
  lastActivity: number;
  tokenExpiry: number;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Reads the JWT payload without verifying it (the server verifies; the client only reads claims). */
export function decodeClaims(token: string): Partial<TokenClaims> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return parsed && typeof parsed === 'object' ? (parsed as Partial<TokenClaims>) : null;
  } catch {
    return null;
  }
}

export function readSession(): StoredSession | null {
  const store = storage();
  const token = store?.getItem(SESSION_KEYS.token);
  if (!store || !token) return null;
  const lastActivity = Number(store.getItem(SESSION_KEYS.lastActivity));
  const tokenExpiry = Number(store.getItem(SESSION_KEYS.tokenExpiry));
  return {
    token,
    lastActivity: Number.isFinite(lastActivity) ? lastActivity : 0,
    tokenExpiry: Number.isFinite(tokenExpiry) ? tokenExpiry : 0,
  };
}

/** Expiry time of a new session: the server's `expiresAt`, else the token's `exp`, else now + 2 h. */
export function expiryFor(token: string, expiresAt: string | undefined, now: number): number {
  const fromServer = expiresAt ? Date.parse(expiresAt) : NaN;
  if (Number.isFinite(fromServer)) return fromServer;
  const exp = decodeClaims(token)?.exp;
  if (typeof exp === 'number') return exp * 1000;
  return now + SESSION_LIFETIME_MS;
}

export function writeSession(
  token: string,
  expiresAt: string | undefined,
  now = Date.now(),
): StoredSession {
  clearSessionExpiredNotice();
  const session = { token, lastActivity: now, tokenExpiry: expiryFor(token, expiresAt, now) };
  const store = storage();
  store?.setItem(SESSION_KEYS.token, token);
  store?.setItem(SESSION_KEYS.lastActivity, String(session.lastActivity));
  store?.setItem(SESSION_KEYS.tokenExpiry, String(session.tokenExpiry));
  return session;
}

/** Removes the session keys only — never IndexedDB, so unsynced changes survive a logout. */
export function clearSession(): void {
  const store = storage();
  for (const key of Object.values(SESSION_KEYS)) store?.removeItem(key);
}

export function touchActivity(now = Date.now()): void {
  const store = storage();
  if (store?.getItem(SESSION_KEYS.token)) store.setItem(SESSION_KEYS.lastActivity, String(now));
}

/** Expired when more than 2 h passed since the last activity, or the expiry time has passed. */
export function isExpired(session: StoredSession | null, now = Date.now()): boolean {
  if (!session) return true;
  if (now - session.lastActivity > SESSION_LIFETIME_MS) return true;
  return session.tokenExpiry > 0 && now >= session.tokenExpiry;
}

/** The browser says it has no network (`navigator.onLine === false`). */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * Whether to log the user out now. Online: exactly `isExpired`. Offline, an expired
 * session is kept: login is online-only and the data is already on the device, so
 * logging a rep out at a trade fair would lock him out of a week's work. The expiry is applied as
 * soon as the app is back online. No session at all (another tab logged out) always ends it.
 */
export function shouldEndSession(
  session: StoredSession | null,
  now = Date.now(),
  offline = isOffline(),
): boolean {
  if (!session) return true;
  return !offline && isExpired(session, now);
}

/** Navigation state of /login after an expiry: the page says that unsynced changes are kept. */
export interface LoginState {
  sessionExpired?: boolean;
  email?: string;
}

const EXPIRED_NOTICE_KEY = 'smb:sessionExpired';

function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Remembers in this tab that the session expired (and whose it was), so that /login still says
 * so after a reload — e.g. the app update that follows a week offline. Cleared by the next login.
 */
export function noteSessionExpired(email: string | undefined): void {
  tabStorage()?.setItem(EXPIRED_NOTICE_KEY, JSON.stringify({ email: email ?? null }));
}

/** The expiry noted in this tab, if any: `{ email }` of the account that expired. */
export function sessionExpiredNotice(): { email: string | null } | null {
  const raw = tabStorage()?.getItem(EXPIRED_NOTICE_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { email?: unknown };
    return { email: typeof parsed.email === 'string' ? parsed.email : null };
  } catch {
    return null;
  }
}

export function clearSessionExpiredNotice(): void {
  tabStorage()?.removeItem(EXPIRED_NOTICE_KEY);
}

/** What /login says after the session expired: nothing unsynced is lost. */
export const SESSION_EXPIRED_MESSAGE =
  'Your session has expired. Please log in again — changes not yet synced are kept on this device and are sent once you have logged in.';
