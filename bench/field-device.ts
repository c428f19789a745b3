/**
 * Field device: the budgets of a mid-range tablet on patchy signal. Every
 * figure is measured twice in the same run, in the same headless Chromium against the same server:
 * unthrottled, and throttled with CDP `Emulation.setCPUThrottlingRate` 4 and
 * `Network.emulateNetworkConditions` at 1.6 Mbps down, 750 kbps up, 150 ms RTT.
 *
 * - Landing page and a real quote's public link: bytes transferred on a first visit (the
 *   responses' `encodedDataLength`, CDP Network events, so compressed as sent) and LCP
 *   (`PerformanceObserver` 'largest-contentful-paint' in the page); a fresh context per visit, no
 *   HTTP cache, service workers blocked.
 * - The 47,001-row tenant of sync-scale.ts (one shared seeding, `withLargeTenant`): first sync
 *   after login, customer search over 20,000 rows, a local edit, and a keystroke in a 50-line
 *   quote (the quantity of one line) to the updated total on screen.
 *
 * Service workers are blocked in every context here: a page's CDP throttling does not reach the
 * service worker's own fetches, so with one running the figures would not be throttled alike.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { api } from '../tests/support/server-process';
import {
  firstSync,
  measureSearch,
  median,
  offlineEdits,
  percentile,
  round,
  SEED,
  stats,
  withLargeTenant,
  type LargeTenant,
  type Stats,
} from './sync-scale';

export const FIELD_BUDGETS = {
  pageKb: 200,
  lcpMs: 2_500,
  firstSyncMs: 25_000,
  editP95Ms: 40,
  searchMs: 250,
  /** Unthrottled, the customer search holds with margin. */
  searchUnthrottledMs: 60,
  keystrokeP95Ms: 50,
};
export const THROTTLE = {
  cpuRate: 4,
  latencyMs: 150,
  downloadBytesPerSecond: 1.6e6 / 8,
  uploadBytesPerSecond: 750e3 / 8,
};
const VISITS = Number(process.env.BENCH_FIELD_VISITS ?? 3);
const SYNCS = Number(process.env.BENCH_FIELD_SYNCS ?? 2);
const THROTTLED_SYNCS = Number(process.env.BENCH_FIELD_THROTTLED_SYNCS ?? 1);
const EDITS = Number(process.env.BENCH_FIELD_EDITS ?? 200);
const KEYSTROKES = Number(process.env.BENCH_FIELD_KEYSTROKES ?? 20);
const SEARCHES = 5;
const QUOTE_LINES = 50;
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 1280, height: 800 };

type Mode = 'unthrottled' | 'throttled';
const MODES: Mode[] = ['unthrottled', 'throttled'];

export interface PageVisit {
  kb: Stats;
  lcpMs: Stats;
  requests: number;
}
export interface FieldDeviceMode {
  landing: PageVisit;
  publicQuote: PageVisit;
  firstSyncMs: Stats;
  searchMs: Stats;
  searchQueryMs: Stats;
  localEditMs: { p50: number; p95: number; max: number; count: number };
  keystrokeMs: { p50: number; p95: number; max: number; count: number };
}
export interface FieldDeviceResult {
  throttle: typeof THROTTLE;
  unthrottled: FieldDeviceMode;
  throttled: FieldDeviceMode;
  durationSeconds: number;
}

/** `postgres: md5(text)::uuid`, the ids sync-scale.ts seeds. */
const seededId = (text: string) => {
  const h = createHash('md5').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

/** CPU and network throttling on `page` (its own target: the page and its same-origin frames). */
async function throttle(context: BrowserContext, page: Page, mode: Mode): Promise<void> {
  if (mode === 'unthrottled') return;
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE.cpuRate });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLE.latencyMs,
    downloadThroughput: THROTTLE.downloadBytesPerSecond,
    uploadThroughput: THROTTLE.uploadBytesPerSecond,
  });
}

/** Where a first sync's time went: its pull pages as the page's network saw them. */
interface PullTrace {
  pages: number;
  /** On the wire (compressed as sent, headers included). */
  bytes: number;
  /** Time during which at least one pull was in flight; the rest is the page's own work. */
  inFlightMs: number;
}

