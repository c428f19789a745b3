import { describe, expect, it } from 'vitest';
import { createVerifiedAccount, loginThroughUi, newAccount } from './support/accounts';
import { apiLogin, seedMasterData, type QuoteJson } from './support/api';
import { useE2E } from './support/e2e';
import { latestCode } from './support/mailbox';
import {
  createCustomerUi,
  createProductUi,
  createQuoteUi,
  openSection,
  quoteRow,
  syncIndicator,
  waitForServiceWorker,
  waitOfflineIndicator,
  waitSynced,
} from './support/ui';

const e2e = useE2E();

describe('the business flow in the browser', () => {
  it('customer → product → quote with two items → send → recipient accepts via the share link → order → invoice → Paid', async () => {
    const { page, context, server } = e2e;
    const account = await createVerifiedAccount(server.baseUrl, server.dataDir);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: server.baseUrl,
    });
    await loginThroughUi(page, account);

    await createCustomerUi(page, {
      name: 'Harbour Lights Ltd',
      email: 'office@harbourlights.example',
      address: '1 Quay Street',
      contactName: 'Maya Patel',
      contactEmail: 'maya@harbourlights.example',
    });
    await createProductUi(page, { name: 'Lantern', sku: 'LAN-1', price: '120.50' });
    await createProductUi(page, { name: 'Wick pack', sku: 'WCK-9', price: '4.25' });
    await createQuoteUi(page, {
      customer: 'Harbour Lights Ltd',
      contact: 'Maya Patel',
      items: [
        { product: 'Lantern', quantity: 3 },
        { product: 'Wick pack', quantity: 10 },
      ],
    });
    // 3 × 120.50 + 10 × 4.25 = 404.00, plus the default currency's tax.
    await waitSynced(page);
    const row = quoteRow(page, 'Harbour Lights Ltd');
    await row.getByText('Draft').waitFor();
    // The number is the server's: it shows "Pending" until the push is answered and pulled back
    // (the status may still read "Synced" from before the push began).
    const numberCell = async () =>
      (await row.locator('td').first().innerText()).trim().split(/\s/)[0] ?? '';
    await expect.poll(numberCell, { timeout: 20_000 }).toMatch(/\d/);
    const number = await numberCell();

    // Send (confirmation) → Sent; the access token comes back with the next pull.
    await row.getByRole('button', { name: `Send quote ${number}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send Quote' }).click();
    await row.getByText('Sent', { exact: true }).waitFor();
    await waitSynced(page);

    // Share dialog → Copy → 'Copied!'; the clipboard holds the public link.
    await row.getByRole('button', { name: `Share quote ${number}` }).click();
    const share = page.getByRole('dialog');
    await share
      .getByText('This link allows anyone to view the quote without logging in.')
      .waitFor();
    const link = await share.getByRole('textbox', { name: 'Public link' }).inputValue();
    expect(link).toMatch(
      new RegExp(`^${server.baseUrl}/quote/[0-9a-f-]+/[0-9a-f-]+/view\\?token=.+`),
    );
    await share.getByRole('button', { name: 'Copy' }).click();
    await share.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await page.keyboard.press('Escape');

    // The recipient, in another browser, accepts.
    const recipient = await (await e2e.newContext({ serviceWorkers: 'block' })).newPage();
    await recipient.goto(link);
    const quote = recipient.frameLocator('iframe[title="Quote"]');
    await quote.getByText(number, { exact: true }).waitFor();
    await quote.getByRole('heading', { name: account.company }).waitFor();
    await quote.getByRole('textbox', { name: 'Your full name' }).fill('Jane Roe');
    await quote.getByRole('button', { name: 'Accept Quote' }).click();
    await quote.getByText(`Thank you. Quote ${number} has been accepted.`).waitFor();

    // The staff list learns about it through sync.
    await row.getByText('Accepted', { exact: true }).waitFor({ timeout: 45_000 });

    // Convert to order (confirmation) → the order's screen.
    await row.getByRole('button', { name: `Order quote ${number}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Convert to Order' }).click();
    await page.waitForURL(/\/dashboard\/orders\/[0-9a-f-]+$/);
    await waitSynced(page);

    // Orders list → Invoice → the invoice's screen.
    await openSection(page, 'Orders');
    const orderRow = page.getByRole('row').filter({ hasText: 'Harbour Lights Ltd' });
    await orderRow.getByRole('button', { name: /^Invoice order / }).click();
    await page.waitForURL(/\/dashboard\/invoices\/[0-9a-f-]+$/);
    await page.getByRole('heading', { name: /^Invoice /, level: 2 }).waitFor();
    await page.getByText('Draft', { exact: true }).first().waitFor();
    // The number comes from the server with the next sync.
    await waitSynced(page);
    expect(await page.getByRole('heading', { level: 2 }).innerText()).not.toBe('Invoice Pending');

    // Status Paid + Save → back on the list with Paid.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Paid', exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/dashboard/invoices');
    await page
      .getByTestId('invoice-row')
      .filter({ hasText: 'Harbour Lights Ltd' })
      .getByText('Paid')
      .waitFor();
    await waitSynced(page);

    // The server agrees on every step.
    const api = await apiLogin(server.baseUrl, account.email, account.password);
    const quotes = await api.get<QuoteJson[]>('/api/quotes');
    expect(quotes.data.map((q) => [q.quoteNumber, q.status])).toEqual([[number, 'Converted']]);
    expect(quotes.data[0]?.items.map((i) => i.quantity)).toEqual([3, 10]);
    const invoices = await api.get<{ status: string; total: number }[]>('/api/invoices');
    expect(invoices.data.map((i) => i.status)).toEqual(['Paid']);
  });

  it('creates the same quote offline: reload offline keeps it as Pending, reconnecting gives it its number on the server', async () => {
    const { page, context, server } = e2e;
    const account = await createVerifiedAccount(server.baseUrl, server.dataDir);
    const api = await apiLogin(server.baseUrl, account.email, account.password);
    await seedMasterData(api, {
      customer: 'Offline Outfitters',
      contact: 'Ada Lane',
      product: 'Tent',
      sku: 'TNT-2',
      price: 199.99,
    });
    await loginThroughUi(page, account);
    await waitSynced(page);
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await waitOfflineIndicator(page);
    await createQuoteUi(page, {
      customer: 'Offline Outfitters',
      contact: 'Ada Lane',
      items: [{ product: 'Tent', quantity: 2 }],
    });
    const row = quoteRow(page, 'Offline Outfitters');
    await row.getByText('Pending', { exact: true }).waitFor();
    await row.getByText('Not synced').waitFor();

    // The app itself and the quote come back from this device while still offline.
    await page.reload();
    await page.getByRole('heading', { name: 'Quotes', level: 2 }).waitFor();
    await waitOfflineIndicator(page);
    await row.getByText('Pending', { exact: true }).waitFor();
    await row.getByText('Not synced').waitFor();
    await row.getByText('$').first().waitFor();
    expect((await api.get<QuoteJson[]>('/api/quotes')).data).toEqual([]);

    await context.setOffline(false);
    await waitSynced(page);
    await row.getByText('Not synced').waitFor({ state: 'detached' });
    const number = (await row.locator('td').first().innerText()).trim();
    expect(number).not.toContain('Pending');

    // The server has it, with the number the device shows.
    const quotes = await api.get<QuoteJson[]>('/api/quotes');
    expect(quotes.total).toBe(1);
    expect(quotes.data.map((q) => [q.quoteNumber, q.status])).toEqual([[number, 'Draft']]);
    expect(quotes.data[0]?.items.map((i) => i.quantity)).toEqual([2]);
  });
});

