import { readdirSync, statSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2E } from './support/e2e';
import { DIST_DIR } from './support/paths';

const e2e = useE2E();

/** Every file of the build, as URL paths. */
function builtFiles(dir = DIST_DIR): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory()
      ? builtFiles(full)
      : ['/' + path.relative(DIST_DIR, full).split(path.sep).join('/')];
  });
}

/** A raw GET (no transparent decompression) with the given Accept-Encoding. */
function head(url: string, acceptEncoding: string) {
  return new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: String(res.statusCode), ...res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compressed, cacheable assets of the real build', () => {
  it('the browser gets the main script and stylesheet as brotli, cached for a year', async () => {
    const { page } = e2e;
    const seen = new Map<string, Record<string, string>>();
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.pathname.startsWith('/assets/')) seen.set(url.pathname, res.headers());
    });
    await page.goto('/');
    await page
      .getByRole('link', { name: /SMB Finance/ })
      .first()
      .waitFor();

    const entry = await page.locator('script[type="module"][src^="/assets/"]').getAttribute('src');
    expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    const main = seen.get(entry ?? '');
    expect(main, `response for ${entry}`).toBeDefined();
    expect(main?.['content-encoding']).toBe('br');
    expect(main?.['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(main?.vary?.toLowerCase()).toContain('accept-encoding');

    const css = [...seen.entries()].filter(([p]) => p.endsWith('.css'));
    expect(css.length).toBeGreaterThan(0);
    for (const [p, headers] of css) expect(headers['content-encoding'], p).toBe('br');
  });

  it('the landing page asks for its own chunks with the entry, once each; other pages do not load them', async () => {
    const { page, context } = e2e;
    const landing: Array<{ path: string; at: number }> = [];
    let entryDone = 0;
    page.on('request', (req) => {
      const { pathname } = new URL(req.url());
      if (pathname.startsWith('/assets/')) landing.push({ path: pathname, at: Date.now() });
    });
    page.on('requestfinished', (req) => {
      if (/\/assets\/index-[\w-]+\.js$/.test(new URL(req.url()).pathname)) entryDone = Date.now();
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const paths = landing.map((r) => r.path);
    const route = landing.find((r) => /\/LandingPage-[\w-]+\.js$/.test(r.path));
    expect(route, paths.join('\n')).toBeDefined();
    // Requested from the HTML, not once the entry's script had arrived and run.
    expect(entryDone).toBeGreaterThan(0);
    expect(route!.at).toBeLessThanOrEqual(entryDone);
    // Nothing twice (a preload in another credentials mode than the import would be refetched).
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);

    const other = await context.newPage();
    const loaded: string[] = [];
    other.on('request', (req) => loaded.push(new URL(req.url()).pathname));
    await other.goto('/login');
    await other.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(loaded.filter((p) => p.includes('LandingPage'))).toEqual([]);
  });

  it('every text file of the build has brotli and gzip copies the server sends with the right headers', async () => {
    const { server } = e2e;
    const files = builtFiles();
    const text = files.filter((f) => /\.(js|css|html|svg|webmanifest|ttf)$/.test(f));
    expect(text.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const file of text) {
      const hashed = file.startsWith('/assets/');
      // Files under 256 bytes get no compressed copy (pwa/scripts/precompress.ts): sent as they are.
      const compressed = statSync(path.join(DIST_DIR, file)).size >= 256;
      for (const encoding of ['br', 'gzip'] as const) {
        const headers = await head(server.baseUrl + file, encoding);
        const want = {
          status: '200',
          'content-encoding': compressed ? encoding : undefined,
          'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
        };
        for (const [key, value] of Object.entries(want))
          if (headers[key] !== value)
            failures.push(`${file} (${encoding}) ${key}: ${String(headers[key])} ≠ ${value}`);
        if (
          !String(headers.vary ?? '')
            .toLowerCase()
            .includes('accept-encoding')
        )
          failures.push(`${file} (${encoding}) no Vary: Accept-Encoding`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('robots.txt and sitemap.xml are served by the server, not the app shell', async () => {
    const { server } = e2e;
    const robots = await fetch(`${server.baseUrl}/robots.txt`);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    const body = await robots.text();
    expect(body).toContain('Disallow: /dashboard');
    expect(body).toContain('Disallow: /api');
    const sitemap = await fetch(`${server.baseUrl}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(await sitemap.text()).toContain('<urlset');
  });
});
