import { describe, expect, it } from 'vitest';
import { makeToken } from '../../test/helpers';
import {
  clearSession,
  decodeClaims,
  expiryFor,
  isExpired,
  readSession,
  touchActivity,
  writeSession,
} from '../session';

const HOUR = 60 * 60 * 1000;

describe('session storage', () => {
  it('stores token, last activity and expiry, and reads them back', () => {
    const now = Date.UTC(2026, 0, 1, 9);
    writeSession('a.b.c', new Date(now + 2 * HOUR).toISOString(), now);
    expect(readSession()).toEqual({
      token: 'a.b.c',
      lastActivity: now,
      tokenExpiry: now + 2 * HOUR,
    });
  });

  it('falls back to the exp claim, then to two hours, for the expiry', () => {
    const now = Date.UTC(2026, 0, 1, 9);
    expect(expiryFor(makeToken({ exp: now / 1000 + 60 }), undefined, now)).toBe(now + 60_000);
    expect(expiryFor('not-a-jwt', undefined, now)).toBe(now + 2 * HOUR);
  });

  it('logout removes only the session keys', () => {
    writeSession('a.b.c', undefined);
    localStorage.setItem('unrelated', 'keep me');
    clearSession();
    expect(readSession()).toBeNull();
    expect(localStorage.getItem('lastActivity')).toBeNull();
    expect(localStorage.getItem('tokenExpiry')).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('keep me');
  });

  it('touchActivity only updates a signed-in session', () => {
    touchActivity(123);
    expect(localStorage.getItem('lastActivity')).toBeNull();
    writeSession('a.b.c', undefined, 100);
    touchActivity(5000);
    expect(readSession()?.lastActivity).toBe(5000);
  });
});

describe('isExpired', () => {
  const now = Date.UTC(2026, 0, 1, 12);
  const session = (lastActivity: number, tokenExpiry: number) => ({
    token: 't',
    lastActivity,
    tokenExpiry,
  });

  it('is valid within two hours of activity and before expiry', () => {
    expect(isExpired(session(now - 2 * HOUR, now + 1), now)).toBe(false);
  });
  it('expires after more than two hours without activity', () => {
    expect(isExpired(session(now - 2 * HOUR - 1, now + HOUR), now)).toBe(true);
  });
  it('expires when the expiry time has passed', () => {
    expect(isExpired(session(now, now), now)).toBe(true);
  });
  it('treats no session as expired', () => {
    expect(isExpired(null, now)).toBe(true);
  });
});

describe('decodeClaims', () => {
  it('reads the JWT payload and rejects malformed tokens', () => {
    const token = makeToken({ IsTenantAdmin: 'true', tenantSchema: 'acme_1' });
    expect(decodeClaims(token)).toMatchObject({ IsTenantAdmin: 'true', tenantSchema: 'acme_1' });
    expect(decodeClaims('garbage')).toBeNull();
  });
});
