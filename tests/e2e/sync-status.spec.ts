import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createVerifiedAccount, loginThroughUi } from './support/accounts';
import { apiLogin, type CustomerJson } from './support/api';
import { useE2E } from './support/e2e';
import { SCREENSHOT_DIR } from './support/paths';
import { createCustomerUi, openSyncIssues, syncIndicator, waitSynced } from './support/ui';

/** Desktop first; the failure state is also looked at on a phone. No service worker in between, so the page's route sees the pulls. */
const e2e = useE2E({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });

const FAILURE =
  'The server has a problem (error 500) — your changes are kept on this device, last synced ';

/** Records every sync status the indicator announces (its accessible name), from now on. */
async function recordIndicator(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { syncLabels: string[] }).syncLabels = seen;
    const record = () => {
      const label = document
        .querySelector('[data-testid="sync-indicator"]')
        ?.getAttribute('aria-label');
      if (label && seen.at(-1) !== label) seen.push(label);
    };
    record();
    new MutationObserver(record).observe(document.body, {
      attributes: true,
      childList: true,
      subtree: true,
      attributeFilter: ['aria-label'],
    });
  });
  return () => page.evaluate(() => (window as unknown as { syncLabels: string[] }).syncLabels);
}

/** Saves a review screenshot once the layout's transitions (drawer, navbar) have finished. */
async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `sync-status-${name}.png`) });
}

describe('sync never says "synced" when it is not', () => {
  it('while pulls answer 500 the indicator and the panel say so, with a retry; after recovery Retry now syncs', async () => {
    const { page, server } = e2e;
    const owner = await createVerifiedAccount(server.baseUrl, server.dataDir);
    const api = await apiLogin(server.baseUrl, owner.email, owner.password);
    await loginThroughUi(page, owner);
    await waitSynced(page);

    let failing = true;
    let pulls = 0;
    let failedPulls = 0;
    await page.route('**/api/sync/pull', async (route) => {
      pulls += 1;
      if (!failing) return route.continue();
      failedPulls += 1;
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'Internal Server Error',
        }),
      });
    });
    const labels = await recordIndicator(page);

    // A change made now is pushed, but no pull gets through to confirm it.
    await createCustomerUi(page, {
      name: 'Harbour Lights Ltd',
      email: 'hello@harbour.example',
      contactName: 'Mia Shore',
      contactEmail: 'mia@harbour.example',
    });
    await syncIndicator(page).filter({ hasText: 'Server problem' }).waitFor({ timeout: 30_000 });
    // Failing for a while: several automatic retries, each one failing.
    await expect
      .poll(() => failedPulls, { timeout: 90_000, interval: 250 })
      .toBeGreaterThanOrEqual(4);

    const label = (await syncIndicator(page).getAttribute('aria-label')) ?? '';
    expect(label).toMatch(/^Sync status: Server problem\. /);
    expect(label).toContain(FAILURE);
    expect(label).toContain('1 change waiting to sync');
    expect(await syncIndicator(page).innerText()).not.toContain('Synced');
    // From the first failure on, the indicator never claimed to be synced, not even for a moment.
    const seen = await labels();
    const firstFailure = seen.findIndex((l) => l.includes(FAILURE));
    expect(firstFailure).toBeGreaterThanOrEqual(0);
    expect(seen.slice(firstFailure).filter((l) => /Synced|All changes synced/.test(l))).toEqual([]);

    const drawer = await openSyncIssues(page);
    const alert = drawer.getByTestId('sync-failure');
    await alert.getByText(FAILURE, { exact: false }).waitFor();
    await alert.getByText('1 change waiting to sync.').waitFor();
    await alert.getByText(/\d+ failed attempts since .*\. Trying again automatically\./).waitFor();
    const panel = await drawer.innerText();
    expect(panel).not.toContain('Everything on this device matches the server');
    expect(panel).not.toContain('No sync issues');
    expect(panel).not.toContain('All changes synced');
    await screenshot(page, 'failing-panel-1440x900');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    for (const [width, height] of [
      [1024, 768],
      [768, 1024],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      // On every width, a phone's too, the indicator shows the words, not just an icon.
      await syncIndicator(page).getByText('Server problem').waitFor();
      await screenshot(page, `failing-indicator-${width}x${height}`);
    }
    const phoneDrawer = await openSyncIssues(page);
    await phoneDrawer.getByTestId('sync-failure').getByText(FAILURE, { exact: false }).waitFor();
    await screenshot(page, 'failing-panel-390x844');
    expect((await api.get<CustomerJson[]>('/api/customers')).total).toBe(1);

    // The server recovers; the user presses Retry now and the next pull is made at once.
    failing = false;
    const before = pulls;
    await phoneDrawer.getByRole('button', { name: 'Retry now' }).click();
    await expect.poll(() => pulls, { timeout: 10_000, interval: 100 }).toBeGreaterThan(before);
    await waitSynced(page);
    await phoneDrawer.getByTestId('sync-failure').waitFor({ state: 'detached' });
    await phoneDrawer.getByText('Everything on this device matches the server.').waitFor();
    await screenshot(page, 'recovered-panel-390x844');
    expect(await syncIndicator(page).getAttribute('aria-label')).toMatch(
      /^Sync status: Synced just now\. Online/,
    );
    expect((await labels()).at(-1)).not.toContain(FAILURE);
  });
});
