import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createVerifiedAccount, loginThroughUi, type Account } from './support/accounts';
import {
  apiLogin,
  inviteColleague,
  seedMasterData,
  seedQuote,
  type Api,
  type CustomerJson,
  type QuoteJson,
} from './support/api';
import { useE2E } from './support/e2e';
import {
  createCustomerUi,
  createProductUi,
  createQuoteUi,
  editCustomerUi,
  openSection,
  openSyncIssues,
  pendingCount,
  quoteRow,
  syncIndicator,
  waitForServiceWorker,
  waitOfflineIndicator,
  waitPending,
  waitSynced,
} from './support/ui';

/** Tablet (1024×768) is the field rep's device; every context of this file uses it. */
const e2e = useE2E({ viewport: { width: 1024, height: 768 }, hasTouch: true });

/** Letters only: the mailbox reader looks for the one 6-digit run in the mail. */
const colleagueEmail = () =>
  `colleague-${[...randomBytes(8)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}@example.com`;

async function tenantWithColleague(): Promise<{ owner: Account; colleague: Account; api: Api }> {
  const { server } = e2e;
  const owner = await createVerifiedAccount(server.baseUrl, server.dataDir);
  const api = await apiLogin(server.baseUrl, owner.email, owner.password);
  const colleague = await inviteColleague(server.baseUrl, server.dataDir, api, colleagueEmail());
  return { owner, colleague, api };
}

describe('a field rep works offline on a tablet', () => {
  it('customer, product and quote made offline survive an offline reload, sync on reconnect and reach a colleague', async () => {
    const { page, context } = e2e;
    const { owner, colleague, api } = await tenantWithColleague();
    await loginThroughUi(page, owner);
    await waitSynced(page);
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await waitOfflineIndicator(page);
    await createCustomerUi(page, {
      name: 'Roadside Farm Shop',
      email: 'hello@roadside.example',
      phone: '+44 1632 960123',
      contactName: 'Tom Fields',
      contactEmail: 'tom@roadside.example',
    });
    await createProductUi(page, { name: 'Seed tray', sku: 'SD-40', price: '7.80' });
    await createQuoteUi(page, {
      customer: 'Roadside Farm Shop',
      contact: 'Tom Fields',
      items: [{ product: 'Seed tray', quantity: 25 }],
    });
    // customer (+ main contact), product, quote: all waiting on this device.
    await waitPending(page, 3, true);
    const before = await pendingCount(page);

    await page.reload();
    await page.getByRole('heading', { name: 'Quotes', level: 2 }).waitFor();
    await waitOfflineIndicator(page);
    const row = quoteRow(page, 'Roadside Farm Shop');
    await row.getByText('Pending', { exact: true }).waitFor();
    // Attached, not visible: at 1024 px the quotes table squeezes its badges (reported).
    await row.getByText('Not synced').waitFor({ state: 'attached' });
    // The Contact column shows from 1200 px; at tablet width it is in the row but hidden.
    await row.getByText('Tom Fields').first().waitFor({ state: 'attached' });
    await openSection(page, 'Customers');
    await page
      .getByTestId('customer-row')
      .filter({ hasText: 'Roadside Farm Shop' })
      .getByText('Not synced')
      .waitFor();
    await openSection(page, 'Products');
    await page
      .getByTestId('product-row')
      .filter({ hasText: 'Seed tray' })
      .getByText('Not synced')
      .waitFor();
    // Still all there after the reload, still pending.
    await waitPending(page, before);
    expect((await api.get('/api/customers')).total).toBe(0);

    // Back online: the indicator drains to zero and the quote gets its server number.
    await context.setOffline(false);
    await waitSynced(page);
    expect(await pendingCount(page)).toBe(0);
    await openSection(page, 'Quotes');
    await row.getByText('Not synced').waitFor({ state: 'detached' });
    const number = (await row.locator('td').first().innerText()).trim();
    expect(number).toMatch(/\d/);
    expect(number).not.toContain('Pending');
    const quotes = await api.get<QuoteJson[]>('/api/quotes');
    expect(quotes.data.map((q) => q.quoteNumber)).toEqual([number]);

    // A colleague on another device sees it.
    const other = await (await e2e.newContext()).newPage();
    await loginThroughUi(other, colleague);
    await waitSynced(other);
    await openSection(other, 'Quotes');
    const seen = quoteRow(other, 'Roadside Farm Shop');
    await seen.getByText(number).waitFor();
    await seen.getByText('Tom Fields').first().waitFor({ state: 'attached' });
    await seen.getByText('Draft').waitFor();
  });
});

