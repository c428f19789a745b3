import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser } from './browser';
import { SCREENSHOT_DIR } from './paths';
import { startServer, type RunningServer, type ServerOptions } from './server';

export interface E2E {
  server: RunningServer;
  browser: Browser;
  /** A fresh browser context per test (its pages are screenshotted when the test fails). */
  context: BrowserContext;
  page: Page;
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
}

const safe = (name: string) =>
  name
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120);

/** Starts the server and Chromium for a spec file; opens a context + page per test. */
export function useE2E(
  contextOptions: BrowserContextOptions = {},
  serverOptions: ServerOptions = {},
): E2E {
  const state = {} as E2E;
  let contexts: BrowserContext[] = [];
  /** What Chromium refused under the app's Content-Security-Policy during the test. */
  let cspViolations: string[] = [];

  beforeAll(async () => {
    state.server = await startServer(serverOptions);
    state.browser = await launchBrowser();
  });

  afterAll(async () => {
    await state.browser?.close();
    await state.server?.stop();
  });

  const saveScreenshots = async (testName: string) => {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    let index = 0;
    for (const context of contexts)
      for (const page of context.pages()) {
        const file = path.join(SCREENSHOT_DIR, `${safe(testName)}-${index++}.png`);
        await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
        console.error(`[e2e] screenshot saved: ${file} (at ${page.url()})`);
      }
    console.error(`[e2e] server log tail:\n${state.server.logs().slice(-4000)}`);
  };

  beforeEach(async () => {
    state.newContext = async (options = {}) => {
      const context = await state.browser.newContext({
        baseURL: state.server.baseUrl,
        viewport: { width: 1280, height: 800 },
        ...contextOptions,
        ...options,
      });
      context.setDefaultTimeout(20_000);
      // Every journey runs under the app's CSP (issue 32.7): anything it refuses fails the test.
      context.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text()))
          cspViolations.push(`${message.page()?.url() ?? '?'}: ${message.text()}`);
      });
      contexts.push(context);
      return context;
    };
    state.context = await state.newContext();
    state.page = await state.context.newPage();
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await saveScreenshots(ctx.task.name);
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    contexts = [];
    const refused = cspViolations;
    cspViolations = [];
    if (refused.length > 0)
      throw new Error(`Content-Security-Policy violations:\n${refused.join('\n')}`);
  });

  return state;
}