describe('a new tenant', () => {
  it('landing → pricing → register → mailed code → login → dashboard with a live invoices card', async () => {
    const { page, server } = e2e;
    const account = newAccount();
    await page.goto('/');
    await page.getByRole('heading', { name: /without the busywork/ }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
    const pricing = page.getByRole('region', { name: 'Simple plans that grow with you' });
    await pricing
      .getByRole('article', { name: 'Business plan' })
      .getByText('Most Popular')
      .waitFor();
    await pricing.getByText('$49').waitFor();
    await pricing.getByRole('link', { name: 'Get Started with Business' }).click();
    await page.waitForURL('**/register');

    await page.getByLabel('Business name').fill(account.company);
    await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByLabel('Confirm password').fill(account.password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL('**/verify-email', { timeout: 10_000 });
    const { code } = await latestCode(server.dataDir, account.email);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await page.waitForURL('**/login', { timeout: 10_000 });
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Keeping SMB Simple' }).waitFor();

    // The invoices card is live: a link, not dimmed.
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Invoices' }) });
    const open = card.getByRole('link', { name: 'Open Invoices' });
    expect(await open.getAttribute('href')).toBe('/dashboard/invoices');
    expect(await open.getAttribute('aria-disabled')).toBeNull();
    const opacity = await card.evaluate((el) => {
      let value = 1;
      for (let node: Element | null = el; node; node = node.parentElement)
        value *= Number(getComputedStyle(node).opacity);
      return value;
    });
    expect(opacity).toBe(1);
    await open.click();
    await page.getByRole('heading', { name: 'Invoices', level: 2 }).waitFor();
    await page.getByText('No Invoices Yet').waitFor();
    await syncIndicator(page)
      .filter({ hasText: /Synced/ })
      .waitFor();
  });
});
