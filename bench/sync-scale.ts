/**
 * Sync at scale: a tenant with 20,000 customers, 20,000 contacts, 2,000 products and 5,000 quotes
 * (3 items each), seeded with straight SQL on a fresh PostgreSQL database after registering the
 * tenant through the API; then the real PWA (dist/pwa, served by the real server) in headless
 * Chromium: first sync after login, 1,000 offline edits and their push, customer search, and the
 * raw IndexedDB `put` of the same rows in the same browser as the baseline.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import pg from 'pg';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/support/browser';
import {
  api,
  freePort,
  mailedCode,
  REPO_ROOT,
  startServer,
  type ServerProcess,
} from '../tests/support/server-process';
import { processRssMb } from './api';

export const SEED = { customers: 20_000, contacts: 20_000, products: 2_000, quotes: 5_000 };
const ITEMS_PER_QUOTE = 3;
const EDITS = Number(process.env.BENCH_EDITS ?? 1000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const PASSWORD = 'Bench!Pass1';
/** The one customer the search benchmark looks for (a word no other row contains). */
const NEEDLE = 'Zephyrine';
const NEEDLE_NAME = 'Zephyrine Quay Traders';

export interface Stats {
  runs: number[];
  median: number;
  p95?: number;
}

export interface SyncScaleResult {
  rows: number;
  firstSyncMs: Stats;
  progressBarShownAfterMs: number | null;
  rawPutMs: Stats;
  firstSyncVsRawPut: number;
  localEditMs: { p50: number; p95: number; p99: number; max: number; count: number };
  pushMs: number;
  pushAcknowledgedMs: number;
  searchMs: Stats;
  searchQueryOnlyMs: Stats;
  /** The quote editor's Select Customer picker: click to first row, and a search to its match. */
  pickerOpenMs: Stats;
  pickerSearchMs: Stats;
  serverRssMb: { idleAfterSeed: number; afterSync: number };
  browserHeapMb: { used: number; usedAfterGc: number; total: number };
}

export interface LargeTenantSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  baseUrl: string;
  account: { email: string; password: string };
  /** The copy of dist/pwa the server serves. */
  staticDir: string;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
export const round = (x: number, digits = 0) => Math.round(x * 10 ** digits) / 10 ** digits;
export const stats = (runs: number[], digits = 0): Stats => ({
  runs: runs.map((r) => round(r, digits)),
  median: round(median(runs), digits),
});

/** dist/pwa as built by `npm run build` (built now if missing), copied so a rebuild by someone else mid-run cannot pull it away. */
export function pwaSnapshot(log: (line: string) => void): string {
  const dist = path.join(REPO_ROOT, 'dist/pwa');
  if (!existsSync(path.join(dist, 'index.html')) || process.env.BENCH_REBUILD === '1') {
    log('building the PWA (dist/pwa missing)…');
    execFileSync(
      process.execPath,
      [path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build'],
      {
        cwd: REPO_ROOT,
        stdio: 'ignore',
      },
    );
  }
  const snapshot = mkdtempSync(path.join(tmpdir(), 'smb-bench-pwa-'));
  cpSync(dist, snapshot, { recursive: true });
  const html = readFileSync(path.join(snapshot, 'index.html'), 'utf8');
  for (const [, asset] of html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g))
    if (!existsSync(path.join(snapshot, asset!)))
      throw new Error(`dist/pwa is incomplete (${asset} missing): a build is running? Try again.`);
  return snapshot;
}