/** Records every `/api/sync/pull` of `page` from now on; the answer reads what was recorded. */
async function tracePulls(context: BrowserContext, page: Page): Promise<() => PullTrace> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const started = new Map<string, number>();
  const spans: Array<[number, number]> = [];
  let bytes = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.url.endsWith('/api/sync/pull') && e.request.method === 'POST')
      started.set(e.requestId, e.timestamp);
  });
  cdp.on('Network.loadingFinished', (e) => {
    const at = started.get(e.requestId);
    if (at === undefined) return;
    started.delete(e.requestId);
    spans.push([at, e.timestamp]);
    bytes += e.encodedDataLength;
  });
  return () => {
    let inFlight = 0;
    let reached = -Infinity;
    for (const [from, to] of [...spans].sort((a, b) => a[0] - b[0])) {
      inFlight += Math.max(0, to - Math.max(from, reached));
      reached = Math.max(reached, to);
    }
    return { pages: spans.length, bytes, inFlightMs: Math.round(inFlight * 1000) };
  };
}

/** Within `ms`, or an error naming what did not happen. */
async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`field device: ${what} took over ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const LCP_SCRIPT = `
  window.__fieldLcp = null;
  window.__fieldLcpSeenAt = 0;
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    window.__fieldLcp = entries[entries.length - 1].startTime;
    window.__fieldLcpSeenAt = performance.now();
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

/** One first visit of `url` in a fresh context: compressed bytes of every response, and LCP. */
async function visitOnce(
  browser: Browser,
  url: string,
  mode: Mode,
): Promise<{ bytes: number; lcpMs: number; requests: number }> {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: PHONE });
  try {
    await context.addInitScript({ content: LCP_SCRIPT });
    const page = await context.newPage();
    await throttle(context, page, mode);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    let bytes = 0;
    let requests = 0;
    // Requests in flight (by id, with their URL) and when the network last did something.
    const inflight = new Map<string, string>();
    let lastActivity = Date.now();
    cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string } }) => {
      inflight.set(e.requestId, e.request.url);
      lastActivity = Date.now();
    });
    cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
      bytes += e.encodedDataLength;
      requests++;
      inflight.delete(e.requestId);
      lastActivity = Date.now();
    });
    cdp.on('Network.loadingFailed', (e: { requestId: string }) => {
      inflight.delete(e.requestId);
      lastActivity = Date.now();
    });
    const timeout = mode === 'throttled' ? 60_000 : 20_000;
    const deadline = Date.now() + timeout;
    /** No request in flight for 500 ms. */
    const networkQuiet = async () => {
      while (inflight.size > 0 || Date.now() - lastActivity < 500) {
        if (Date.now() > deadline)
          throw new Error(
            `field device: ${url} still loading after ${timeout} ms: ${[...inflight.values()].join(', ')}`,
          );
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    await page.goto(url, { waitUntil: 'load', timeout });
    await networkQuiet();
    // The app renders after its scripts ran (slow at CPU ÷4, with the network already quiet): an
    // LCP entry, then none newer for a second (LCP is final before any input).
    const settled = await page
      .waitForFunction(
        () => {
          const w = window as unknown as { __fieldLcp: number | null; __fieldLcpSeenAt: number };
          return w.__fieldLcp !== null && performance.now() - w.__fieldLcpSeenAt > 1_000;
        },
        null,
        { timeout: Math.max(1, deadline - Date.now()), polling: 100 },
      )
      .then(() => true)
      .catch(() => false);
    if (!settled)
      throw new Error(
        `field device: no settled largest-contentful-paint on ${url} in ${timeout} ms`,
      );
    // What the render asked for (the public quote's document frame, fonts) counts too.
    await networkQuiet();
    const lcpMs = await page.evaluate(
      () => (window as unknown as { __fieldLcp: number }).__fieldLcp,
    );
    return { bytes, lcpMs, requests };
  } finally {
    await context.close();
  }
}

async function visit(browser: Browser, url: string, mode: Mode): Promise<PageVisit> {
  const runs: Array<{ bytes: number; lcpMs: number; requests: number }> = [];
  for (let i = 0; i < VISITS; i++) runs.push(await visitOnce(browser, url, mode));
  return {
    kb: stats(
      runs.map((r) => r.bytes / 1024),
      1,
    ),
    lcpMs: stats(runs.map((r) => r.lcpMs)),
    requests: median(runs.map((r) => r.requests)),
  };
}

/**
 * Keystroke to total: the quantity of line 7 of the 50-line quote is typed (one `input` event,
 * a different value each time); from that event to the Total card showing the new total.
 */
