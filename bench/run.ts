/** `npm run bench`: measures, prints a table and writes bench/results/latest.json. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchApi, type LoadResult } from './api';
import { benchAppLoad, BUDGET_KB, bundleSizes, type AppLoadResult } from './app-load';
import { benchCsvImport, CSV_IMPORT_BUDGET_MS, CSV_PREVIEW_BUDGET_MS } from './csv-import';
import { benchDashboard, DASHBOARD_BUDGET_MS, DASHBOARD_SEED } from './dashboard';
import { benchFieldDevice, fieldDeviceRows, printFieldDevice } from './field-device';
import { benchPdf, PDF_BROWSER_BUDGET_MS, PDF_SERVER_BUDGET_MS, pdfBundle } from './pdf';
import { benchManyTenants } from './many-tenants';
import { benchRecurring } from './recurring';
import { benchReconnectStorm } from './reconnect-storm';
import { benchScaleOut } from './scale-out';
import { benchSyncScale, pwaSnapshot } from './sync-scale';

const here = path.dirname(fileURLToPath(import.meta.url));
const log = (line: string) => console.log(line);

/** The field-device figures and their budget rows, as latest.json keeps them. */
const fieldDeviceReport = (field: Awaited<ReturnType<typeof benchFieldDevice>>) => ({
  ...field,
  budgets: fieldDeviceRows(field).map(([figure, unthrottled, throttled, budget, met]) => ({
    figure,
    unthrottled,
    throttled,
    budget,
    met,
  })),
});

const started = Date.now();
const report: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  },
};

// `BENCH_ONLY=scale-out`: the scale-out section alone (also part of the full run, at the end).
if (process.env.BENCH_ONLY === 'scale-out') {
  await benchScaleOut(log);
  process.exit(0);
}
/** Replaces one section of latest.json, leaving the rest of the report as it was. */
function writeSection(name: string, value: object): void {
  const file = path.join(here, 'results/latest.json');
  const previous = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)
    : {};
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(
    file,
    JSON.stringify(
      { ...previous, [name]: { date: report.date, machine: report.machine, ...value } },
      null,
      2,
    ),
  );
  console.log(`\nWrote the ${name} section of bench/results/latest.json`);
}

// `BENCH_ONLY=many-tenants` (with e.g. BENCH_TENANTS=200): the many-companies section alone; its
// figures replace `manyTenants` in latest.json.
if (process.env.BENCH_ONLY === 'many-tenants') {
  const result = await benchManyTenants(log);
  if (result) writeSection('manyTenants', result);
  process.exit(0);
}
// `BENCH_ONLY=recurring` (BENCH_RECURRING_COMPANIES, BENCH_RECURRING_PROFILES): the scheduler's tick.
if (process.env.BENCH_ONLY === 'recurring') {
  await benchRecurring(log);
  process.exit(0);
}
// `BENCH_ONLY=reconnect-storm`: the morning after a deploy alone (BENCH_STORM_* to size it); its
// figures replace `reconnectStorm` in latest.json.
if (process.env.BENCH_ONLY === 'reconnect-storm') {
  writeSection('reconnectStorm', await benchReconnectStorm(log));
  process.exit(0);
}
// `BENCH_ONLY=csv-import`: the CSV import section alone.
if (process.env.BENCH_ONLY === 'csv-import') {
  await benchCsvImport(log);
  process.exit(0);
}

// `BENCH_ONLY=pdf`: the PDF render times and the bundle budgets alone (latest.json is left as it is).
if (process.env.BENCH_ONLY === 'pdf') {
  const pdf = await benchPdf(log);
  const dist = pwaSnapshot(log);
  const sizes = bundleSizes(dist);
  const chunk = pdfBundle(dist, sizes);
  const rows: Array<[string, string, string, boolean]> = [
    [
      `Server PDF render, ${pdf.pages}-page invoice (${pdf.lines} lines), median`,
      `${pdf.serverMedianMs} ms`,
      `≤ ${PDF_SERVER_BUDGET_MS} ms`,
      pdf.serverMedianMs <= PDF_SERVER_BUDGET_MS,
    ],
    [
      'Browser PDF render in Chromium, same invoice, median',
      `${pdf.browserMedianMs} ms`,
      `≤ ${PDF_BROWSER_BUDGET_MS} ms`,
      pdf.browserMedianMs <= PDF_BROWSER_BUDGET_MS,
    ],
    [
      'Dashboard shell JS (entry + layout + static imports, gzip)',
      `${sizes.dashboard.gzipKb} KB`,
      `≤ ${BUDGET_KB.dashboard} KB`,
      sizes.dashboard.gzipKb <= BUDGET_KB.dashboard,
    ],
    [
      'Landing page JS (entry + route + static imports, gzip)',
      `${sizes.landing.gzipKb} KB`,
      `≤ ${BUDGET_KB.landing} KB`,
      sizes.landing.gzipKb <= BUDGET_KB.landing,
    ],
    [
      `PDF chunk ${chunk.chunk} (gzip), outside the dashboard shell`,
      `${chunk.gzipKb} KB, ${chunk.lazy ? 'lazy' : 'in the shell'}`,
      'lazy',
      chunk.lazy,
    ],
  ];
  console.log('\n| figure | ours | budget | budget met |\n|---|---:|---:|---|');
  for (const [figure, value, budget, ok] of rows)
    console.log(`| ${figure} | ${value} | ${budget} | ${ok ? 'met' : '**missed**'} |`);
  process.exit(0);
}

