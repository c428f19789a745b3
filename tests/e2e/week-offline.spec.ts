/**
 * A week offline, end to end. A rep's tablet runs build N (the previous release,
 * dist/pwa-previous: sync protocol 1, local schema 2). It logs in, syncs and goes offline; over a
 * simulated week (the browser's clock, Playwright `clock`) it creates and edits customers, quotes
 * and an order while its 2-hour session token expires — offline that does not log the rep out.
 * Meanwhile build N+1 (dist/pwa: protocol 2, local schema 3) is deployed, the server's clock moves
 * on (TEST_CLOCK) so the token is really expired there too, and the same rep's laptop edits one of
 * the customers. Back online the tablet asks to log in again — saying its changes are kept —
 * updates to N+1, and after the login replays: the server holds every change exactly once, the
 * quote numbers in the order the quotes were made, and the conflict names both devices.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount, loginThroughUi } from './support/accounts';
import {
  apiLogin,
  apiWithToken,
  seedMasterData,
  seedQuote,
  type CustomerJson,
  type QuoteJson,
} from './support/api';
import { useE2E } from './support/e2e';
import { DIST_DIR, PREVIOUS_DIST_DIR } from './support/paths';
import {
  createCustomerUi,
  createQuoteUi,
  editCustomerUi,
  openSection,
  openSyncIssues,
  quoteRow,
  syncIndicator,
  waitForServiceWorker,
  waitOfflineIndicator,
  waitPending,
  waitSynced,
} from './support/ui';

const DAY_MS = 24 * 60 * 60 * 1000;
const EXPIRED_MESSAGE =
  'Your session has expired. Please log in again — changes not yet synced are kept on this device and are sent once you have logged in.';

/**
 * The server registers its static files when it starts, so its folder holds both builds' hashed
 * assets from the start; build N's entry files (index.html, sw.js, the manifest…) are on top.
 * The deploy copies build N+1 over them.
 */
const staticDir = mkdtempSync(path.join(os.tmpdir(), 'smb-e2e-week-'));
cpSync(DIST_DIR, staticDir, { recursive: true });
cpSync(PREVIOUS_DIST_DIR, staticDir, { recursive: true });
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

const e2e = useE2E(
  { viewport: { width: 1024, height: 768 } },
  { staticDir, env: { TEST_CLOCK: '1' } },
);

/** The module script index.html starts (differs between builds). */
const entryScript = (dir: string) =>
  /<script type="module"[^>]*src="([^"]+)"/.exec(
    readFileSync(path.join(dir, 'index.html'), 'utf8'),
  )?.[1];

/** Version of this user's local database as IndexedDB reports it (Dexie: schema version × 10). */
async function localSchemaVersion(page: Page): Promise<number | undefined> {
  return page.evaluate(async () => {
    const all = await indexedDB.databases();
    const db = all.find((d) => d.name?.startsWith('smb-'));
    return db?.version === undefined ? undefined : db.version / 10;
  });
}

async function nameDevice(page: Page, name: string): Promise<void> {
  const drawer = await openSyncIssues(page);
  await drawer.getByRole('textbox', { name: 'Device name' }).fill(name);
  await drawer.getByRole('button', { name: 'Save device name' }).click();
  await drawer.getByText('Device name saved').waitFor();
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'detached' });
}

/** The next working day on the tablet: its clock jumps ahead (due timers, e.g. the 60 s session check, run). */
async function nextDay(page: Page): Promise<void> {
  await page.clock.fastForward(DAY_MS);
  // Still signed in on the dashboard: offline, the expired session is kept.
  await syncIndicator(page).waitFor();
  expect(page.url()).toContain('/dashboard');
}

