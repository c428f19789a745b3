import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount, loginThroughUi } from './support/accounts';
import { apiLogin, type CustomerJson } from './support/api';
import { useE2E } from './support/e2e';
import { DIST_DIR } from './support/paths';
import {
  createCustomerUi,
  waitForServiceWorker,
  waitOfflineIndicator,
  waitPending,
  waitSynced,
} from './support/ui';

/** This file's server serves a copy of dist/pwa, so the test can ship a "new version" of sw.js. */
const staticDir = mkdtempSync(path.join(os.tmpdir(), 'smb-e2e-static-'));
cpSync(DIST_DIR, staticDir, { recursive: true });
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

const e2e = useE2E({}, { staticDir });

describe('an app update', () => {
  it('offers the new version and reloads only once the outbox has drained', async () => {
    const { page, context, server } = e2e;
    const owner = await createVerifiedAccount(server.baseUrl, server.dataDir);
    await loginThroughUi(page, owner);
    await waitSynced(page);
    await waitForServiceWorker(page);

    // Deploy: new service-worker bytes, with the compressed copies a build writes beside them;
    // the app's update check finds and installs them.
    const sw = path.join(staticDir, 'sw.js');
    const released = Buffer.from(`${readFileSync(sw, 'utf8')}\n// e2e release ${Date.now()}\n`);
    writeFileSync(sw, released);
    writeFileSync(`${sw}.br`, brotliCompressSync(released));
    writeFileSync(`${sw}.gz`, gzipSync(released));
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    const banner = page.getByRole('status').filter({ hasText: 'A new version is available' });
    await banner.waitFor({ timeout: 30_000 });
    expect(
      await page.evaluate(
        async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null,
      ),
    ).toBe(true);

    // A change waits in the outbox (offline).
    await context.setOffline(true);
    await waitOfflineIndicator(page);
    await createCustomerUi(page, {
      name: 'Upgrade Gardens',
      email: 'hi@upgrade.example',
      contactName: 'Uma Grove',
      contactEmail: 'uma@upgrade.example',
    });
    await waitPending(page, 1, true);

    const events: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/sync/push') && response.ok()) events.push('pushed');
    });
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) events.push('reloaded');
    });
    await page.evaluate(() => {
      (window as unknown as { e2eBeforeUpdate: boolean }).e2eBeforeUpdate = true;
    });

    // Reload is asked for, but the app holds it while changes are waiting.
    await banner.getByRole('button', { name: 'Reload' }).click();
    await banner
      .getByText('Finishing your unsaved work first — the app reloads as soon as it is done.')
      .waitFor();
    // Proving a negative takes a little time: the app must not reload in the next 2 s.
    await page.waitForTimeout(2_000);
    expect(events).toEqual([]);
    expect(
      await page.evaluate(
        () => (window as unknown as { e2eBeforeUpdate?: boolean }).e2eBeforeUpdate,
      ),
    ).toBe(true);

    // Back online: the outbox drains first, then the new version takes over.
    await context.setOffline(false);
    await page.waitForFunction(
      () => (window as unknown as { e2eBeforeUpdate?: boolean }).e2eBeforeUpdate === undefined,
      undefined,
      { timeout: 30_000 },
    );
    expect(events.indexOf('pushed')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('pushed')).toBeLessThan(events.indexOf('reloaded'));
    await page.getByRole('heading', { name: 'Customers', level: 2 }).waitFor();
    await waitSynced(page);
    await page.getByTestId('customer-row').filter({ hasText: 'Upgrade Gardens' }).waitFor();
    expect(
      await page.evaluate(
        async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null,
      ),
    ).toBeNull();
    await page.getByText('A new version is available').waitFor({ state: 'detached' });

    const api = await apiLogin(server.baseUrl, owner.email, owner.password);
    expect((await api.get<CustomerJson[]>('/api/customers')).data.map((c) => c.name)).toEqual([
      'Upgrade Gardens',
    ]);
  });
});