// `BENCH_ONLY=field-device`: the field-device section alone (also part of the full run); its
// figures replace `fieldDevice` in latest.json, the rest of the report is left as it was.
if (process.env.BENCH_ONLY === 'field-device') {
  const field = await benchFieldDevice(log);
  printFieldDevice(field);
  writeSection('fieldDevice', fieldDeviceReport(field));
  process.exit(0);
}

// `BENCH_ONLY=dashboard`: the dashboard render section alone (also part of the full run).
if (process.env.BENCH_ONLY === 'dashboard') {
  const r = await benchDashboard(log);
  console.log(
    `\n| Dashboard figures on screen after mount (${r.rows.customers} customers, ${r.rows.quotes} quotes, ${r.rows.invoices} invoices local), median of ${r.figuresMs.runs.length} | ${r.figuresMs.median} ms | ≤ ${DASHBOARD_BUDGET_MS} ms | charts drawn ${r.chartsMs.median} ms; read + compute ${r.computeMs.median} ms |`,
  );
  process.exit(0);
}

const api: LoadResult[] = [];
const rss: Record<string, number> = {};
// `BENCH_DATABASES=postgres`: the API part on those databases only (while working on it).
const databases = (process.env.BENCH_DATABASES?.split(',') ?? ['postgres', 'embedded']) as Array<
  'postgres' | 'embedded'
>;
for (const database of databases) {
  const { results, serverRssMb } = await benchApi(database, log);
  api.push(...results);
  rss[`serverAfterLoad_${database}`] = serverRssMb;
}
report.api = api;
report.memoryMb = rss;