describe('a week offline', () => {
  it('keeps every change through an expired session and an app update, and replays each once', async () => {
    const { page: tablet, context, server } = e2e;
    const rep = await createVerifiedAccount(server.baseUrl, server.dataDir);
    const api = await apiLogin(server.baseUrl, rep.email, rep.password);
    await seedMasterData(api, {
      customer: 'Harbour Supplies',
      contact: 'Hal Porter',
      product: 'Display stand',
      price: 120,
    });
    const harbour = (await api.get<CustomerJson[]>('/api/customers')).data[0]!;
    const customerIds = { customerId: harbour.id };
    const contactId = (await api.get<{ id: string }[]>(`/api/contacts/customer/${harbour.id}`))
      .data[0]!.id;
    const productId = (await api.get<{ id: string }[]>('/api/products')).data[0]!.id;
    const before = await seedQuote(api, { ...customerIds, contactId, productId }, 1);

    // Monday morning, online, on build N: log in, sync, name the device.
    await context.clock.install({ time: new Date() });
    await loginThroughUi(tablet, rep);
    await waitSynced(tablet);
    await waitForServiceWorker(tablet);
    expect(
      await tablet.evaluate(() =>
        document.querySelector('script[type="module"]')?.getAttribute('src'),
      ),
    ).toBe(entryScript(PREVIOUS_DIST_DIR));
    await nameDevice(tablet, "Anna's tablet");
    const tabletToken = await tablet.evaluate(() => localStorage.getItem('token'));

    // The same rep's laptop stays in the office, online.
    const laptopContext = await e2e.newContext({ viewport: { width: 1280, height: 800 } });
    const laptop = await laptopContext.newPage();
    await loginThroughUi(laptop, rep);
    await waitSynced(laptop);
    await nameDevice(laptop, "Anna's laptop");

    // The trade fair: no network all week.
    await context.setOffline(true);
    await waitOfflineIndicator(tablet);
    expect(await localSchemaVersion(tablet)).toBe(2);

    // Day 1: a new customer, and a phone number for an existing one.
    await nextDay(tablet);
    await createCustomerUi(tablet, {
      name: 'Fairground Foods',
      email: 'hello@fairground.example',
      contactName: 'Fay Grant',
      contactEmail: 'fay@fairground.example',
    });
    await editCustomerUi(tablet, 'Harbour Supplies', { 'Company Phone Number': '555-0101' });

    // Day 2: two quotes, in this order.
    await nextDay(tablet);
    await createQuoteUi(tablet, {
      customer: 'Fairground Foods',
      contact: 'Fay Grant',
      items: [{ product: 'Display stand', quantity: 3 }],
    });
    await createQuoteUi(tablet, {
      customer: 'Harbour Supplies',
      contact: 'Hal Porter',
      items: [{ product: 'Display stand', quantity: 1 }],
    });

    // Day 3: the first quote changes; in the office the laptop edits the same phone number.
    await nextDay(tablet);
    await quoteRow(tablet, 'Fairground Foods')
      .getByRole('button', { name: /^Edit quote/ })
      .click();
    await tablet.getByLabel('Item 1 quantity', { exact: true }).fill('5');
    await tablet.getByRole('button', { name: 'Update Quote' }).click();
    await tablet.waitForURL('**/dashboard/quotes');
    await editCustomerUi(laptop, 'Harbour Supplies', { 'Company Phone Number': '555-0202' });
    await waitSynced(laptop);

    // Day 4: Harbour orders.
    await nextDay(tablet);
    await openSection(tablet, 'Quotes');
    await quoteRow(tablet, 'Harbour Supplies')
      .getByRole('button', { name: 'Edit quote Pending' })
      .click();
    await tablet.getByRole('button', { name: 'Convert to Order' }).click();
    await tablet.getByRole('dialog').getByRole('button', { name: 'Convert to Order' }).click();
    await tablet.waitForURL(/\/dashboard\/orders\/[0-9a-f-]+$/);

    // Day 5: the new customer's e-mail changes.
    await nextDay(tablet);
    await editCustomerUi(tablet, 'Fairground Foods', {
      'Company Email': 'orders@fairground.example',
    });
    // create ×1, customer updates ×2, quotes ×2, quote update ×1, conversion ×1.
    await waitPending(tablet, 7);
    expect(await tablet.evaluate(() => localStorage.getItem('token'))).toBe(tabletToken);

    // Meanwhile: build N+1 is deployed, and five days pass on the server too — the tablet's
    // token, two hours long, is refused there.
    cpSync(DIST_DIR, staticDir, { recursive: true });
    const moved = await api.post<{ now: string }>('/api/test/clock', { advanceDays: 5 });
    expect(moved.status).toBe(200);
    expect((await apiWithToken(server.baseUrl, tabletToken!).get('/api/customers')).status).toBe(
      401,
    );

    // Back online: the expiry applies now — /login says the changes are kept.
    await context.setOffline(false);
    await tablet.waitForURL('**/login');
    await tablet.getByText(EXPIRED_MESSAGE).waitFor();
    expect(await tablet.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(rep.email);

    // The update: found by the app's update check, activated (nothing can sync before the
    // login anyway), and the page runs build N+1 — still asking to log in, with the same words.
    await tablet.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const banner = tablet.getByRole('status').filter({ hasText: 'A new version is available' });
    await banner.waitFor({ timeout: 30_000 });
    await banner.getByRole('button', { name: 'Reload' }).click();
    await tablet.waitForFunction(
      (src) => document.querySelector('script[type="module"]')?.getAttribute('src') === src,
      entryScript(DIST_DIR),
      { timeout: 30_000 },
    );
    await tablet.getByText(EXPIRED_MESSAGE).waitFor();
    expect(new URL(tablet.url()).pathname).toBe('/login');

    // Log in again as the same rep: the local database upgrades with the week's changes in it,
    // and they are sent.
    await tablet.getByRole('textbox', { name: 'Email' }).fill(rep.email);
    await tablet.getByLabel(/^Password/).fill(rep.password);
    await tablet.getByRole('button', { name: 'Sign In' }).click();
    await tablet.waitForURL('**/dashboard');
    await waitSynced(tablet, 60_000);
    // Upgraded to this build's newest schema (past the outbox stamp of version 3).
    expect(await localSchemaVersion(tablet)).toBeGreaterThanOrEqual(3);

    // The server holds every change exactly once.
    const now = await apiLogin(server.baseUrl, rep.email, rep.password);
    const customers = (await now.get<CustomerJson[]>('/api/customers')).data;
    expect(customers.map((c) => c.name).sort()).toEqual(['Fairground Foods', 'Harbour Supplies']);
    expect(customers.find((c) => c.name === 'Fairground Foods')).toMatchObject({
      email: 'orders@fairground.example',
    });
    // The tablet's edit arrived last and won.
    expect(customers.find((c) => c.name === 'Harbour Supplies')).toMatchObject({
      phoneNumber: '555-0101',
    });
    const fairground = customers.find((c) => c.name === 'Fairground Foods')!;
    const contacts = (await now.get<{ name: string }[]>(`/api/contacts/customer/${fairground.id}`))
      .data;
    expect(contacts.map((c) => c.name)).toEqual(['Fay Grant']);

    const quotes = (await now.get<(QuoteJson & { createdAt: string })[]>('/api/quotes')).data;
    expect(quotes).toHaveLength(3);
    const byNumber = [...quotes].sort((a, b) => a.quoteNumber!.localeCompare(b.quoteNumber!));
    // Numbers in the order the quotes were made: the one from before the week, then the tablet's two.
    expect(byNumber.map((q) => q.id)[0]).toBe(before.id);
    expect(byNumber.map((q) => q.customerId)).toEqual([harbour.id, fairground.id, harbour.id]);
    expect(byNumber.map((q) => q.quoteNumber)).toEqual(['Q-0001', 'Q-0002', 'Q-0003']);
    expect(byNumber[1]).toMatchObject({ status: 'Draft', items: [{ productId, quantity: 5 }] });
    expect(byNumber[2]).toMatchObject({ status: 'Converted', items: [{ productId, quantity: 1 }] });
    const orders = (await now.get<{ quoteId: string | null; customerId: string }[]>('/api/orders'))
      .data;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ quoteId: byNumber[2]!.id, customerId: harbour.id });

    // The laptop's phone number was overwritten: the only conflict, and it names both devices.
    // (The tablet's edits of what it made offline are no conflict with itself.)
    await syncIndicator(tablet).filter({ hasText: '1' }).waitFor({ timeout: 45_000 });
    const drawer = await openSyncIssues(tablet);
    const conflict = drawer.getByTestId('conflict');
    await conflict.getByText('Harbour Supplies').waitFor();
    await conflict.getByText(/overwritten on Anna's laptop by you, from Anna's tablet/).waitFor();
    await conflict.getByText('555-0202', { exact: true }).waitFor();
    expect(await conflict.count()).toBe(1);
  });
});
