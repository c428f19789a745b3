import { describe, expect, it } from 'vitest';
import { createVerifiedAccount, loginThroughUi } from './support/accounts';
import { apiLogin, type CustomerJson } from './support/api';
import { useE2E } from './support/e2e';
import {
  createCustomerUi,
  openSection,
  openSyncIssues,
  waitForServiceWorker,
  waitOfflineIndicator,
  waitPending,
  waitSynced,
} from './support/ui';

const e2e = useE2E();

const STORAGE_FULL =
  'This device has run out of storage space for offline data. Free some space, then try again; changes that could not be saved were not kept.';

describe('the browser runs out of storage', () => {
  it('says so clearly when a change cannot be stored, and loses nothing stored before', async () => {
    const { page, context, server } = e2e;
    const owner = await createVerifiedAccount(server.baseUrl, server.dataDir);
    await page.goto('/login');
    await waitForServiceWorker(page);

    // A device nearly full (CDP): the browser grants this origin 3 MB beyond what the app
    // already holds (its precached files) — room for the first sync and a few small changes. Chromium reads the quota when IndexedDB first opens,
    // so it is set before the app opens its database at login.
    const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.overrideQuotaForOrigin', {
      origin: new URL(server.baseUrl).origin,
      quotaSize: usage + 3 * 1024 * 1024,
    });
    await loginThroughUi(page, owner);
    await waitSynced(page);

    // Offline, one change is stored and waits to sync.
    await context.setOffline(true);
    await waitOfflineIndicator(page);
    await createCustomerUi(page, {
      name: 'Stored Before',
      email: 'hi@stored.example',
      contactName: 'Sam Stored',
      contactEmail: 'sam@stored.example',
    });
    await waitPending(page, 1);

    // The next change cannot be stored: the form says so and keeps what was typed.
    await openSection(page, 'Customers');
    await page.getByRole('button', { name: 'Add Customer' }).first().click();
    await page.getByLabel('Company Name').fill('No Room Ltd');
    await page.getByLabel('Company Email').fill('hi@noroom.example');
    await page.getByLabel('Main Contact Name').fill('Nora Room');
    await page.getByLabel('Main Contact Email').fill('nora@noroom.example');
    // Last, a 2.5 MB paste into the address (set as a paste would: typing it through the editor takes
    // minutes), which with its queued copy needs more than the space left.
    await page
      .getByLabel('Company Address', { exact: true })
      .evaluate((input: HTMLInputElement) => {
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setValue.call(input, 'x'.repeat(2_500_000));
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    await page.getByRole('button', { name: 'Create Customer' }).click();
    await page.getByRole('alert').filter({ hasText: STORAGE_FULL }).waitFor();
    expect(await page.getByLabel('Company Name').inputValue()).toBe('No Room Ltd');
    expect(page.url()).toContain('/dashboard/customers/new');

    // Nothing stored before is lost; the failed change was not half-kept.
    await waitPending(page, 1);
    const drawer = await openSyncIssues(page);
    await drawer.getByText(STORAGE_FULL).waitFor();
    await page.keyboard.press('Escape');
    await openSection(page, 'Customers');
    await page.getByRole('row').filter({ hasText: 'Stored Before' }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'No Room Ltd' }).count()).toBe(0);

    // Space again (the override is lifted), back online: the kept change reaches the server once.
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(server.baseUrl).origin });
    await context.setOffline(false);
    await waitSynced(page);
    const api = await apiLogin(server.baseUrl, owner.email, owner.password);
    expect((await api.get<CustomerJson[]>('/api/customers')).data.map((c) => c.name)).toEqual([
      'Stored Before',
    ]);
  });
});
