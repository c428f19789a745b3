/**
 * Lighthouse: accessibility ≥ 95 and best practices = 100 on the landing page, login,
 * dashboard, quote editor, invoice detail and the public quote page, in mobile and desktop mode.
 * Performance is printed for information (this machine is loaded; the budgets on a field device
 * are in `npm run bench`).
 *
 * Runs the production server (embedded database, the built PWA from dist/pwa — `npm run build`
 * first) with a fresh tenant: a customer, a product, a sent quote (its public link from the dev
 * mailbox), a draft quote and an invoice. For each form factor a fresh Chromium profile visits the
 * public pages as a visitor, then signs in through the login screen; Lighthouse runs in the same
 * browser (same profile, storage kept) so it audits the signed-in pages as the user sees them.
 *
 *   npm run build && npx tsx bench/lighthouse.ts     (or: npm run lighthouse)
 *
 * Writes bench/results/lighthouse.json; exits 1 when a budget is missed. STATIC_DIR=<dir> audits
 * another build than dist/pwa.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import type { Account } from '../tests/e2e/support/accounts';
import { seedAuditTenant } from '../tests/e2e/support/audit-tenant';
import { CHROMIUM_PATH } from '../tests/e2e/support/paths';
import { startServer } from '../tests/e2e/support/server';

export const LIGHTHOUSE_BUDGET = { accessibility: 95, 'best-practices': 100 } as const;

const here = path.dirname(fileURLToPath(import.meta.url));

interface PageResult {
  page: string;
  formFactor: 'mobile' | 'desktop';
  accessibility: number;
  bestPractices: number;
  performance: number | null;
  /** Where the page ended up (a signed-in page that bounced to /login would be a wrong audit). */
  finalUrl: string;
  /** Failing audits of the budgeted categories (id: title). */
  failing: string[];
}

let lighthouseVersion = '';

const score = (s: number | null | undefined) => (s == null ? null : Math.round(s * 100));

async function seed(baseUrl: string, dataDir: string) {
  const { owner, draftId, invoiceId, publicPath } = await seedAuditTenant(baseUrl, dataDir, {
    customer: 'Harbour Bakery & Patisserie International',
    contact: 'Mina Flourenstein',
    product: 'Deck oven, three decks, stone floor',
  });
  return {
    owner,
    pages: {
      public: [
        { name: 'landing', path: '/' },
        { name: 'login', path: '/login' },
        { name: 'public quote', path: publicPath },
      ],
      signedIn: [
        { name: 'dashboard', path: '/dashboard' },
        { name: 'quote editor', path: `/dashboard/quotes/${draftId}` },
        { name: 'invoice detail', path: `/dashboard/invoices/${invoiceId}` },
      ],
    },
  };
}

/** Signs in through the login screen of the Chromium on `port` and waits for the first sync. */
async function signIn(port: number, baseUrl: string, owner: Account) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('textbox', { name: 'Email' }).fill(owner.email);
    await page.getByLabel(/^Password/).fill(owner.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
    await page.waitForFunction(
      () =>
        /^Sync status: Synced/.test(
          document.querySelector('[data-testid="sync-indicator"]')?.getAttribute('aria-label') ??
            '',
        ),
      undefined,
      { timeout: 60_000 },
    );
    await page.close();
  } finally {
    // Disconnects only: the browser stays up for Lighthouse.
    await browser.close();
  }
}

async function audit(
  port: number,
  url: string,
  formFactor: 'mobile' | 'desktop',
): Promise<Omit<PageResult, 'page'>> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    // The session lives in this profile's storage: Lighthouse must not clear it.
    disableStorageReset: true,
    onlyCategories: ['accessibility', 'best-practices', 'performance'],
    maxWaitForLoad: 30_000,
  };
  const config: Config | undefined = formFactor === 'desktop' ? desktopConfig : undefined;
  // One retry: on a loaded machine Chromium now and then loses the trace (NO_NAVSTART).
  let result = await lighthouse(url, flags, config);
  if (!result || result.lhr.runtimeError) {
    console.warn(`  retrying ${url}: ${result?.lhr.runtimeError?.message ?? 'no result'}`);
    result = await lighthouse(url, flags, config);
  }
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  lighthouseVersion = lhr.lighthouseVersion;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const finalUrl = new URL(lhr.finalDisplayedUrl);
  if (finalUrl.pathname !== new URL(url).pathname)
    throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}: not the page meant to be audited`);
  const failing: string[] = [];
  for (const id of ['accessibility', 'best-practices'] as const) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a && a.score !== null && a.score < 1)
        failing.push(`${ref.id}: ${a.title}`);
    }
  }
  return {
    formFactor,
    accessibility: score(lhr.categories.accessibility?.score) ?? 0,
    bestPractices: score(lhr.categories['best-practices']?.score) ?? 0,
    performance: score(lhr.categories.performance?.score),
    finalUrl: finalUrl.pathname,
    failing,
  };
}

async function main() {
  // STATIC_DIR: audit a copy of the build (default dist/pwa).
  const server = await startServer({ staticDir: process.env.STATIC_DIR || undefined });
  const results: PageResult[] = [];
  try {
    const { owner, pages } = await seed(server.baseUrl, server.dataDir);
    for (const formFactor of ['mobile', 'desktop'] as const) {
      const profile = await mkdtemp(path.join(os.tmpdir(), 'smb-lighthouse-'));
      const chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM_PATH,
        userDataDir: profile,
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
      });
      try {
        const run = async (list: { name: string; path: string }[]) => {
          for (const p of list) {
            process.stdout.write(`lighthouse ${formFactor} ${p.name}…\n`);
            results.push({
              page: p.name,
              ...(await audit(chrome.port, server.baseUrl + p.path, formFactor)),
            });
          }
        };
        await run(pages.public);
        await signIn(chrome.port, server.baseUrl, owner);
        await run(pages.signedIn);
      } finally {
        chrome.kill();
        await rm(profile, { recursive: true, force: true });
      }
    }
  } finally {
    await server.stop();
  }

  const missed = results.filter(
    (r) =>
      r.accessibility < LIGHTHOUSE_BUDGET.accessibility ||
      r.bestPractices < LIGHTHOUSE_BUDGET['best-practices'],
  );
  const pad = (s: string | number, n: number) => String(s).padEnd(n);
  console.log(
    `\n${pad('Page', 16)}${pad('Form factor', 13)}${pad('Accessibility', 15)}${pad('Best practices', 16)}Performance (info)`,
  );
  for (const r of results) {
    const ok = !missed.includes(r);
    console.log(
      `${pad(r.page, 16)}${pad(r.formFactor, 13)}${pad(r.accessibility, 15)}${pad(r.bestPractices, 16)}${r.performance ?? '–'}${ok ? '' : '   ✗ budget missed'}`,
    );
  }
  for (const r of results)
    for (const f of r.failing) console.log(`  ${r.page} (${r.formFactor}) — ${f}`);
  console.log(
    `\nBudgets: accessibility ≥ ${LIGHTHOUSE_BUDGET.accessibility}, best practices = ${LIGHTHOUSE_BUDGET['best-practices']}. ${missed.length ? `${missed.length} missed.` : 'All met.'}`,
  );
  const out = path.join(here, 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, 'lighthouse.json'),
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        lighthouse: lighthouseVersion,
        chromium: CHROMIUM_PATH,
        loadavg: os.loadavg().map((l) => Math.round(l * 100) / 100),
        budget: LIGHTHOUSE_BUDGET,
        results,
      },
      null,
      2,
    )}\n`,
  );
  if (missed.length) process.exitCode = 1;
}

await main();
