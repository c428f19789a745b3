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
  it('are read again spread over SESSION_CACHE_SECONDS, not in the same instant', async () => {
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
      // Each is held 50–100 % of the time and read again in its last quarter: nothing before
      // 37.5 % of the time, some by 40 % (about 67 of the thousand), then a share in each whole
      // tenth up to 75 % (about 267 each); all by the end.
      expect(readAgainAt.slice(0, 4)).toEqual([0, 0, 0, 0]);
      expect(readAgainAt[4]).toBeGreaterThan(0);
      for (const share of readAgainAt.slice(5, 8)) expect(share).toBeGreaterThan(150);
      expect(reads).toBeGreaterThanOrEqual(2_000);
      await cache.close();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('an active user’s session', () => {
  /**
   * A cache that always hears changes, each entry held the whole 100 s (the random share pinned),
   * and a load whose reads the test settles itself.
   */
  function setUp() {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const changes = {
      subscribe: (_: string, handlers: ChannelHandlers) => {
        handlers.up?.();
        return () => {};
      },
    } as unknown as ChangeListener;
    const cache = createSessionCache({ kind: 'postgres' } as Database, { ttlMs: 100_000, changes });
    const pending: Array<(record: SessionRecord) => void> = [];
    const load = () => new Promise<SessionRecord>((resolve) => pending.push(resolve));
    /** The lookup's answer, or 'waited' if it waits on a read. */
    const answer = async () =>
      Promise.race([
        cache.lookup('u', load),
        new Promise<'waited'>((r) => setImmediate(() => r('waited'))),
      ]);
    const settle = async (name: string) => {
      pending.shift()!({
        user: { id: 'u', name },
        tenant: { id: 't' },
      } as unknown as SessionRecord);
      await new Promise((r) => setImmediate(r));
    };
    const nameIn = (got: Awaited<ReturnType<typeof answer>>) =>
      got === 'waited' ? got : (got?.user as unknown as { name: string }).name;
    const later = (ms: number) => vi.setSystemTime(Date.now() + ms);
    return { cache, pending, answer, settle, nameIn, later };
  }
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('is read again in the last quarter of its time, its requests answered at once meanwhile', async () => {
    const { cache, pending, answer, settle, nameIn, later } = setUp();
    expect(await answer()).toBe('waited'); // the first request reads the user
    await settle('read 1');
    // A request every second for 400 s: none waits; a read starts 75 s after each was stored.
    const readAt: number[] = [];
    for (let second = 1; second <= 400; second++) {
      later(1_000);
      expect(nameIn(await answer())).toBe(`read ${readAt.length + 1}`);
      if (pending.length > 0) {
        readAt.push(second);
        await settle(`read ${readAt.length + 1}`);
      }
    }
    expect(readAt).toEqual([75, 150, 225, 300, 375]);
    await cache.close();
  });

  it('keeps nothing read before a change, and an idle one waits for its read', async () => {
    const { cache, pending, answer, settle, nameIn, later } = setUp();
    await answer();
    await settle('first');
    later(80_000);
    expect(nameIn(await answer())).toBe('first'); // and a read has started
    expect(pending).toHaveLength(1);
    // The user changes while that read is out: what it brings back is not kept.
    cache.forgetUser('u');
    await settle('read before the change');
    expect(await answer()).toBe('waited');
    await settle('read after the change');
    expect(nameIn(await answer())).toBe('read after the change');
    // Idle past its time: the next request waits for the user's row.
    later(100_001);
    expect(await answer()).toBe('waited');
    await cache.close();
  });
});
