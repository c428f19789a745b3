import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerTenant, type TestApp } from './helpers';

/** What every response carries: helmet's defaults, less the policies set per page. */
const SECURITY_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

let dir: string;
let t: TestApp;
let token: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'smb-headers-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>SMB Finance</title>');
  writeFileSync(path.join(dir, 'assets', 'index-B3kZ9q1x.js'), 'console.log(1)');
  t = await createTestApp({ env: { STATIC_DIR: dir } });
  token = (await registerTenant(t)).token;
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('security headers', () => {
  it.each([
    ['an API answer', () => t.app.inject({ method: 'GET', url: '/api/auth/ping' }), 200],
    [
      'an authenticated read',
      () => t.app.inject({ method: 'GET', url: '/api/customers', headers: bearer(token) }),
      200,
    ],
    ['a refused request', () => t.app.inject({ method: 'GET', url: '/api/customers' }), 401],
    ['an unknown API path', () => t.app.inject({ method: 'GET', url: '/api/nothing-here' }), 404],
    ['the app shell', () => t.app.inject({ method: 'GET', url: '/dashboard' }), 200],
    [
      'a static asset',
      () => t.app.inject({ method: 'GET', url: '/assets/index-B3kZ9q1x.js' }),
      200,
    ],
  ])('%s carries them', async (_name, request, status) => {
    const response = await request();
    expect(response.statusCode).toBe(status);
    expect(response.headers).toMatchObject(SECURITY_HEADERS);
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('a public quote page keeps its own policies besides them', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/quotes/${crypto.randomUUID()}/${crypto.randomUUID()}/view?token=x`,
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers).toMatchObject({
      ...SECURITY_HEADERS,
      'referrer-policy': 'no-referrer',
    });
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  });
});