async function harnessScript(): Promise<string> {
  const out = await build({
    entryPoints: [path.join(REPO_ROOT, 'bench/browser/harness.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  // tsx compiles the functions handed to page.evaluate with esbuild's keepNames, which calls `__name`.
  return `globalThis.__name ??= (f) => f;\n${out.outputFiles[0]!.text}`;
}

/** Straight SQL into the tenant schema: rows of one "transaction" share a version, as the API writes them. */
export async function seed(databaseUrl: string, schema: string): Promise<number> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const s = `"${schema}"`;
  const { customers: C, products: P, quotes: Q } = SEED;
  try {
    await db.query('BEGIN');
    const base = Number((await db.query(`SELECT version FROM ${s}.sync_state`)).rows[0].version);
    const words = `('{Acme,Globex,Initech,Umbrella,Hooli,Vandelay,Stark,Wayne,Wonka,Tyrell,Cyberdyne,Soylent,Aperture,Gringotts,Monarch,Nakatomi,Oscorp,Pied,Sterling,Wernham}'::text[])`;
    const kinds = `('{Holdings,Traders,Logistics,Foods,Studio,Partners,Labs,Supplies,Group,Works}'::text[])`;
    const uuid = (prefix: string, i: string) => `md5('${prefix}' || ${i})::uuid`;
    await db.query(
      `INSERT INTO ${s}.customers (id, name, email, phone_number, address, address2, created_at, version, updated_at)
       SELECT ${uuid('cust-', 'i')},
              CASE WHEN i = 13579 THEN '${NEEDLE_NAME}'
                   ELSE ${words}[1 + i % 20] || ' ' || ${kinds}[1 + (i / 20) % 10] || ' ' || i END,
              'billing' || i || '@customer' || (i % 500) || '.example.com',
              '+1 202 555 ' || lpad((i % 10000)::text, 4, '0'),
              i || ' Market Street', CASE WHEN i % 3 = 0 THEN 'Suite ' || (i % 900) END,
              now() - make_interval(mins => i), ${base} + i, now()
         FROM generate_series(1, ${C}) AS i`,
    );
    await db.query(
      `INSERT INTO ${s}.contacts (id, customer_id, name, email, phone_number, role, created_at, version, updated_at)
       SELECT ${uuid('cont-', 'i')}, ${uuid('cust-', 'i')}, 'Contact ' || i, 'contact' || i || '@customer' || (i % 500) || '.example.com',
              '+1 202 555 ' || lpad((i % 10000)::text, 4, '0'), 'Primary', now() - make_interval(mins => i), ${base} + i, now()
         FROM generate_series(1, ${C}) AS i`,
    );
    await db.query(
      `INSERT INTO ${s}.products (id, name, sku, price, currency_code, cost, stock, category, supplier, description, created_at, version, updated_at)
       SELECT ${uuid('prod-', 'i')}, 'Product ' || i, 'SKU-' || lpad(i::text, 5, '0'), (i % 500) + 0.99, 'USD',
              (i % 500) / 2.0, i % 100, 'Category ' || (i % 12), 'Supplier ' || (i % 40), 'A useful product number ' || i,
              now(), ${base + C} + i, now()
         FROM generate_series(1, ${P}) AS i`,
    );
    const cust = `(1 + (i * 7919) % ${C})`;
    await db.query(
      `INSERT INTO ${s}.quotes (id, quote_number, customer_id, contact_id, currency_code, status, notes, subtotal, tax_rate, tax_amount, total, created_at, version, updated_at)
       SELECT ${uuid('quote-', 'i')}, 'Q-' || lpad(i::text, 4, '0'), ${uuid('cust-', cust)}, ${uuid('cont-', cust)}, 'USD',
              (ARRAY['Draft','Sent','Accepted','Rejected'])[1 + i % 4], '', 60, 10, 6, 66, now() - make_interval(mins => i),
              ${base + C + P} + i, now()
         FROM generate_series(1, ${Q}) AS i`,
    );
    await db.query(
      `INSERT INTO ${s}.quote_items (id, quote_id, product_id, position, product_name, product_sku, quantity, unit_price, subtotal)
       SELECT ${uuid('qi-', "i || '-' || k")}, ${uuid('quote-', 'i')}, ${uuid('prod-', `(1 + (i * k * 31) % ${P})`)}, k - 1,
              'Product ' || (1 + (i * k * 31) % ${P}), 'SKU-' || lpad((1 + (i * k * 31) % ${P})::text, 5, '0'), k, 10, 10 * k
         FROM generate_series(1, ${Q}) AS i, generate_series(1, ${ITEMS_PER_QUOTE}) AS k`,
    );
    await db.query(`UPDATE ${s}.counters SET value = ${Q} WHERE name = 'quote'`);
    await db.query(`UPDATE ${s}.sync_state SET version = ${base + C + P + Q}`);
    await db.query('COMMIT');
    const total = await db.query(
      `SELECT (SELECT count(*) FROM ${s}.currencies) + (SELECT count(*) FROM ${s}.customers) + (SELECT count(*) FROM ${s}.contacts)
            + (SELECT count(*) FROM ${s}.products) + (SELECT count(*) FROM ${s}.quotes) AS n`,
    );
    await db.query(`ANALYZE`);
    return Number(total.rows[0].n);
  } finally {
    await db.end();
  }
}

async function login(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
}

type Bench = {
  open(tenantId: string, userId: string): void;
  searchQuery(needle: string, runs: number): Promise<{ times: number[]; hits: number }>;
  edit(n: number, offset?: number): Promise<{ times: number[]; ids: string[] }>;
  outbox(): Promise<{ pending: number; pushed: number }>;
  counts(): Promise<Record<string, number>>;
  rawPutBaseline(batch: number): Promise<{ ms: number; rows: number }>;
};
declare global {
  interface Window {
    __smbBench: Bench;
  }
}

/** Resolves when the app has stored `lastSyncedAt` (set by the last page of a pull). */
async function waitSynced(page: Page, dbName: string, timeoutMs: number): Promise<void> {
  await page.evaluate(
    async ({ name, timeout }) => {
      const deadline = performance.now() + timeout;
      const read = () =>
        new Promise<unknown>((resolve) => {
          const req = indexedDB.open(name);
          req.onsuccess = () => {
            const db = req.result;
            if (!db.objectStoreNames.contains('meta')) {
              db.close();
              return resolve(undefined);
            }
            const get = db.transaction('meta').objectStore('meta').get('lastSyncedAt');
            get.onsuccess = () => {
              db.close();
              resolve((get.result as { value?: unknown } | undefined)?.value);
            };
            get.onerror = () => {
              db.close();
              resolve(undefined);
            };
          };
          req.onerror = () => resolve(undefined);
        });
      while (performance.now() < deadline) {
        if (await read()) return;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error('first sync did not finish in time');
    },
    { name: dbName, timeout: timeoutMs },
  );
}

/** The seeded large tenant, its server and a headless Chromium, for as long as `run` runs. */
export interface LargeTenant {
  browser: Browser;
  baseUrl: string;
  databaseUrl: string;
  server: ServerProcess;
  account: { email: string; password: string };
  claims: { sub: string; tenantId: string; tenantSchema: string };
  /** The app's IndexedDB database for this account. */
  localDb: string;
  /** Synced rows seeded. */
  rows: number;
  /** Rows a first sync must bring, per table (SEED, plus what a bench adds through the API). */
  expectedRows: Record<keyof typeof SEED, number>;
  /** The copy of dist/pwa the server serves. */
  staticDir: string;
  /** `window.__smbBench` (bench/browser/harness.ts), as an init script. */
  harness: string;
  serverIdleRssMb: number;
}

/**
 * Registers a tenant on a fresh PostgreSQL database, seeds SEED into it, starts the real server
 * on a copy of dist/pwa and a headless Chromium; runs `run`; then tears all of it down.
 */
export async function withLargeTenant<T>(
  log: (line: string) => void,
  run: (tenant: LargeTenant) => Promise<T>,
): Promise<T> {
  const staticDir = pwaSnapshot(log);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'smb-bench-scale-'));
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const dbName = `smb_bench_scale_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServer({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      STATIC_DIR: staticDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_ORIGIN: baseUrl,
      RATE_LIMIT_MAX: '1000000',
      SIGNUPS_PER_HOUR: '1000000',
      LOG_LEVEL: 'warn',
    });
    const email = `scale-${randomUUID().slice(0, 8)}@example.com`;
    await api(server.url, 'POST', '/api/auth/register', {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      tenantNaturalName: 'Scale Co',
    });
    await api(server.url, 'POST', '/api/auth/verify-email-otp', {
      email,
      otpCode: mailedCode(dataDir, email),
    });
    const token = (await api(server.url, 'POST', '/api/auth/login', { email, password: PASSWORD }))
      .json.token as string;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      sub: string;
      tenantId: string;
      tenantSchema: string;
    };
    log(
      `seeding ${SEED.customers} customers, ${SEED.contacts} contacts, ${SEED.products} products, ${SEED.quotes} quotes…`,
    );
    const seedStarted = Date.now();
    const rows = await seed(databaseUrl, claims.tenantSchema);
    log(`  seeded ${rows} synced rows in ${Date.now() - seedStarted} ms`);
    const serverIdleRssMb = await processRssMb(server.child.pid!);
    browser = await launchBrowser();
    return await run({
      browser,
      baseUrl,
      databaseUrl,
      server,
      account: { email, password: PASSWORD },
      claims: { sub: claims.sub, tenantId: claims.tenantId, tenantSchema: claims.tenantSchema },
      localDb: `smb-${claims.tenantId}-${claims.sub}`,
      rows,
      expectedRows: { ...SEED },
      staticDir,
      harness: await harnessScript(),
      serverIdleRssMb,
    });
  } finally {
    await browser?.close();
    await server?.stop('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(staticDir, { recursive: true, force: true });
    const a = new pg.Client({ connectionString: adminUrl });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await a.end();
  }
}

export interface FirstSync {
  context: BrowserContext;
  page: Page;
  /** From the click on Sign In to `lastSyncedAt` stored. */
  ms: number;
  progressShownAfterMs: number | null;
}

/**
 * A first sync of the large tenant in a fresh context: sign in, time until the app has stored
 * `lastSyncedAt`. `prepare` runs on the new page before the login page loads (throttling).
 */
export async function firstSync(
  tenant: LargeTenant,
  options: {
    prepare?: (context: BrowserContext, page: Page) => Promise<void>;
    contextOptions?: BrowserContextOptions;
    timeoutMs?: number;
  } = {},
): Promise<FirstSync> {
  const context = await tenant.browser.newContext({
    baseURL: tenant.baseUrl,
    viewport: { width: 1280, height: 800 },
    ...options.contextOptions,
  });
  try {
    await context.addInitScript({ content: tenant.harness });
    const page = await context.newPage();
    await options.prepare?.(context, page);
    await login(page, tenant.account);
    const progress = page
      .getByLabel('First sync progress')
      .waitFor({ state: 'visible', timeout: 60_000 })
      .then(() => Date.now())
      .catch(() => null);
    const started = Date.now();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await waitSynced(page, tenant.localDb, options.timeoutMs ?? 120_000);
    const ms = Date.now() - started;
    const shown = await Promise.race([
      progress,
      new Promise<null>((r) => setTimeout(() => r(null), 50)),
    ]);
    await page.evaluate(
      ([t, u]) => window.__smbBench.open(t!, u!),
      [tenant.claims.tenantId, tenant.claims.sub],
    );
    const counts = await page.evaluate(() => window.__smbBench.counts());
    for (const [table, n] of Object.entries(tenant.expectedRows))
      if (counts[table] !== n)
        throw new Error(`after sync ${table} has ${counts[table]} rows, expected ${n}`);
    return { context, page, ms, progressShownAfterMs: shown ? shown - started : null };
  } catch (e) {
    await context.close();
    throw e;
  }
}

/**
 * Starts timing a search for NEEDLE in the search box `within` (a CSS scope: '' for the page, or
 * '[role="dialog"] ' for a modal): from the box's next `input` event to its table showing only the
 * one match. Type NEEDLE into the box after calling this; the promise gives the milliseconds.
 */
function timeSearch(page: Page, within: string, timeoutMs: number): Promise<number> {
  const measured = page.evaluate(
    ({ scope, needle, name, timeout }) =>
      new Promise<number>((resolve, reject) => {
        const input = document.querySelector<HTMLInputElement>(
          `${scope}input[aria-label="Search customers"]`,
        )!;
        let typedAt = 0;
        const onInput = () => {
          typedAt = performance.now();
        };
        input.addEventListener('input', onInput, { capture: true });
        const done = () => {
          const rows = document.querySelectorAll(`${scope}table tbody tr`);
          return (
            input.value === needle && rows.length === 1 && rows[0]!.textContent!.includes(name)
          );
        };
        const observer = new MutationObserver(() => {
          if (typedAt && done()) {
            observer.disconnect();
            input.removeEventListener('input', onInput, { capture: true });
            resolve(performance.now() - typedAt);
          }
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        setTimeout(
          () => reject(new Error(`search did not show the match in ${timeout} ms`)),
          timeout,
        );
      }),
    { scope: within, needle: NEEDLE, name: NEEDLE_NAME, timeout: timeoutMs },
  );
  measured.catch(() => undefined); // a failing fill surfaces as itself
  return measured;
}

/**
 * Customer search over 20,000 rows on the Customers screen: from the `input` event to the table
 * showing only the match, `runs` times (the first with a cold cache); and the query alone
 * (`customersMatching` in the page, first call cold), as many times.
 */
export async function measureSearch(
  page: Page,
  runs: number,
  timeoutMs = 10_000,
): Promise<{ total: number[]; query: number[] }> {
  await page.getByRole('link', { name: 'Customers' }).first().click();
  const box = page.getByRole('textbox', { name: 'Search customers' });
  await box.waitFor({ timeout: timeoutMs });
  await page.locator('table tbody tr').first().waitFor({ timeout: timeoutMs });
  const total: number[] = [];
  for (let i = 0; i < runs; i++) {
    const measured = timeSearch(page, '', timeoutMs);
    await box.fill(NEEDLE, { timeout: timeoutMs });
    total.push(await measured);
    await box.fill('');
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length > 1, null, {
      timeout: timeoutMs,
    });
  }
  const query = await page.evaluate(
    ([needle, n]) => window.__smbBench.searchQuery(needle as string, n as number),
    [NEEDLE, runs] as const,
  );
  if (query.hits !== 1) throw new Error(`the search query found ${query.hits} rows, expected 1`);
  return { total, query: query.times };
}

/**
 * The quote editor's Select Customer picker over 20,000 customers, `runs` times: from the click on
 * Select Recipient to the picker's first row on screen, and from the search's `input` event to the
 * picker showing only the match.
 */
export async function measurePicker(
  page: Page,
  runs: number,
  timeoutMs = 30_000,
): Promise<{ open: number[]; search: number[] }> {
  const open: number[] = [];
  const search: number[] = [];
  for (let i = 0; i < runs; i++) {
    await page.goto('/dashboard/quotes/new');
    const button = page.getByRole('button', { name: 'Select Recipient' });
    await button.waitFor({ timeout: timeoutMs });
    const shown = page.evaluate(
      (timeout) =>
        new Promise<number>((resolve, reject) => {
          let clickedAt = 0;
          const onClick = () => {
            clickedAt = performance.now();
          };
          document.addEventListener('click', onClick, { capture: true, once: true });
          const observer = new MutationObserver(() => {
            if (clickedAt && document.querySelector('[role="dialog"] tbody tr button')) {
              observer.disconnect();
              resolve(performance.now() - clickedAt);
            }
          });
          observer.observe(document.body, { subtree: true, childList: true });
          setTimeout(() => reject(new Error(`the picker showed no row in ${timeout} ms`)), timeout);
        }),
      timeoutMs,
    );
    shown.catch(() => undefined);
    await button.click();
    open.push(await shown);
    const dialog = page.getByRole('dialog', { name: 'Select Customer' });
    const box = dialog.getByRole('textbox', { name: 'Search customers' });
    const found = timeSearch(page, '[role="dialog"] ', timeoutMs);
    await box.fill(NEEDLE, { timeout: timeoutMs });
    search.push(await found);
  }
  return { open, search };
}

/** `n` customer edits through the real data layer while offline (queued in the outbox), each timed. */
export async function offlineEdits(
  context: BrowserContext,
  page: Page,
  n: number,
): Promise<{ times: number[]; ids: string[] }> {
  await context.setOffline(true);
  const edits = await page.evaluate((count) => window.__smbBench.edit(count), n);
  const queued = await page.evaluate(() => window.__smbBench.outbox());
  if (queued.pending !== n) throw new Error(`expected ${n} queued edits, found ${queued.pending}`);
  return edits;
}

export async function benchSyncScale(
  log: (line: string) => void,
  during?: (session: LargeTenantSession) => Promise<void>,
): Promise<SyncScaleResult> {
  return withLargeTenant(log, async (tenant) => {
    const { browser, server, rows, claims, databaseUrl } = tenant;
    const firstSyncRuns: number[] = [];
    let progressShownAt: number | null = null;
    let session: FirstSync | undefined;
    for (let rep = 0; rep < REPEAT; rep++) {
      await session?.context.close();
      session = await firstSync(tenant);
      firstSyncRuns.push(session.ms);
      if (rep === 0) progressShownAt = session.progressShownAfterMs;
      log(
        `  first sync ${rep + 1}/${REPEAT}: ${session.ms} ms (progress bar ${session.progressShownAfterMs !== null ? `shown after ${session.progressShownAfterMs} ms` : 'NOT seen'})`,
      );
    }
    const { context, page } = session!;

    // Memory, right after the large sync.
    const afterSyncRss = await processRssMb(server.child.pid!);
    const cdp = await context.newCDPSession(page);
    const heap = (await cdp.send('Runtime.getHeapUsage')) as {
      usedSize: number;
      totalSize: number;
    };
    await cdp.send('HeapProfiler.collectGarbage');
    const heapGc = (await cdp.send('Runtime.getHeapUsage')) as {
      usedSize: number;
      totalSize: number;
    };
    const mb = (b: number) => round(b / 2 ** 20, 1);

    // Baseline: the physical limit of this browser writing the same rows.
    const raw: number[] = [];
    for (let i = 0; i < REPEAT; i++)
      raw.push((await page.evaluate(() => window.__smbBench.rawPutBaseline(1000))).ms);
    log(
      `  raw IndexedDB put of the same ${rows} rows: ${raw.map((r) => Math.round(r)).join(', ')} ms`,
    );

    // Customer search over 20,000 rows: from the input event to the table showing only the match.
    const search = await measureSearch(page, Math.max(5, REPEAT));
    log(
      `  search "${NEEDLE}" over ${SEED.customers} customers: ${search.total.map((x) => Math.round(x)).join(', ')} ms (query alone ${search.query.map((x) => Math.round(x)).join(', ')} ms)`,
    );

    // The quote editor's customer picker over the same 20,000 customers.
    const picker = await measurePicker(page, Math.max(3, REPEAT));
    log(
      `  customer picker over ${SEED.customers} customers: open ${picker.open.map((x) => Math.round(x)).join(', ')} ms, search "${NEEDLE}" ${picker.search.map((x) => Math.round(x)).join(', ')} ms`,
    );

    // 1,000 edits queued offline through the real data layer, then pushed after reconnecting.
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Keeping SMB Simple' }).waitFor();
    await page.evaluate(([t, u]) => window.__smbBench.open(t!, u!), [claims.tenantId, claims.sub]);
    const edits = await offlineEdits(context, page, EDITS);
    const pushStarted = Date.now();
    await context.setOffline(false);
    let pushMs = 0;
    let ackMs: number;
    for (;;) {
      const o = await page.evaluate(() => window.__smbBench.outbox());
      if (!pushMs && o.pending === 0) pushMs = Date.now() - pushStarted;
      if (o.pending === 0 && o.pushed === 0) {
        ackMs = Date.now() - pushStarted;
        break;
      }
      if (Date.now() - pushStarted > 120_000) throw new Error(`push stalled: ${JSON.stringify(o)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const check = new pg.Client({ connectionString: databaseUrl });
    await check.connect();
    const applied = Number(
      (
        await check.query(
          `SELECT count(*) AS n FROM "${claims.tenantSchema}".customers WHERE phone_number LIKE '+1 555 1%'`,
        )
      ).rows[0].n,
    );
    await check.end();
    if (applied !== EDITS) throw new Error(`server has ${applied} of the ${EDITS} edits`);
    log(
      `  ${EDITS} offline edits pushed in ${pushMs} ms (acknowledged by a pull after ${ackMs} ms)`,
    );

    if (during)
      await during({
        browser,
        context,
        page,
        baseUrl: tenant.baseUrl,
        account: tenant.account,
        staticDir: tenant.staticDir,
      });

    const firstSyncStats = stats(firstSyncRuns);
    const rawStats = stats(raw);
    return {
      rows,
      firstSyncMs: firstSyncStats,
      progressBarShownAfterMs: progressShownAt,
      rawPutMs: rawStats,
      firstSyncVsRawPut: round(firstSyncStats.median / rawStats.median, 1),
      localEditMs: {
        p50: round(percentile(edits.times, 50), 2),
        p95: round(percentile(edits.times, 95), 2),
        p99: round(percentile(edits.times, 99), 2),
        max: round(Math.max(...edits.times), 2),
        count: edits.times.length,
      },
      pushMs,
      pushAcknowledgedMs: ackMs,
      searchMs: stats(search.total),
      searchQueryOnlyMs: stats(search.query, 1),
      pickerOpenMs: stats(picker.open),
      pickerSearchMs: stats(picker.search),
      serverRssMb: { idleAfterSeed: tenant.serverIdleRssMb, afterSync: afterSyncRss },
      browserHeapMb: {
        used: mb(heap.usedSize),
        usedAfterGc: mb(heapGc.usedSize),
        total: mb(heap.totalSize),
      },
    };
  });
}

// `npx tsx bench/sync-scale.ts` runs this part alone.
if (
  process.argv[1] &&
  path.resolve(process.argv[1]) === path.join(REPO_ROOT, 'bench/sync-scale.ts')
) {
  const r = await benchSyncScale((l) => console.log(l));
  console.log(JSON.stringify(r, null, 2));
}