describe('two devices edit the same customer', () => {
  it('different fields merge; the same field: the later one wins and the other device restores its value with Keep mine', async () => {
    const { page: deviceA, context: contextA } = e2e;
    const { owner, colleague, api } = await tenantWithColleague();
    const { customerId } = await seedMasterData(api, {
      customer: 'Twin Peaks Bakery',
      contact: 'Lia Stone',
      product: 'Loaf',
    });
    const contextB = await e2e.newContext();
    const deviceB = await contextB.newPage();
    await loginThroughUi(deviceA, owner);
    await loginThroughUi(deviceB, colleague);
    await Promise.all([waitSynced(deviceA), waitSynced(deviceB)]);
    // Offline screens come from the service worker's precache.
    await Promise.all([waitForServiceWorker(deviceA), waitForServiceWorker(deviceB)]);
    const server = async () => (await api.get<CustomerJson>(`/api/customers/${customerId}`)).data;

    // Different fields, both offline.
    await contextA.setOffline(true);
    await contextB.setOffline(true);
    await editCustomerUi(deviceA, 'Twin Peaks Bakery', { 'Company Phone Number': '+1 555 0100' });
    await editCustomerUi(deviceB, 'Twin Peaks Bakery', { 'Company Address': '7 Mill Lane' });
    await contextA.setOffline(false);
    await waitSynced(deviceA);
    await contextB.setOffline(false);
    await waitSynced(deviceB);
    expect(await server()).toMatchObject({ phoneNumber: '+1 555 0100', address: '7 Mill Lane' });
    // Both devices end up with both edits.
    for (const device of [deviceA, deviceB]) {
      const row = device.getByTestId('customer-row').filter({ hasText: 'Twin Peaks Bakery' });
      // Phone and address columns show from 1200 px; at tablet width they are in the row, hidden.
      await row.getByText('+1 555 0100').first().waitFor({ state: 'attached', timeout: 45_000 });
      await row.getByText('7 Mill Lane').first().waitFor({ state: 'attached', timeout: 45_000 });
    }

    // The same field, both offline: B arrives later and wins; A keeps a conflict it can restore.
    await contextA.setOffline(true);
    await contextB.setOffline(true);
    await editCustomerUi(deviceA, 'Twin Peaks Bakery', {
      'Company Email': 'orders@twinpeaks.example',
    });
    await editCustomerUi(deviceB, 'Twin Peaks Bakery', {
      'Company Email': 'sales@twinpeaks.example',
    });
    await contextA.setOffline(false);
    await waitSynced(deviceA);
    await contextB.setOffline(false);
    await waitSynced(deviceB);
    expect((await server()).email).toBe('sales@twinpeaks.example');

    // Device A learns about the conflict (its value was overwritten).
    await syncIndicator(deviceA).filter({ hasText: '1' }).waitFor({ timeout: 45_000 });
    const drawer = await openSyncIssues(deviceA);
    const conflict = drawer.getByTestId('conflict');
    await conflict.getByText('Twin Peaks Bakery').waitFor();
    // Exact: the conflict's origin line quotes the overwritten value too.
    await conflict.getByText('sales@twinpeaks.example', { exact: true }).waitFor();
    await conflict.getByText('orders@twinpeaks.example', { exact: true }).waitFor();
    await conflict.getByRole('button', { name: 'Keep mine' }).click();
    await conflict.waitFor({ state: 'detached' });
    await drawer.getByText('No sync issues').waitFor();
    await deviceA.keyboard.press('Escape');
    await waitSynced(deviceA);
    expect((await server()).email).toBe('orders@twinpeaks.example');
    // …and device B follows.
    await deviceB
      .getByTestId('customer-row')
      .filter({ hasText: 'Twin Peaks Bakery' })
      .getByText('orders@twinpeaks.example')
      .waitFor({ timeout: 45_000 });
  });
});

