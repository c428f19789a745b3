import { describe, expect, it } from 'vitest';
import { createVerifiedAccount, loginThroughUi, newAccount } from './support/accounts';
import { apiLogin, type QuoteJson } from './support/api';
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

describe('issue 7: the business flow in the browser', () => {
  it('customer → product → quote with two items → send → recipient accepts via the share link → order → invoice → Paid', async () => {
    const { page, context, server } = e2e;
    const account = await createVerifiedAccount(server.baseUrl, server.dataDir);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
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
    const number = (await row.locator('td').first().innerText()).trim().split(/\s/)[0] ?? '';
    expect(number).toMatch(/\d/);

    // Send (confirmation) → Sent; the access token comes back with the next pull.
    await row.getByRole('button', { name: `Send quote ${number}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send Quote' }).click();
    await row.getByText('Sent', { exact: true }).waitFor();
    await waitSynced(page);

    // Share dialog → Copy → 'Copied!'; the clipboard holds the public link.
    await row.getByRole('button', { name: `Share quote ${number}` }).click();
    const share = page.getByRole('dialog');
    await share.getByText('This link allows anyone to view the quote without logging in.').waitFor();
    const link = await share.getByRole('textbox', { name: 'Public link' }).inputValue();
    expect(link).toMatch(new RegExp(`^${server.baseUrl}/quote/[0-9a-f-]+/[0-9a-f-]+/view\\?token=.+`));
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
    await page.getByText('Unpaid', { exact: true }).first().waitFor();
    // The number comes from the server with the next sync.
    await waitSynced(page);
    expect(await page.getByRole('heading', { level: 2 }).innerText()).not.toBe('Invoice Pending');

    // Status Paid + Save → back on the list with Paid.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Paid', exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/dashboard/invoices');
    await page.getByTestId('invoice-row').filter({ hasText: 'Harbour Lights Ltd' }).getByText('Paid').waitFor();
    await waitSynced(page);

    // The server agrees on every step.
    const api = await apiLogin(server.baseUrl, account.email, account.password);
    const quotes = await api.get<QuoteJson[]>('/api/quotes');
    expect(quotes.data.map((q) => [q.quoteNumber, q.status])).toEqual([[number, 'Converted']]);
    expect(quotes.data[0]?.items.map((i) => i.quantity)).toEqual([3, 10]);
    const invoices = await api.get<{ status: string; total: number }[]>('/api/invoices');
    expect(invoices.data.map((i) => i.status)).toEqual(['Paid']);
  });
});
