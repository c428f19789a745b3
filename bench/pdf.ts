/**
 * PDF render times: a 3-page invoice rendered by the server's renderer (Node) and by the
 * PWA's (the same layout and library in headless Chromium). Fonts are loaded and warmed before
 * timing, as in a running server or an open app (the server's first render, which starts its PDF
 * worker, and the warm-up renders after it are printed apart); each figure is the median of several renders.
 * `npx tsx bench/pdf.ts` runs it alone.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { DOCUMENT_FONT_FILES, DOCUMENT_FONT_PACKAGE } from '../shared-types/src/documents/index';
import { renderDocumentPdf } from '../sync-server/src/modules/pdf/pdf-renderer';
import type { BundleSizes } from './app-load';
import { sampleDocument } from './pdf-fixtures';

export const PDF_SERVER_BUDGET_MS = 300;
export const PDF_BROWSER_BUDGET_MS = 1500;
const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 7);
const LINES = 60;

export interface PdfBenchResult {
  pages: number;
  lines: number;
  serverMedianMs: number;
  /** The first render of a process, which starts the PDF worker and loads its fonts. */
  serverColdMs: number;
  browserMedianMs: number;
}

export interface PdfBundle {
  /** The PWA's PDF chunk (renderer, layout, font loading), gzip. */
  chunk: string;
  gzipKb: number;
  /** True when no file of the dashboard shell's static closure is the PDF chunk. */
  lazy: boolean;
}

/** The PDF chunk of the built PWA and whether the dashboard shell loads it only on demand. */
export function pdfBundle(distDir: string, sizes: BundleSizes): PdfBundle {
  const assets = path.join(distDir, 'assets');
  const chunk = readdirSync(assets).find((f) => /^document-pdf-.*\.js$/.test(f));
  if (!chunk) throw new Error(`no document-pdf chunk in ${assets}`);
  return {
    chunk,
    gzipKb: Math.round((gzipSync(readFileSync(path.join(assets, chunk))).length / 1024) * 10) / 10,
    lazy: !sizes.dashboardFiles.includes(chunk),
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.floor(s.length / 2)]!);
};

export async function benchPdf(log: (line: string) => void): Promise<PdfBenchResult> {
  const model = sampleDocument('invoice', LINES);
  // The first render starts the server's PDF worker: its code and fonts load.
  const coldStart = performance.now();
  const first = await renderDocumentPdf(model);
  const serverColdMs = Math.round(performance.now() - coldStart);
  const pages = Number(
    /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', ['-'], { input: first }).toString())?.[1],
  );
  if (pages !== 3) throw new Error(`the bench invoice has ${pages} pages, not 3`);
  // A server that has rendered a few documents: the worker's layout code is optimised by then (the
  // first five renders after a start run 300–450 ms on this machine).
  const warmup: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await renderDocumentPdf(model);
    warmup.push(performance.now() - started);
  }
  const server: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await renderDocumentPdf(model);
    server.push(performance.now() - started);
  }
  log(
    `pdf: server ${server.map(Math.round).join(', ')} ms (first, starting the worker: ${serverColdMs} ms; then warming up: ${warmup.map(Math.round).join(', ')} ms)`,
  );

  const here = path.dirname(fileURLToPath(import.meta.url));
  const bundle = await build({
    entryPoints: [path.join(here, 'browser/pdf-harness.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    minify: true,
    define: {
      'process.env.NODE_ENV': '"production"',
      'import.meta.url': '"http://bench.local/pdf-harness.js"',
    },
  });
  const root = path.dirname(
    createRequire(import.meta.url).resolve(`${DOCUMENT_FONT_PACKAGE}/package.json`),
  );
  const fonts = Object.fromEntries(
    Object.entries(DOCUMENT_FONT_FILES).map(([face, file]) => [
      face,
      `data:font/ttf;base64,${readFileSync(path.join(root, file)).toString('base64')}`,
    ]),
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-sync'],
  });
  const browserTimes: number[] = [];
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route('http://bench.local/', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>pdf</title>' }),
    );
    await page.goto('http://bench.local/');
    await page.addScriptTag({
      content: `globalThis.__name ??= (f) => f;\n${bundle.outputFiles[0]!.text}`,
    });
    type Harness = { render(m: unknown, f: unknown): Promise<{ ms: number; bytes: number }> };
    const renderOnce = () =>
      page.evaluate(
        ([m, f]) => (window as unknown as { __smbPdf: Harness }).__smbPdf.render(m, f),
        [model, fonts] as const,
      );
    if (errors.length > 0) throw new Error(`the PDF harness failed to load: ${errors.join('; ')}`);
    await renderOnce();
    await renderOnce();
    for (let i = 0; i < RUNS; i++) browserTimes.push((await renderOnce()).ms);
  } finally {
    await browser.close();
  }
  log(`pdf: browser ${browserTimes.map(Math.round).join(', ')} ms`);
  return {
    pages,
    lines: LINES,
    serverMedianMs: median(server),
    serverColdMs,
    browserMedianMs: median(browserTimes),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const result = await benchPdf(console.log);
  console.log(
    `3-page invoice: server median ${result.serverMedianMs} ms (budget ${PDF_SERVER_BUDGET_MS}), browser median ${result.browserMedianMs} ms (budget ${PDF_BROWSER_BUDGET_MS})`,
  );
}
