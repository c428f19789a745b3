import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The PWA's public pages (pwa/src/app/routes.tsx): what search engines may index. */
export const PUBLIC_PAGES = [
  '/',
  '/contact',
  '/faq',
  '/support',
  '/privacy',
  '/terms',
  '/cookie-policy',
  '/login',
  '/register',
] as const;

/** Signed-in screens, the API and the token-bearing quote links are not for crawlers. */
const DISALLOWED = ['/dashboard', '/api', '/quote/'] as const;

/** Files that must be revalidated on every visit so a new release is picked up at once. */
const REVALIDATE =
  /^(index\.html|sw\.js|registerSW\.js|workbox-[\w-]+\.js|manifest\.webmanifest|[\w-]+\.webmanifest)$/;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The PWA's pages (index.html on every client-side path): scripts from this origin only, no
 * inline script (the session token lives in localStorage). What the app needs beyond 'self'
 * was measured by running the browser journeys with this header on, not guessed:
 * - style-src 'unsafe-inline': Mantine writes its CSS variables and components' styles as
 *   `<style>` elements at run time (their hashes change with the theme and the content, and a
 *   nonce would need a per-request page, which the service worker's offline copy cannot be);
 *   the public quote's HTML shown in the PWA's sandboxed frame carries its own `<style>`;
 * - img-src data: blob: — the company logo in Settings is an object URL; the notes editor's CSS
 *   has data-URL images;
 * - worker-src 'self': the service worker and the CSV import's worker are files of the app;
 * - 'wasm-unsafe-eval' and connect-src data: — the PDF renderer's layout engine (yoga) is
 *   WebAssembly shipped as a data URL: it is fetched from that URL and compiled. This allows
 *   compiling WebAssembly, not eval of JavaScript.
 * No fonts are loaded (system fonts), nothing is framed but the quote's srcdoc.
 * The public quote page (`/api/quotes/…/view`) keeps its own stricter policy.
 */
export const APP_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self' data:",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

const isHtml = (filePath: string) => /\.html(\.br|\.gz)?$/.test(filePath);

export function robotsTxt(appOrigin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${appOrigin}/sitemap.xml`,
    '',
  ].join('\n');
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sitemapXml(appOrigin: string): string {
  const urls = PUBLIC_PAGES.map(
    (p) => `  <url><loc>${escapeXml(appOrigin + (p === '/' ? '/' : p))}</loc></url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** Cache policy of one built file (`filePath` may be its `.br`/`.gz` sibling). */
export function cacheControlFor(root: string, filePath: string): string {
  const relative = path.relative(root, filePath.replace(/\.(br|gz)$/, '')).split(path.sep);
  const name = relative[relative.length - 1] ?? '';
  // Vite writes content-hashed names under assets/: a changed file gets a new URL.
  if (relative.length === 2 && relative[0] === 'assets' && !REVALIDATE.test(name)) return IMMUTABLE;
  return 'no-cache';
}

/**
 * The built PWA (when present) with its brotli/gzip copies written at build time
 * (pwa/scripts/precompress.ts), cache headers per kind of file, and the crawler files.
 * Files not found fall back to index.html (errors plugin), which goes through the same
 * `sendFile` and so is compressed and `no-cache` too.
 */
export default fp(async function staticAssets(
  app: FastifyInstance,
  opts: { root: string; appOrigin: string },
) {
  const robots = robotsTxt(opts.appOrigin);
  const sitemap = sitemapXml(opts.appOrigin);
  const text = (reply: FastifyReply, type: string, body: string) =>
    reply.type(type).header('Cache-Control', 'public, max-age=3600').send(body);

  app.get('/robots.txt', { schema: { hide: true } }, (_req, reply) =>
    text(reply, 'text/plain; charset=utf-8', robots),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, (_req, reply) =>
    text(reply, 'application/xml; charset=utf-8', sitemap),
  );

  if (!existsSync(path.join(opts.root, 'index.html'))) return;
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: false,
    preCompressed: true,
    // The cache headers below are the policy; no Last-Modified games on immutable files.
    cacheControl: false,
    setHeaders(res, filePath) {
      res.header('Cache-Control', cacheControlFor(opts.root, filePath));
      if (isHtml(filePath)) res.header('Content-Security-Policy', APP_CONTENT_SECURITY_POLICY);
    },
  });
});