describe('a push whose response is lost', () => {
  it('is retried without creating the quote twice', async () => {
    const { server } = e2e;
    const owner = await createVerifiedAccount(server.baseUrl, server.dataDir);
    const api = await apiLogin(server.baseUrl, owner.email, owner.password);
    await seedMasterData(api, {
      customer: 'Echo Valley Co',
      contact: 'Sam Reed',
      product: 'Bell',
      sku: 'BL-1',
    });
    // No service worker in between, so the page's route sees the push.
    const page = await (await e2e.newContext({ serviceWorkers: 'block' })).newPage();
    await loginThroughUi(page, owner);
    await waitSynced(page);

    let dropped = 0;
    let pushes = 0;
    await page.route('**/api/sync/push', async (route) => {
      pushes += 1;
      if (dropped === 0 && (route.request().postData() ?? '').includes('quote.create')) {
        const response = await route.fetch(); // the server processes it…
        expect(response.status()).toBe(200);
        dropped += 1;
        return route.abort('connectionreset'); // …and the answer never arrives.
      }
      return route.continue();
    });
    await createQuoteUi(page, {
      customer: 'Echo Valley Co',
      contact: 'Sam Reed',
      items: [{ product: 'Bell', quantity: 4 }],
    });
    // The indicator can still read 'Synced' for a moment before the new change is counted:
    // wait for the lost response and the retry themselves, then for the drained outbox.
    await expect.poll(() => dropped, { timeout: 30_000 }).toBe(1);
    await expect.poll(() => pushes, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    await waitSynced(page, 60_000);

    const quotes = await api.get<QuoteJson[]>('/api/quotes');
    expect(quotes.total).toBe(1);
    expect(quotes.data).toHaveLength(1);
    await page.getByTestId('quote-row').first().waitFor();
    expect(await page.getByTestId('quote-row').count()).toBe(1);
    expect(await quoteRow(page, 'Echo Valley Co').locator('td').first().innerText()).toContain(
      quotes.data[0]?.quoteNumber ?? '?',
    );
  });
});

describe('a change the server rejects', () => {
  it('an offline edit of a quote a colleague sends meanwhile is rejected with the reason; the quote shows Sent', async () => {
    const { page, context, server } = e2e;
    const { owner, colleague, api } = await tenantWithColleague();
    const ids = await seedMasterData(api, {
      customer: 'Quarry Works',
      contact: 'Ivy Cole',
      product: 'Gravel',
      sku: 'GR-1',
      price: 12,
    });
    const quote = await seedQuote(api, ids, 5);
    await loginThroughUi(page, owner);
    await waitSynced(page);
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await waitOfflineIndicator(page);
    await openSection(page, 'Quotes');
    await quoteRow(page, 'Quarry Works')
      .getByRole('button', { name: /^Edit quote / })
      .click();
    await page.getByRole('heading', { name: /^Edit Quote / }).waitFor();
    await page.getByLabel('Item 1 quantity', { exact: true }).fill('9');
    await page.getByRole('button', { name: 'Update Quote' }).click();
    await page.waitForURL('**/dashboard/quotes');
    await quoteRow(page, 'Quarry Works').getByText('Not synced').waitFor({ state: 'attached' });

    // Meanwhile a colleague sends it.
    const colleagueApi = await apiLogin(server.baseUrl, colleague.email, colleague.password);
    expect((await colleagueApi.post(`/api/quotes/${quote.id}/send`)).status).toBe(200);

    await context.setOffline(false);
    await waitSynced(page);
    const row = quoteRow(page, 'Quarry Works');
    await row.getByText('Sent', { exact: true }).waitFor();
    await row.getByText('Not synced').waitFor({ state: 'detached' });
    const drawer = await openSyncIssues(page);
    await drawer.getByText('Rejected changes').waitFor();
    await drawer
      .getByTestId('rejection')
      .getByText('Only draft quotes can be changed. Set the status back to Draft to edit it.')
      .waitFor();
    await page.keyboard.press('Escape');

    // The server kept the colleague's state and the original quantity.
    const stored = (await api.get<QuoteJson>(`/api/quotes/${quote.id}`)).data;
    expect(stored.status).toBe('Sent');
    expect(stored.items.map((i) => i.quantity)).toEqual([5]);
    await row.getByRole('button', { name: /^View quote / }).click();
    await page
      .getByText('This quote is Sent and can no longer be edited.', { exact: false })
      .waitFor();
    expect(await page.getByTestId('item-row').getByText('5', { exact: true }).count()).toBe(1);
  });
});

describe('the session expires with changes pending', () => {
  it('offline the expired session is kept; back online it logs out, and the edits are pushed after logging in again', async () => {
    const { page, context, server } = e2e;
    const owner = await createVerifiedAccount(server.baseUrl, server.dataDir);
    const api = await apiLogin(server.baseUrl, owner.email, owner.password);
    const { customerId } = await seedMasterData(api, {
      customer: 'Sleepy Hollow Inn',
      contact: 'Ned Crane',
      product: 'Room',
    });
    await page.clock.install();
    await loginThroughUi(page, owner);
    await waitSynced(page);
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await waitOfflineIndicator(page);
    await editCustomerUi(page, 'Sleepy Hollow Inn', { 'Company Phone Number': '+1 555 0199' });
    await createCustomerUi(page, {
      name: 'Late Night Diner',
      email: 'night@diner.example',
      contactName: 'Rosa Night',
      contactEmail: 'rosa@diner.example',
    });
    await waitPending(page, 2, true);

    // Two hours without activity while offline: the session has expired, but login is
    // online-only, so the app keeps the rep signed in with his data: signing out would drop what he has not synced.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.clock.fastForward('02:01:00');
    await syncIndicator(page).filter({ hasText: 'Offline' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/customers');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);
    expect(
      (await api.get<CustomerJson>(`/api/customers/${customerId}`)).data.phoneNumber,
    ).toBeNull();

    // Back online the expiry applies: logged out to /login, which says the changes are kept.
    await context.setOffline(false);
    await page.waitForURL('**/login', { timeout: 15_000 });
    await page
      .getByText(/^Your session has expired\. .*changes not yet synced are kept on this device/)
      .waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await loginThroughUi(page, owner);
    await waitSynced(page);
    expect(await pendingCount(page)).toBe(0);
    expect((await api.get<CustomerJson>(`/api/customers/${customerId}`)).data.phoneNumber).toBe(
      '+1 555 0199',
    );
    const customers = await api.get<CustomerJson[]>('/api/customers');
    expect(customers.data.map((c) => c.name).sort()).toEqual([
      'Late Night Diner',
      'Sleepy Hollow Inn',
    ]);
  });
});
