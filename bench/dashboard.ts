/**
 * Dashboard render: with 20,000 customers, 5,000 quotes and 5,000 invoices already in
 * the local store, the ms from mounting the real dashboard home (headless Chromium, real
 * IndexedDB through Dexie) to its figures on screen — budget 300 ms — and to the charts drawn;
 * plus the read + computation alone. Each figure is the median of several renders (the first,
 * cold one is reported too). `BENCH_ONLY=dashboard npm run bench` or `npx tsx bench/dashboard.ts`
 * runs it alone.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { launchBrowser } from '../tests/e2e/support/browser';

export const DASHBOARD_BUDGET_MS = 300;
export const DASHBOARD_SEED = { customers: 20_000, quotes: 5_000, invoices: 5_000 };
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 7);

export interface DashboardBenchResult {
  rows: { customers: number; quotes: number; invoices: number; payments: number };
  /** Mount → figure cards in the DOM. */
  figuresMs: { runs: number[]; median: number };
  /** Mount → the first chart bar drawn. */
  chartsMs: { runs: number[]; median: number };
  /** Dexie read transaction + computeDashboard, no React. */
  computeMs: { runs: number[]; median: number };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.floor(s.length / 2)]!);
};
const stats = (xs: number[]) => ({ runs: xs.map(Math.round), median: median(xs) });

export async function benchDashboard(log: (line: string) => void): Promise<DashboardBenchResult> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const bundle = await build({
    entryPoints: [path.join(here, 'browser/dashboard-harness.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    outdir: path.join(here, 'results/dashboard-harness'),
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const js = bundle.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  const css = bundle.outputFiles
    .filter((f) => f.path.endsWith('.css'))
    .map((f) => f.text)
    .join('\n');
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('crash', () => errors.push('the page crashed'));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.route('http://bench.local/', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>dashboard</title>' }),
    );
    await page.goto('http://bench.local/');
    await page.addStyleTag({ content: css });
    await page.addScriptTag({ content: `globalThis.__name ??= (f) => f;\n${js}` });
    if (errors.length > 0) throw new Error(`the dashboard harness failed: ${errors.join('; ')}`);
    type Harness = {
      seed(c: typeof DASHBOARD_SEED): Promise<DashboardBenchResult['rows']>;
      render(): Promise<{ figuresMs: number; chartsMs: number; openQuotes: string }>;
      compute(): Promise<number>;
      profile(): Promise<Record<string, number>>;
    };
    log(
      `dashboard: seeding ${DASHBOARD_SEED.customers} customers, ${DASHBOARD_SEED.quotes} quotes, ${DASHBOARD_SEED.invoices} invoices into IndexedDB…`,
    );
    const rows = await page.evaluate(
      (c) => (window as unknown as { __smbDashboard: Harness }).__smbDashboard.seed(c),
      DASHBOARD_SEED,
    );
    const figures: number[] = [];
    const charts: number[] = [];
    const compute: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await page.evaluate(() =>
        (window as unknown as { __smbDashboard: Harness }).__smbDashboard.render(),
      );
      if (!r.openQuotes.startsWith('$')) throw new Error(`no open-quotes figure: ${r.openQuotes}`);
      figures.push(r.figuresMs);
      charts.push(r.chartsMs);
      compute.push(
        await page.evaluate(() =>
          (window as unknown as { __smbDashboard: Harness }).__smbDashboard.compute(),
        ),
      );
    }
    if (errors.length > 0) throw new Error(`the dashboard failed: ${errors.join('; ')}`);
    const profile = await page.evaluate(() =>
      (window as unknown as { __smbDashboard: Harness }).__smbDashboard.profile(),
    );
    log(`dashboard: where the read + compute time goes (ms): ${JSON.stringify(profile)}`);
    const result = {
      rows,
      figuresMs: stats(figures),
      chartsMs: stats(charts),
      computeMs: stats(compute),
    };
    log(
      `dashboard: figures ${result.figuresMs.runs.join(', ')} ms; charts ${result.chartsMs.runs.join(', ')} ms; read + compute ${result.computeMs.runs.join(', ')} ms`,
    );
    return result;
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const r = await benchDashboard(console.log);
  console.log(
    `Dashboard over ${r.rows.customers} customers, ${r.rows.quotes} quotes, ${r.rows.invoices} invoices, ${r.rows.payments} payments: figures median ${r.figuresMs.median} ms (budget ${DASHBOARD_BUDGET_MS}), charts median ${r.chartsMs.median} ms, read + compute median ${r.computeMs.median} ms`,
  );
}
