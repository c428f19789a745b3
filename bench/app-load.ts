/**
 * App load: what the landing page and the dashboard shell download (gzip, the same closure as
 * pwa/scripts/bundle-report.ts prints at build time: the entry chunk + the route chunk + their
 * static imports), and the time to first render of `/` and `/dashboard` from the service-worker
 * cache with the network off, against the same page over the network (service worker bypassed,
 * HTTP cache disabled) in the same run.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { median, type Stats } from './sync-scale';

export const BUDGET_KB = { landing: 150, dashboard: 300 };

export interface BundleSizes {
  entry: { file: string; gzipKb: number };
  landing: { files: number; gzipKb: number; cssGzipKb: number };
  dashboard: { files: number; gzipKb: number; cssGzipKb: number };
  /** The files of the dashboard shell's static closure (the entry's included). */
  dashboardFiles: string[];
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** The gzip sizes of the built app in `distDir` (dist/pwa or a copy of it). */
export function bundleSizes(distDir: string): BundleSizes {
  const assets = path.join(distDir, 'assets');
  const files = readdirSync(assets);
  const read = (file: string) => readFileSync(path.join(assets, file), 'utf8');
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const entry = html.match(/<script[^>]+src="\/assets\/([^"]+\.js)"/)?.[1];
  if (!entry) throw new Error('no entry script in index.html');
  // Static imports only (`import … from "./x.js"`, `import "./x.js"`, `export … from "./x.js"`);
  // `import("./x.js")` is a lazy route and not part of the first download.
  const staticImports = (code: string) =>
    [...code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]!);
  const closure = (start: string[]) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file) || !files.includes(file)) return;
      seen.add(file);
      staticImports(read(file)).forEach(visit);
    };
    start.forEach(visit);
    return seen;
  };
  const gzip = (set: Iterable<string>) => {
    let total = 0;
    for (const file of set) total += gzipSync(read(file)).length;
    return total;
  };
  const route = (name: string) => {
    const chunk = files.find((f) => f.startsWith(`${name}-`) && f.endsWith('.js'));
    if (!chunk) throw new Error(`no ${name} chunk in ${assets}`);
    const set = closure([entry, chunk]);
    const css = [...set]
      .map((f) => f.replace(/\.js$/, ''))
      .flatMap((stem) =>
        files.filter((f) => f.endsWith('.css') && f.startsWith(stem.replace(/-[^-]+$/, '-'))),
      );
    const entryCss = files.filter((f) => f.startsWith('index-') && f.endsWith('.css'));
    return {
      names: [...set],
      files: set.size,
      gzipKb: kb(gzip(set)),
      cssGzipKb: kb(gzip(new Set([...entryCss, ...css]))),
    };
  };
  const dashboard = route('DashboardLayout');
  const omitNames = ({ names: _names, ...sizes }: ReturnType<typeof route>) => sizes;
  return {
    entry: { file: entry, gzipKb: kb(gzip([entry])) },
    landing: omitNames(route('LandingPage')),
    dashboard: omitNames(dashboard),
    dashboardFiles: dashboard.names,
  };
}

export interface RenderTimes {
  /** First contentful paint (Paint Timing), ms after navigation start. */
  fcpMs: Stats;
  /** The page's main heading in the DOM (landing hero / dashboard home), ms after navigation start. */
  contentMs: Stats;
}

export interface AppLoadResult {
  bundles: BundleSizes;
  landing: { network: RenderTimes; offline: RenderTimes };
  dashboard: { network: RenderTimes; offline: RenderTimes };
}

/** Notes, from the first script on, when the page's main heading is in the DOM. */
const CONTENT_PROBE = `(() => {
  const ready = () => location.pathname === '/'
    ? !!document.querySelector('h1')
    : [...document.querySelectorAll('h1,h2,h3')].some((h) => (h.textContent || '').includes('Keeping SMB Simple'));
  const check = () => {
    if (window.__contentAt === undefined && ready()) { window.__contentAt = performance.now(); observer.disconnect(); }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true });
})();`;

async function renderOnce(page: Page, url: string): Promise<{ fcp: number; content: number }> {
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    () => {
      const w = window as unknown as { __contentAt?: number };
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      return w.__contentAt !== undefined && fcp !== undefined
        ? { fcp, content: w.__contentAt }
        : null;
    },
    undefined,
    { timeout: 30_000, polling: 50 },
  );
  return (await handle.jsonValue())!;
}

/** Median of `runs` loads of `url`: over the network (no service worker, no HTTP cache), then offline from the service worker. */
async function measure(
  context: BrowserContext,
  url: string,
  runs: number,
): Promise<{ network: RenderTimes; offline: RenderTimes }> {
  await context.addInitScript({ content: CONTENT_PROBE });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  // The service worker must be installed and controlling first (a first visit installs it).
  await page.goto(url);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((r) =>
        navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }),
      );
  });
  const collect = async () => {
    const fcp: number[] = [];
    const content: number[] = [];
    for (let i = 0; i < runs; i++) {
      const r = await renderOnce(page, url);
      fcp.push(r.fcp);
      content.push(r.content);
    }
    const s = (xs: number[]) => ({ runs: xs.map(Math.round), median: Math.round(median(xs)) });
    return { fcpMs: s(fcp), contentMs: s(content) };
  };
  await cdp.send('Network.enable');
  await cdp.send('Network.setBypassServiceWorker', { bypass: true });
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const network = await collect();
  await cdp.send('Network.setBypassServiceWorker', { bypass: false });
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await context.setOffline(true);
  const offline = await collect();
  await context.setOffline(false);
  await page.close();
  return { network, offline };
}

/**
 * `/` in a fresh context (a first-time visitor), `/dashboard` in `session` — the signed-in
 * context of the large tenant, so the dashboard renders over 47,000 local rows.
 */
export async function benchAppLoad(
  browser: Browser,
  baseUrl: string,
  session: BrowserContext,
  distDir: string,
  runs = Number(process.env.BENCH_LOAD_RUNS ?? 5),
): Promise<AppLoadResult> {
  const bundles = bundleSizes(distDir);
  const visitor = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
  });
  try {
    const landing = await measure(visitor, `${baseUrl}/`, runs);
    const dashboard = await measure(session, `${baseUrl}/dashboard`, runs);
    return { bundles, landing, dashboard };
  } finally {
    await visitor.close();
  }
}
