/**
 * Issue 32.1: `X-Forwarded-For` is believed only from the proxies named in TRUST_PROXY. From
 * any other peer a forged header changes neither the rate-limit key, nor the IP stored with an
 * accepted quote, nor the request log's address; through a trusted proxy it names the client.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, trustProxy } from '../../src/config';
import { makeProduct, makeRecipient } from '../factories';
import { bearer, createTestApp, registerTenant, uniqueEmail, type TestApp } from '../helpers';

interface Setup {
  t: TestApp;
  lines: Array<Record<string, unknown>>;
  /** A sent quote's public path and token. */
  quote: { base: string; token: string; id: string; auth: string };
}

async function setUp(env: Record<string, string>): Promise<Setup> {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  const t = await createTestApp({
    env: { RATE_LIMIT_MAX: '3', ...env },
    build: { loggerInstance: pino({ level: 'info' }, sink) },
  });
  const admin = await registerTenant(t, 'Proxy Co');
  const recipient = await makeRecipient(t, admin.tenantId);
  const product = await makeProduct(t, admin.tenantId, { name: 'Survey', price: '100.00' });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/quotes',
    headers: bearer(admin.token),
    payload: {
      customerId: recipient.customer.id,
      contactId: recipient.contact.id,
      items: [{ productId: product.id, quantity: 1 }],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = (created.json() as { id: string }).id;
  const sent = await t.app.inject({
    method: 'POST',
    url: `/api/quotes/${id}/send`,
    headers: bearer(admin.token),
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const { accessToken } = sent.json() as { accessToken: string };
  return {
    t,
    lines,
    quote: {
      base: `/api/quotes/${admin.tenantId}/${id}`,
      token: accessToken,
      id,
      auth: admin.token,
    },
  };
}

/** Five failed logins, each with another forged address (and another e-mail: no account lock). */
async function loginStatuses(
  s: Setup,
  forwarded: (i: number) => string,
  remoteAddress?: string,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) {
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-for': forwarded(i) },
      payload: { email: uniqueEmail('probe'), password: 'Wrong!Pass1' },
      ...(remoteAddress ? { remoteAddress } : {}),
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

async function acceptWith(s: Setup, forwarded: string, remoteAddress?: string) {
  const res = await s.t.app.inject({
    method: 'POST',
    url: `${s.quote.base}/accept`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': forwarded,
    },
    payload: new URLSearchParams({ token: s.quote.token, signerName: 'Jane Roe' }).toString(),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  const quote = await s.t.app.inject({
    method: 'GET',
    url: `/api/quotes/${s.quote.id}`,
    headers: bearer(s.quote.auth),
  });
  return (quote.json() as { acceptedIp: string | null }).acceptedIp;
}

const loggedAddress = (s: Setup, path: string) =>
  s.lines.find((l) => l.msg === 'request completed' && l.path === path)?.remoteAddress;

describe('TRUST_PROXY unset (the default): nobody’s X-Forwarded-For is believed', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp({});
  });
  afterAll(async () => {
    await s?.t.close();
  });

  it('counts forged addresses under the peer’s own: the fourth login is limited', async () => {
    // A peer of its own (the set-up's login spent one of 127.0.0.1's three).
    expect(await loginStatuses(s, (i) => `198.51.100.${i + 1}`, '192.0.2.50')).toEqual([
      401, 401, 401, 429, 429,
    ]);
  });

  it('stores and logs the peer’s address with an accepted quote, not the forged one', async () => {
    expect(await acceptWith(s, '203.0.113.9')).toBe('127.0.0.1');
    expect(loggedAddress(s, `${s.quote.base}/accept`)).toBe('127.0.0.1');
  });
});

describe('TRUST_PROXY=127.0.0.1: the proxy on loopback names the client', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await s?.t.close();
  });

  it('gives each forwarded client its own budget, and limits one client however it is spread', async () => {
    expect(await loginStatuses(s, (i) => `198.51.100.${i + 1}`)).toEqual([401, 401, 401, 401, 401]);
    expect(await loginStatuses(s, () => '198.51.100.77')).toEqual([401, 401, 401, 429, 429]);
  });

  it('stores and logs the forwarded client address', async () => {
    expect(await acceptWith(s, '203.0.113.9')).toBe('203.0.113.9');
    expect(loggedAddress(s, `${s.quote.base}/accept`)).toBe('203.0.113.9');
  });
});

describe('TRUST_PROXY=10.0.0.0/8: only peers in the range are proxies', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp({ TRUST_PROXY: '10.0.0.0/8' });
  });
  afterAll(async () => {
    await s?.t.close();
  });

  it('ignores a forged header from a peer outside the range, believes one from inside', async () => {
    expect(await loginStatuses(s, (i) => `198.51.100.${i + 1}`, '192.0.2.7')).toEqual([
      401, 401, 401, 429, 429,
    ]);
    // The client behind a trusted proxy: each forwarded client counted for itself.
    expect(await loginStatuses(s, (i) => `198.51.100.${i + 10}`, '10.1.2.3')).toEqual([
      401, 401, 401, 401, 401,
    ]);
    // A proxy in the range that forwards a forged chain: only its own entry is believed — the
    // address it saw (192.0.2.8) is not a proxy, so what that client claimed stops there.
    expect(await acceptWith(s, '203.0.113.9, 192.0.2.8', '10.1.2.3')).toBe('192.0.2.8');
  });
});

describe('TRUST_PROXY values', () => {
  it('reads nothing, a hop count, or addresses and CIDR ranges; refuses anything else', () => {
    expect(trustProxy(undefined)).toBe(false);
    expect(trustProxy('')).toBe(false);
    expect(trustProxy('0')).toBe(false);
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['true', 'proxy.example.com', '10.0.0.0/33', '10.0.0.1/8/1', '1.2.3'])
      expect(() => trustProxy(bad), bad).toThrow(ConfigError);
    expect(
      loadConfig({ DATA_DIR: '/tmp/smb-trust-proxy-test', JWT_SECRET: 'x'.repeat(32) }).trustProxy,
    ).toBe(false);
  });
});
