/**
 * Sessions are cached between requests (one database round trip per request instead of two);
 * a change to the user or the tenant still counts from the very next request.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  STRONG_PASSWORD,
  createTestApp,
  latestCode,
  registerTenant,
  type TestApp,
} from './helpers';
import { client, expectStatus, inviteAndAccept } from './api-helpers';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/database';
import type { ChangeListener, ChannelHandlers } from '../src/db/listener';
import { createSessionCache, type SessionRecord } from '../src/modules/auth/session-cache';

let t: TestApp;
let admin: Awaited<ReturnType<typeof registerTenant>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await registerTenant(t, 'Cache Co');
});
afterAll(async () => {
  await t?.close();
});

describe('a session held between requests', () => {
  it('a demoted admin loses admin rights on the next request, and a deleted user is refused', async () => {
    const member = await inviteAndAccept(t, admin.token, true);
    const memberApi = client(t, member.token);
    // Warm: the member's user and tenant are now held by the server.
    expect((await memberApi.get('/api/users')).statusCode).toBe(200);
    expect((await memberApi.get('/api/users')).statusCode).toBe(200);
    expectStatus(
      await client(t, admin.token).put(`/api/users/${member.userId}/role`, {
        isTenantAdmin: false,
      }),
      200,
    );
    expect((await memberApi.get('/api/users')).statusCode).toBe(403);
    expect((await memberApi.get('/api/customers')).statusCode).toBe(200);
    expectStatus(await client(t, admin.token).call('DELETE', `/api/users/${member.userId}`), 200);
    expect((await memberApi.get('/api/customers')).statusCode).toBe(401);
  });

  it('a password reset ends the sessions signed before it at once', async () => {
    const member = await inviteAndAccept(t, admin.token, false);
    const memberApi = client(t, member.token);
    expect((await memberApi.get('/api/customers')).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: member.email },
    });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: {
        email: member.email,
        otpCode: latestCode(t.mailDir, member.email),
        newPassword: `${STRONG_PASSWORD}2`,
      },
    });
    expect(reset.statusCode).toBe(200);
    expect((await memberApi.get('/api/customers')).statusCode).toBe(401);
  });

  it('a renamed company shows its new name to the other users at once', async () => {
    const member = await inviteAndAccept(t, admin.token, false);
    const memberApi = client(t, member.token);
    const before = expectStatus<{ naturalName: string }>(
      await memberApi.get('/api/tenants/current'),
      200,
    );
    expect(before.naturalName).toBe('Cache Co');
    expectStatus(
      await client(t, admin.token).put('/api/tenants/current', { naturalName: 'Cache Co Renamed' }),
      200,
    );
    const after = expectStatus<{ naturalName: string }>(
      await memberApi.get('/api/tenants/current'),
      200,
    );
    expect(after.naturalName).toBe('Cache Co Renamed');
  });

  it('a deleted company’s users are refused at once', async () => {
    const other = await registerTenant(t, 'Doomed Co');
    const member = await inviteAndAccept(t, other.token, false);
    expect((await client(t, member.token).get('/api/customers')).statusCode).toBe(200);
    expectStatus(
      await client(t, other.token).call('DELETE', `/api/tenants/${other.tenantId}`),
      200,
    );
    expect((await client(t, member.token).get('/api/customers')).statusCode).toBe(401);
    expect((await client(t, other.token).get('/api/customers')).statusCode).toBe(401);
  });
});

describe('a token checked before', () => {
  afterEach(() => vi.useRealTimers());

  it('is refused once it expires, though it was accepted a moment earlier', async () => {
    const member = await inviteAndAccept(t, admin.token, false);
    const memberApi = client(t, member.token);
    expect((await memberApi.get('/api/customers')).statusCode).toBe(200);
    expect((await memberApi.get('/api/customers')).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 60 * 60 * 1000 + 1000 });
    const late = await memberApi.get('/api/customers');
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(
      'Your session is invalid or has expired. Please log in again.',
    );
  });

  it('is refused when one character of its signature changes', async () => {
    const api = client(t, admin.token);
    expect((await api.get('/api/customers')).statusCode).toBe(200);
    const last = admin.token.at(-2) === 'A' ? 'B' : 'A';
    const tampered = `${admin.token.slice(0, -2)}${last}${admin.token.at(-1)}`;
    expect((await client(t, tampered).get('/api/customers')).statusCode).toBe(401);
  });
});

describe('SESSION_CACHE_SECONDS', () => {
  it('defaults to 5 minutes, accepts 0 (read the user on every request) and refuses nonsense', () => {
    expect(loadConfig({ DATA_DIR: t.config.dataDir }).sessionCacheMs).toBe(300_000);
    expect(
      loadConfig({ DATA_DIR: t.config.dataDir, SESSION_CACHE_SECONDS: '0' }).sessionCacheMs,
    ).toBe(0);
    expect(() => loadConfig({ DATA_DIR: t.config.dataDir, SESSION_CACHE_SECONDS: '-1' })).toThrow(
      'SESSION_CACHE_SECONDS must be a whole number from 0 to 3600',
    );
  });
});

describe('sessions read together', () => {
  it('expire spread over the second half of SESSION_CACHE_SECONDS, not in the same instant', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      let reads = 0;
      const record = { user: { id: 'u' }, tenant: { id: 't' } } as unknown as SessionRecord;
      const changes = {
        subscribe: (_: string, handlers: ChannelHandlers) => {
          handlers.up?.();
          return () => {};
        },
      } as unknown as ChangeListener;
      const cache = createSessionCache({ kind: 'postgres' } as Database, {
        ttlMs: 100_000,
        changes,
      });
      const lookUpAll = () =>
        Promise.all(
          Array.from({ length: 1_000 }, (_, i) =>
            cache.lookup(`user-${i}`, async () => {
              reads += 1;
              return record;
            }),
          ),
        );
      await lookUpAll(); // a thousand sessions read in the same instant
      const readAgainAt: number[] = [];
      for (let seconds = 0; seconds <= 100; seconds += 10) {
        vi.setSystemTime(Date.now() + (seconds === 0 ? 0 : 10_000));
        const before = reads;
        await lookUpAll();
        readAgainAt.push(reads - before);
      }
      // Nothing before half the time; then a share in each tenth of the second half; all by the end.
      expect(readAgainAt.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
      for (const share of readAgainAt.slice(6, 10)) expect(share).toBeGreaterThan(50);
      expect(reads).toBeGreaterThanOrEqual(2_000);
      await cache.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