console.log(
  '\nAPI throughput and latency (autocannon, 50 connections, load generator on the same 2 cores)',
);
console.log(
  '| endpoint | database | ours req/s | p50 ms | p99 ms | baseline req/s | baseline p99 ms | ours / baseline | errors |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
for (const r of api.filter((x) => x.target === 'ours')) {
  const b = api.find(
    (x) => x.target === 'baseline' && x.name === r.name && x.database === r.database,
  );
  const ratio = b ? `${Math.round((r.requestsPerSecond / b.requestsPerSecond) * 100)} %` : '—';
  console.log(
    `| ${r.name} | ${r.database} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${b?.requestsPerSecond ?? '—'} | ${b?.p99 ?? '—'} | ${ratio} | ${r.errors + r.non2xx} |`,
  );
}
console.log(
  `\nServer RSS after the load runs: ${Object.entries(rss)
    .map(([k, v]) => `${k} ${v} MB`)
    .join(', ')}`,
);

// `BENCH_ONLY=api`: the API part alone (while working on it); latest.json is left as it is.
if (process.env.BENCH_ONLY === 'api') process.exit(0);

// Parts 2–4: sync at scale, app load and memory, in one headless Chromium against the large tenant.
let appLoad: AppLoadResult | undefined;
const scale = await benchSyncScale(log, async ({ browser, baseUrl, context, staticDir }) => {
  log('app load…');
  appLoad = await benchAppLoad(browser, baseUrl, context, staticDir);
});
report.syncScale = scale;
report.appLoad = appLoad;
report.memoryMb = {
  ...rss,
  serverIdleAfterSeed: scale.serverRssMb.idleAfterSeed,
  serverAfterLargeSync: scale.serverRssMb.afterSync,
  browserJsHeapAfterLargeSync: scale.browserHeapMb.used,
  browserJsHeapAfterLargeSyncAfterGc: scale.browserHeapMb.usedAfterGc,
};

const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
const budgets: Array<[string, string, string, string, boolean]> = [
  [
    `First sync after login (${scale.rows.toLocaleString('en-US')} rows), median of ${scale.firstSyncMs.runs.length}`,
    `${scale.firstSyncMs.median} ms`,
    '≤ 10,000 ms',
    `raw IndexedDB put of the same rows: ${scale.rawPutMs.median} ms → ours ${scale.firstSyncVsRawPut}×`,
    scale.firstSyncMs.median <= 10_000,
  ],
  [
    'Progress bar during first sync',
    scale.progressBarShownAfterMs === null
      ? 'not seen'
      : `shown after ${scale.progressBarShownAfterMs} ms`,
    'shown',
    '—',
    scale.progressBarShownAfterMs !== null,
  ],
  [
    `Push ${scale.localEditMs.count} queued mutations after reconnecting`,
    `${scale.pushMs} ms`,
    '≤ 5,000 ms',
    `acknowledged by the next pull after ${scale.pushAcknowledgedMs} ms`,
    scale.pushMs <= 5_000,
  ],
  [
    `Single local edit (Dexie transaction + outbox), p95 of ${scale.localEditMs.count}`,
    `${scale.localEditMs.p95} ms`,
    '≤ 15 ms',
    `p50 ${scale.localEditMs.p50}, p99 ${scale.localEditMs.p99}, max ${scale.localEditMs.max} ms`,
    scale.localEditMs.p95 <= 15,
  ],
  [
    `Customer search over 20,000 rows, median of ${scale.searchMs.runs.length}`,
    `${scale.searchMs.median} ms`,
    '≤ 100 ms',
    `runs ${scale.searchMs.runs.join(', ')} ms (first = cold)`,
    scale.searchMs.median <= 100,
  ],
  [
    `Select Customer picker over 20,000 customers, click to first row, median of ${scale.pickerOpenMs.runs.length}`,
    `${scale.pickerOpenMs.median} ms`,
    '≤ 500 ms',
    `runs ${scale.pickerOpenMs.runs.join(', ')} ms; a search to its one match ${scale.pickerSearchMs.median} ms`,
    scale.pickerOpenMs.median <= 500,
  ],
];
if (appLoad) {
  const b = appLoad.bundles;
  budgets.push(
    [
      'Landing page JS (entry + route + static imports, gzip)',
      `${b.landing.gzipKb} KB`,
      `≤ ${BUDGET_KB.landing} KB`,
      `${b.landing.files} files; CSS ${b.landing.cssGzipKb} KB`,
      b.landing.gzipKb <= BUDGET_KB.landing,
    ],
    [
      'Dashboard shell JS (entry + layout + static imports, gzip)',
      `${b.dashboard.gzipKb} KB`,
      `≤ ${BUDGET_KB.dashboard} KB`,
      `${b.dashboard.files} files; CSS ${b.dashboard.cssGzipKb} KB`,
      b.dashboard.gzipKb <= BUDGET_KB.dashboard,
    ],
  );
  for (const [name, r] of [
    ['/', appLoad.landing],
    ['/dashboard', appLoad.dashboard],
  ] as const)
    budgets.push([
      `First render of ${name}, offline from the service worker (median of ${r.offline.contentMs.runs.length})`,
      `FCP ${r.offline.fcpMs.median} ms, content ${r.offline.contentMs.median} ms`,
      'faster than network',
      `network (no SW, no HTTP cache): FCP ${r.network.fcpMs.median} ms, content ${r.network.contentMs.median} ms → ${Math.round((r.offline.contentMs.median / r.network.contentMs.median) * 100)} %`,
      r.offline.contentMs.median <= r.network.contentMs.median,
    ]);
}
budgets.push([
  'Memory after the large sync',
  `server RSS ${scale.serverRssMb.afterSync} MB; JS heap ${scale.browserHeapMb.used} MB`,
  '—',
  `server idle after seed ${scale.serverRssMb.idleAfterSeed} MB; heap after GC ${scale.browserHeapMb.usedAfterGc} MB`,
  true,
]);
// PDF documents: the same 3-page invoice rendered on the server and in Chromium.
log('pdf render…');
const pdfResult = await benchPdf(log);
report.pdf = pdfResult;
budgets.push(
  [
    `Server PDF render, ${pdfResult.pages}-page invoice (${pdfResult.lines} lines), median`,
    `${pdfResult.serverMedianMs} ms`,
    `≤ ${PDF_SERVER_BUDGET_MS} ms`,
    '—',
    pdfResult.serverMedianMs <= PDF_SERVER_BUDGET_MS,
  ],
  [
    `Browser PDF render in Chromium, same invoice, median`,
    `${pdfResult.browserMedianMs} ms`,
    `≤ ${PDF_BROWSER_BUDGET_MS} ms`,
    '—',
    pdfResult.browserMedianMs <= PDF_BROWSER_BUDGET_MS,
  ],
);

// CSV import: 10,000 customer rows previewed and imported into the local store.
log('csv import…');
const csvResult = await benchCsvImport(log);
report.csvImport = csvResult;
budgets.push(
  [
    `CSV import preview, ${csvResult.rows.toLocaleString('en-US')} customer rows (${csvResult.megabytes} MB) in Chromium`,
    `${csvResult.previewMs} ms`,
    `≤ ${CSV_PREVIEW_BUDGET_MS.toLocaleString('en-US')} ms`,
    'decode + parse + map + check every row',
    csvResult.previewMs <= CSV_PREVIEW_BUDGET_MS,
  ],
  [
    `CSV import into the local store, ${csvResult.rows.toLocaleString('en-US')} customers with main contacts`,
    `${csvResult.importMs} ms`,
    `≤ ${CSV_IMPORT_BUDGET_MS.toLocaleString('en-US')} ms`,
    `${csvResult.outbox} mutations queued in the outbox`,
    csvResult.importMs <= CSV_IMPORT_BUDGET_MS,
  ],
);

// Dashboard home: the figures over 20,000 customers, 5,000 quotes and 5,000 invoices.
log('dashboard render…');
const dashboard = await benchDashboard(log);
report.dashboard = dashboard;
budgets.push([
  `Dashboard figures on screen after mount (${DASHBOARD_SEED.customers.toLocaleString('en-US')} customers, ${DASHBOARD_SEED.quotes.toLocaleString('en-US')} quotes, ${DASHBOARD_SEED.invoices.toLocaleString('en-US')} invoices local), median of ${dashboard.figuresMs.runs.length}`,
  `${dashboard.figuresMs.median} ms`,
  `≤ ${DASHBOARD_BUDGET_MS} ms`,
  `charts drawn ${dashboard.chartsMs.median} ms; read + compute alone ${dashboard.computeMs.median} ms`,
  dashboard.figuresMs.median <= DASHBOARD_BUDGET_MS,
]);

// API budgets, on the local PostgreSQL (the embedded database is reported, not budgeted).
const onPostgres = (name: string, target: LoadResult['target']) =>
  api.find((r) => r.database === 'postgres' && r.target === target && r.name === name);
for (const [name, isRead, connections] of [
  ['GET /api/customers/{id}', true, 50],
  ['POST /api/sync/pull (empty)', true, 50],
  ['GET /api/quotes (100)', true, 50],
  ['POST /api/quotes (3 items)', false, 50],
  ['POST /api/quotes (3 items, 10 connections)', false, 10],
] as const) {
  const r = onPostgres(name, 'ours');
  const b = onPostgres(name, 'baseline');
  if (!r || !b) continue;
  const share = Math.round((r.requestsPerSecond / b.requestsPerSecond) * 100);
  const [minRate, maxP99] = isRead ? [1_000, 50] : [300, 100];
  const meets = (x: LoadResult) => x.requestsPerSecond >= minRate && x.p99 <= maxP99;
  budgets.push([
    `API ${name.replace(', 10 connections', '')} on PostgreSQL, ${connections} connections`,
    `${r.requestsPerSecond} req/s, p99 ${r.p99} ms`,
    `≥ ${minRate.toLocaleString('en-US')} req/s, p99 ≤ ${maxP99} ms`,
    `bare baseline ${b.requestsPerSecond} req/s, p99 ${b.p99} ms${meets(b) ? '' : ' (misses it too)'}`,
    meets(r),
  ]);
  if (isRead)
    budgets.push([
      `API ${name}: our read path against the bare baseline`,
      `${share} %`,
      '≥ 60 %',
      `${r.requestsPerSecond} / ${b.requestsPerSecond} req/s`,
      share >= 60,
    ]);
}
report.budgets = budgets.map(([figure, value, budget, baseline, ok]) => ({
  figure,
  value,
  budget,
  baseline,
  met: ok,
}));
console.log(
  '\nBudgets: sync at scale, app load and memory (headless Chromium), API (same 2 cores)',
);
console.log('| figure | ours | budget | baseline in the same run | budget met |');
console.log('|---|---:|---:|---|---|');
for (const [figure, value, budget, baseline, ok] of budgets)
  console.log(`| ${figure} | ${value} | ${budget} | ${baseline} | ${verdict(ok)} |`);

// Field device: throttled CPU and network against unthrottled, in the same run.
log('field device…');
const field = await benchFieldDevice(log);
report.fieldDevice = fieldDeviceReport(field);
printFieldDevice(field);

report.scaleOut = await benchScaleOut(log);
// Issue 38.1–38.2: 10,000 companies (BENCH_TENANTS) and a tenant migration rolled over them.
report.manyTenants = await benchManyTenants(log);
// Issue 38.4: 5,000 live-update streams over 1,000 companies through a server restart.
report.reconnectStorm = await benchReconnectStorm(log);
report.durationSeconds = Math.round((Date.now() - started) / 1000);
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(path.join(here, 'results/latest.json'), JSON.stringify(report, null, 2));
console.log(`\nWrote bench/results/latest.json (${report.durationSeconds} s)`);