async function measureKeystrokes(
  page: Page,
  quoteId: string,
  quoteNumber: string,
  timeoutMs: number,
  profileName: string,
): Promise<number[]> {
  await page.goto(`/dashboard/quotes/${quoteId}`, { timeout: timeoutMs });
  await page
    .getByRole('heading', { name: `Edit Quote ${quoteNumber}` })
    .waitFor({ timeout: timeoutMs });
  page.once('crash', () => console.error('field device: the quote editor page crashed'));
  const label = 'Item 7 quantity';
  const box = page.getByRole('textbox', { name: label });
  await box.waitFor({ timeout: timeoutMs });
  // Loaded: the products are in (a line's product shows its SKU, which only the product list
  // gives; before, the Selects have no options and a keystroke costs far less).
  await page.waitForFunction(
    (n) =>
      document
        .querySelector<HTMLInputElement>(`input[aria-label="Item ${n} product"]`)
        ?.value.includes('(SKU-'),
    QUOTE_LINES,
    { timeout: timeoutMs },
  );
  const lines = await page.getByTestId('item-row').count();
  if (lines !== QUOTE_LINES)
    throw new Error(`the quote editor shows ${lines} lines, expected ${QUOTE_LINES}`);
  // The keystrokes alone are profiled (BENCH_FIELD_CPU_PROF), not the editor's load.
  return profiled(page, profileName, async () => {
    const times: number[] = [];
    for (let i = 0; i < KEYSTROKES; i++) {
      const measured = page.evaluate(
        ({ label, timeout }) =>
          new Promise<number>((resolve, reject) => {
            const input = document.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!;
            const totals = document.querySelector('[data-testid="totals"]')!;
            const before = totals.textContent;
            let typedAt = 0;
            const onInput = () => {
              typedAt = performance.now();
            };
            input.addEventListener('input', onInput, { capture: true });
            const observer = new MutationObserver(() => {
              if (typedAt && totals.textContent !== before) {
                observer.disconnect();
                input.removeEventListener('input', onInput, { capture: true });
                resolve(performance.now() - typedAt);
              }
            });
            observer.observe(totals, { subtree: true, childList: true, characterData: true });
            setTimeout(
              () =>
                reject(new Error(`field device: the quote total did not change in ${timeout} ms`)),
              timeout,
            );
          }),
        { label, timeout: timeoutMs },
      );
      // A failure of the fill must surface as itself, not as the measurement's rejection.
      measured.catch(() => undefined);
      await box.fill(String(2 + (i % 8)), { timeout: timeoutMs });
      times.push(await measured);
    }
    return times;
  });
}

/**
 * `work` on `page`; with `BENCH_FIELD_CPU_PROF=<directory>`, under a V8 CPU profile of the page
 * written there as `<name>.cpuprofile` (open it in Chrome DevTools).
 */
async function profiled<T>(page: Page, name: string, work: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_FIELD_CPU_PROF;
  if (!dir) return work();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await cdp.send('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    await cdp.detach();
  }
}

const summary = (xs: number[]) => ({
  p50: round(percentile(xs, 50), 1),
  p95: round(percentile(xs, 95), 1),
  max: round(Math.max(...xs), 1),
  count: xs.length,
});

