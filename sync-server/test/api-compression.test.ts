import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCustomer } from './factories';
import { bearer, createTestApp, registerTenant, type TestApp } from './helpers';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  const tenant = await registerTenant(t);
  token = tenant.token;
  for (let i = 0; i < 30; i++) await makeCustomer(t, tenant.tenantId);
});
afterAll(() => t?.close());

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...bearer(token), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe('JSON answers over 1 KB are compressed for a client that asks', () => {
  it.each([
    ['br, gzip', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
  ])('Accept-Encoding: %s → %s, the same JSON', async (accept, encoding, decode) => {
    const plain = await get('/api/customers');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const packed = await get('/api/customers', accept);
    expect(packed.statusCode).toBe(200);
    expect(packed.headers['content-encoding']).toBe(encoding);
    expect(String(packed.headers.vary)).toMatch(/accept-encoding/i);
    expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(decode(packed.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('a small answer goes as it is', async () => {
    const ping = await get('/api/auth/ping', 'br, gzip');
    expect(ping.headers['content-encoding']).toBeUndefined();
    expect(ping.json()).toMatchObject({ ok: true });
  });

  it('a sync pull page is compressed too', async () => {
    const pull = await t.app.inject({
      method: 'POST',
      url: '/api/sync/pull',
      headers: { ...bearer(token), 'accept-encoding': 'gzip' },
      payload: {
        clientGroupId: crypto.randomUUID(),
        clientId: crypto.randomUUID(),
        cursor: null,
      },
    });
    expect(pull.statusCode).toBe(200);
    expect(pull.headers['content-encoding']).toBe('gzip');
    const page = JSON.parse(gunzipSync(pull.rawPayload).toString('utf8')) as {
      patch: Array<{ entity: string }>;
    };
    expect(page.patch.filter((p) => p.entity === 'customers')).toHaveLength(30);
  });
});
