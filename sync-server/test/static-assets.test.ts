import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CONTENT_SECURITY_POLICY } from '../src/plugins/static-assets';
import { createTestApp, type TestApp } from './helpers';

// A stand-in for dist/pwa as `npm run build` leaves it: every text file with its .br and .gz.
const INDEX = `<!doctype html><html><head><title>SMB Finance</title></head><body>${'<div id="root"></div>'.repeat(40)}</body></html>`;
const MAIN_JS = `console.log(${JSON.stringify('SMB Finance main chunk '.repeat(200))});`;
const SW_JS = `self.addEventListener('install', () => {});${'/* precache */'.repeat(100)}`;
const MAIN = '/assets/index-B3kZ9q1x.js';

let dir: string;
let t: TestApp;

function writeWithCopies(rel: string, body: string) {
  const file = path.join(dir, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, body);
  writeFileSync(`${file}.br`, brotliCompressSync(body));
  writeFileSync(`${file}.gz`, gzipSync(body));
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'smb-static-'));
  writeWithCopies('index.html', INDEX);
  writeWithCopies(MAIN.slice(1), MAIN_JS);
  writeWithCopies('sw.js', SW_JS);
  writeWithCopies('workbox-9c191d2f.js', SW_JS);
  writeWithCopies(
    'manifest.webmanifest',
    JSON.stringify({ name: 'SMB Finance', pad: 'x'.repeat(300) }),
  );
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ env: { STATIC_DIR: dir, APP_ORIGIN: 'https://smb.example.com' } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

const varyOn = (vary: unknown) =>
  String(vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/);

describe('static assets', () => {
  it('sends the brotli copy of a hashed asset to a browser that accepts it, cached for a year', async () => {
    const res = await get(MAIN, 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(varyOn(res.headers.vary)).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(MAIN_JS);
  });

  it('sends the gzip copy when only gzip is accepted, and the plain file when nothing is', async () => {
    const gz = await get(MAIN, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(varyOn(gz.headers.vary)).toContain('accept-encoding');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(MAIN_JS);

    const plain = await get(MAIN);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(varyOn(plain.headers.vary)).toContain('accept-encoding');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe(MAIN_JS);
  });

  it.each(['/sw.js', '/workbox-9c191d2f.js', '/manifest.webmanifest'])(
    'compresses %s and has the browser revalidate it on every visit',
    async (url) => {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each(['/', '/index.html', '/dashboard/customers', '/pricing'])(
    '%s answers with the compressed app shell, never cached without revalidation',
    async (url) => {
      const res = await get(url, 'gzip, br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(varyOn(res.headers.vary)).toContain('accept-encoding');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
    },
  );

  it('serves a file without compressed copies as it is', async () => {
    const res = await get('/favicon.svg', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('keeps unknown API paths a JSON 404', async () => {
    const res = await get('/api/nothing-here', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404 });
  });
});

describe('crawler files', () => {
  it('robots.txt is plain text allowing the public pages and keeping crawlers out of the app and API', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n').map((l) => l.trim());
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain('Disallow: /dashboard');
    expect(lines).toContain('Disallow: /api');
    expect(lines).toContain('Sitemap: https://smb.example.com/sitemap.xml');
    expect(res.body).not.toContain('<html');
  });

  it('sitemap.xml lists the public pages with absolute URLs on APP_ORIGIN', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        'https://smb.example.com/',
        'https://smb.example.com/contact',
        'https://smb.example.com/login',
        'https://smb.example.com/register',
        'https://smb.example.com/privacy',
        'https://smb.example.com/terms',
      ]),
    );
    for (const loc of locs) expect(loc).toMatch(/^https:\/\/smb\.example\.com\//);
    expect(locs.some((l) => /dashboard|\/api|\/quote\//.test(l ?? ''))).toBe(false);
  });
});

describe('the app’s Content-Security-Policy (issue 32.7)', () => {
  it('comes with the PWA’s page on every path and encoding: scripts from this origin only, no inline script', async () => {
    for (const [url, encoding] of [
      ['/', 'br'],
      ['/', 'gzip'],
      ['/', undefined],
      ['/dashboard/customers', 'br'],
      ['/login', undefined],
    ] as const) {
      const res = await get(url, encoding);
      expect(res.statusCode, url).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toBe(APP_CONTENT_SECURITY_POLICY);
      const directives = Object.fromEntries(
        csp.split(/;\s*/).map((d) => [d.split(' ')[0], d.split(' ').slice(1)]),
      );
      // Scripts from this origin only; WebAssembly (the PDF layout engine) may compile, but no
      // inline script and no eval of JavaScript.
      expect(directives['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(directives['default-src']).toEqual(["'self'"]);
      expect(directives['object-src']).toEqual(["'none'"]);
      expect(directives['base-uri']).toEqual(["'none'"]);
      expect(directives['frame-ancestors']).toEqual(["'none'"]);
    }
  });

  it('is not sent with scripts, API answers or the public quote page, which has its own', async () => {
    expect((await get(MAIN, 'br')).headers['content-security-policy']).toBeUndefined();
    expect((await get('/api/auth/ping')).headers['content-security-policy']).toBeUndefined();
    const quote = await get(
      '/api/quotes/00000000-0000-4000-8000-000000000000/00000000-0000-4000-8000-000000000000/view?token=x',
    );
    expect(String(quote.headers['content-security-policy'])).toContain("default-src 'none'");
  });
});