/** The large-tenant figures in one mode: first syncs, then search, quote editor, edits. */
async function sessionFigures(
  tenant: LargeTenant,
  quote: { id: string; quoteNumber: string },
  mode: Mode,
  log: (line: string) => void,
): Promise<Omit<FieldDeviceMode, 'landing' | 'publicQuote'>> {
  const throttled = mode === 'throttled';
  const syncs = throttled ? THROTTLED_SYNCS : SYNCS;
  const runs: number[] = [];
  let session: Awaited<ReturnType<typeof firstSync>> | undefined;
  try {
    for (let i = 0; i < syncs; i++) {
      await session?.context.close();
      let pulls: (() => PullTrace) | undefined;
      session = await firstSync(tenant, {
        contextOptions: { serviceWorkers: 'block', viewport: TABLET },
        prepare: async (context, page) => {
          await throttle(context, page, mode);
          pulls = await tracePulls(context, page);
        },
        timeoutMs: throttled ? 300_000 : 120_000,
      });
      runs.push(session.ms);
      const trace = pulls!();
      log(
        `  ${mode}: first sync ${i + 1}/${syncs}: ${session.ms} ms — ${trace.pages} pull pages, ` +
          `${round(trace.bytes / 2 ** 20, 2)} MB on the wire, a pull in flight ${trace.inFlightMs} ms`,
      );
    }
    const { context, page } = session!;
    const timeout = throttled ? 60_000 : 20_000;
    const search = await within(
      10 * timeout,
      `${mode} customer search`,
      measureSearch(page, SEARCHES, timeout),
    );
    log(
      `  ${mode}: search ${search.total.map(Math.round).join(', ')} ms (query alone ${search.query.map(Math.round).join(', ')} ms)`,
    );
    const keystrokes = await within(
      10 * timeout,
      `${mode} quote editor`,
      measureKeystrokes(page, quote.id, quote.quoteNumber, timeout, `keystrokes-${mode}`),
    );
    log(`  ${mode}: keystroke to total ${keystrokes.map(Math.round).join(', ')} ms`);
    // Edits on the dashboard home, as sync-scale.ts times them (the editor's live lists of every
    // customer would read 20,000 rows again after each edit). A page load: the harness opens the
    // database again.
    await page.goto('/dashboard', { timeout });
    await page.getByRole('heading', { name: 'Keeping SMB Simple' }).waitFor({ timeout });
    await page.evaluate(
      ([t, u]) => window.__smbBench.open(t!, u!),
      [tenant.claims.tenantId, tenant.claims.sub],
    );
    const edits = await within(
      10 * timeout,
      `${mode} local edits`,
      profiled(page, `edits-${mode}`, () => offlineEdits(context, page, EDITS)),
    );
    const slowest = edits.times
      .map((ms, i) => ({ ms, i }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10);
    log(
      `  ${mode}: ${EDITS} local edits, p95 ${round(percentile(edits.times, 95), 1)} ms; ` +
        `slowest ${slowest.map((e) => `${Math.round(e.ms)} (#${e.i + 1})`).join(', ')}`,
    );
    return {
      firstSyncMs: stats(runs),
      searchMs: stats(search.total),
      searchQueryMs: stats(search.query, 1),
      localEditMs: summary(edits.times),
      keystrokeMs: summary(keystrokes),
    };
  } finally {
    await session?.context.close();
  }
}

/** The quote with 50 lines (a Draft, editable) and a sent quote's public link, through the API. */
async function seedQuotes(
  tenant: LargeTenant,
): Promise<{ editor: { id: string; quoteNumber: string }; publicUrl: string }> {
  const login = await api(tenant.baseUrl, 'POST', '/api/auth/login', tenant.account);
  const token = login.json.token as string;
  const created = await api(
    tenant.baseUrl,
    'POST',
    '/api/quotes',
    {
      customerId: seededId('cust-1'),
      contactId: seededId('cont-1'),
      currencyCode: 'USD',
      items: Array.from({ length: QUOTE_LINES }, (_, i) => ({
        productId: seededId(`prod-${i + 1}`),
        quantity: 1,
      })),
      notes: '',
    },
    token,
  );
  if (created.status !== 201)
    throw new Error(
      `field device: creating the 50-line quote answered ${created.status}: ${created.text}`,
    );
  tenant.expectedRows.quotes = SEED.quotes + 1;
  // Q-0004 of the seed is a Draft; sending it gives it a public link.
  const sent = await api(
    tenant.baseUrl,
    'POST',
    `/api/quotes/${seededId('quote-4')}/send`,
    {},
    token,
  );
  if (sent.status !== 200)
    throw new Error(`field device: sending a quote answered ${sent.status}: ${sent.text}`);
  const q = sent.json as { id: string; tenantId: string; accessToken: string };
  return {
    editor: { id: created.json.id as string, quoteNumber: created.json.quoteNumber as string },
    publicUrl: `${tenant.baseUrl}/quote/${q.tenantId}/${q.id}/view?token=${encodeURIComponent(q.accessToken)}`,
  };
}

export async function benchFieldDevice(log: (line: string) => void): Promise<FieldDeviceResult> {
  const started = Date.now();
  log(
    `field device: CPU ÷${THROTTLE.cpuRate}, ${(THROTTLE.downloadBytesPerSecond * 8e-6).toFixed(1)} Mbps down, ${Math.round(THROTTLE.uploadBytesPerSecond * 8e-3)} kbps up, ${THROTTLE.latencyMs} ms RTT, against unthrottled in the same run`,
  );
  return withLargeTenant(log, async (tenant) => {
    const quotes = await seedQuotes(tenant);
    // The page visits first (the quick part: a failure there shows within minutes), then the
    // large-tenant sessions.
    const pages: Partial<Record<Mode, Pick<FieldDeviceMode, 'landing' | 'publicQuote'>>> = {};
    for (const mode of MODES) {
      const landing = await visit(tenant.browser, `${tenant.baseUrl}/`, mode);
      const publicQuote = await visit(tenant.browser, quotes.publicUrl, mode);
      log(
        `  ${mode}: / ${landing.kb.median} KB, LCP ${landing.lcpMs.median} ms; public quote ${publicQuote.kb.median} KB, LCP ${publicQuote.lcpMs.median} ms`,
      );
      pages[mode] = { landing, publicQuote };
    }
    const out: Partial<Record<Mode, FieldDeviceMode>> = {};
    for (const mode of MODES)
      out[mode] = {
        ...pages[mode]!,
        ...(await sessionFigures(tenant, quotes.editor, mode, log)),
      };
    return {
      throttle: THROTTLE,
      unthrottled: out.unthrottled!,
      throttled: out.throttled!,
      durationSeconds: Math.round((Date.now() - started) / 1000),
    };
  });
}

/** The table rows: figure, unthrottled, throttled, budget, met (judged on the throttled figure). */
export function fieldDeviceRows(
  r: FieldDeviceResult,
): Array<[string, string, string, string, boolean]> {
  const u = r.unthrottled;
  const t = r.throttled;
  const b = FIELD_BUDGETS;
  const ms = (x: number) => `${x.toLocaleString('en-US')} ms`;
  const rows: Array<[string, string, string, string, boolean]> = [];
  for (const [name, key] of [
    ['Landing page /', 'landing'],
    ['Public quote page', 'publicQuote'],
  ] as const) {
    rows.push(
      [
        `${name}: bytes on a first visit (compressed, ${t[key].requests} responses), median of ${t[key].kb.runs.length}`,
        `${u[key].kb.median} KB`,
        `${t[key].kb.median} KB`,
        `≤ ${b.pageKb} KB`,
        t[key].kb.median <= b.pageKb,
      ],
      [
        `${name}: LCP on a first visit (${PHONE.width}×${PHONE.height}), median of ${t[key].lcpMs.runs.length}`,
        ms(u[key].lcpMs.median),
        ms(t[key].lcpMs.median),
        `≤ ${ms(b.lcpMs)}`,
        t[key].lcpMs.median <= b.lcpMs,
      ],
    );
  }
  rows.push(
    [
      `First sync of the 47,000-row tenant (unthrottled median of ${u.firstSyncMs.runs.length}, throttled ${t.firstSyncMs.runs.length === 1 ? 'one run' : `median of ${t.firstSyncMs.runs.length}`})`,
      ms(u.firstSyncMs.median),
      ms(t.firstSyncMs.median),
      `≤ ${ms(b.firstSyncMs)}`,
      t.firstSyncMs.median <= b.firstSyncMs,
    ],
    [
      `Single local edit (Dexie transaction + outbox), p95 of ${t.localEditMs.count}`,
      ms(u.localEditMs.p95),
      ms(t.localEditMs.p95),
      `≤ ${ms(b.editP95Ms)}`,
      t.localEditMs.p95 <= b.editP95Ms,
    ],
    [
      `Customer search over 20,000 rows, median of ${t.searchMs.runs.length} (first cold); query alone ${u.searchQueryMs.median} / ${t.searchQueryMs.median} ms`,
      ms(u.searchMs.median),
      ms(t.searchMs.median),
      `≤ ${ms(b.searchMs)} (unthrottled ≤ ${b.searchUnthrottledMs} ms)`,
      t.searchMs.median <= b.searchMs && u.searchMs.median <= b.searchUnthrottledMs,
    ],
    [
      `Quote editor, ${QUOTE_LINES} lines: keystroke in a quantity to the updated total, p95 of ${t.keystrokeMs.count}`,
      ms(u.keystrokeMs.p95),
      ms(t.keystrokeMs.p95),
      `≤ ${ms(b.keystrokeP95Ms)}`,
      t.keystrokeMs.p95 <= b.keystrokeP95Ms,
    ],
  );
  return rows;
}

export function printFieldDevice(r: FieldDeviceResult): void {
  console.log(
    `\nField device: CPU ÷${r.throttle.cpuRate}, 1.6 Mbps down / 750 kbps up / ${r.throttle.latencyMs} ms RTT, against unthrottled in the same run (${r.durationSeconds} s)`,
  );
  console.log('| figure | unthrottled | throttled | budget (throttled) | budget met |');
  console.log('|---|---:|---:|---:|---|');
  for (const [figure, u, t, budget, ok] of fieldDeviceRows(r))
    console.log(`| ${figure} | ${u} | ${t} | ${budget} | ${ok ? 'met' : '**missed**'} |`);
}
