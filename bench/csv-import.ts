/**
 * CSV import: 10,000 customer rows (each with its main contact) in headless Chromium —
 * the preview (decode, parse, map, check every row against the local store) and the import into
 * the local store through the outbox (one `customer.create` mutation per row, in batches), with the
 * PWA's own modules and a real IndexedDB. `npx tsx bench/csv-import.ts` runs it alone.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

export const CSV_PREVIEW_BUDGET_MS = 2_000;
export const CSV_IMPORT_BUDGET_MS = 30_000;
const ROWS = Number(process.env.BENCH_CSV_ROWS ?? 10_000);

export interface CsvImportBenchResult {
  rows: number;
  megabytes: number;
  previewMs: number;
  importMs: number;
  stored: number;
  outbox: number;
}

export async function benchCsvImport(log: (line: string) => void): Promise<CsvImportBenchResult> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const bundle = await build({
    entryPoints: [path.join(here, 'browser/csv-harness.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    minify: process.env.BENCH_MINIFY !== '0',
    define: {
      'process.env.NODE_ENV': '"production"',
      'import.meta.url': '"http://bench.local/csv-harness.js"',
    },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.route('http://bench.local/', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>csv</title>' }),
    );
    await page.goto('http://bench.local/');
    await page.addScriptTag({
      content: `globalThis.__name ??= (f) => f;\n${bundle.outputFiles[0]!.text}`,
    });
    if (errors.length > 0) throw new Error(`the CSV harness failed to load: ${errors.join('; ')}`);
    type Harness = {
      run(rows: number): Promise<{
        rows: number;
        bytes: number;
        valid: number;
        previewMs: number;
        importMs: number;
        created: number;
        stored: number;
        outbox: number;
      }>;
    };
    const r = await page.evaluate(
      (rows) => (window as unknown as { __smbCsv: Harness }).__smbCsv.run(rows),
      ROWS,
    );
    if (r.valid !== ROWS || r.created !== ROWS || r.stored !== ROWS || r.outbox !== ROWS)
      throw new Error(`the CSV bench stored the wrong rows: ${JSON.stringify(r)}`);
    const result = {
      rows: r.rows,
      megabytes: Math.round((r.bytes / 2 ** 20) * 100) / 100,
      previewMs: Math.round(r.previewMs),
      importMs: Math.round(r.importMs),
      stored: r.stored,
      outbox: r.outbox,
    };
    log(`csv import: ${JSON.stringify(result)}`);
    return result;
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const r = await benchCsvImport(console.log);
  console.log(
    `${r.rows.toLocaleString('en-US')} customer rows (${r.megabytes} MB): preview ${r.previewMs} ms (budget ${CSV_PREVIEW_BUDGET_MS}), import into the local store ${r.importMs} ms (budget ${CSV_IMPORT_BUDGET_MS}); ${r.stored} customers stored, ${r.outbox} mutations in the outbox`,
  );
}
