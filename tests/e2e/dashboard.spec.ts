import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { convertMoney, formatMoney, subtractMoney, sumMoney } from '@smb/shared-types/money';
import { createVerifiedAccount, loginThroughUi } from './support/accounts';
import { apiLogin, seedMasterData, seedQuote, type Api, type QuoteJson } from './support/api';
import { useE2E } from './support/e2e';
import { SCREENSHOT_DIR } from './support/paths';
import { waitSynced } from './support/ui';

const e2e = useE2E();

interface CurrencyJson {
  code: string;
  symbol: string;
  dollarExchangeRate: number;
  isDefault: boolean;
}

async function defaultCurrency(api: Api): Promise<CurrencyJson> {
  const list = await api.get<CurrencyJson[]>('/api/currencies');
  const found = list.data.find((c) => c.isDefault);
  if (!found) throw new Error(`no default currency: ${JSON.stringify(list.data)}`);
  return found;
}

/** Quotes in Draft and Sent (one in euros), and an invoice with a payment, all through the API. */
async function seedBusiness(api: Api) {
  const ids = await seedMasterData(api, {
    customer: 'Harbour Bakery',
    contact: 'Mina Flour',
    product: 'Deck oven',
    sku: 'OVEN-3',
    price: 2450,
  });
  const euro = await api.post('/api/currencies', {
    code: 'EUR',
    name: 'Euro',
    symbol: '€',
    taxRate: 20,
    dollarExchangeRate: 1.0843,
    isDefault: false,
  });
  expect(euro.status).toBe(201);
  const draft = await seedQuote(api, ids, 2);
  const sent = await seedQuote(api, ids, 1);
  expect((await api.post(`/api/quotes/${sent.id}/send`)).status).toBe(200);
  const inEuros = await api.post<QuoteJson>('/api/quotes', {
    customerId: ids.customerId,
    contactId: ids.contactId,
    currencyCode: 'EUR',
    items: [{ productId: ids.productId, quantity: 1 }],
    notes: '',
  });
  expect(inEuros.status).toBe(201);
  const billed = await seedQuote(api, ids, 3);
  expect((await api.post(`/api/quotes/${billed.id}/send`)).status).toBe(200);
  const order = await api.post<{ id: string }>(`/api/quotes/${billed.id}/convert`);
  expect(order.status).toBe(201);
  const invoice = await api.post<{ id: string; total: number }>(
    `/api/orders/${order.data.id}/create-invoice`,
  );
  expect(invoice.status).toBe(201);
  const paid = await api.post(`/api/invoices/${invoice.data.id}/payments`, {
    amount: 1000,
    method: 'bank_transfer',
  });
  expect(paid.status).toBe(201);
  return { ids, draft, sent, inEuros: inEuros.data, invoice: invoice.data };
}

const cardValue = (page: Page, testId: string) => page.getByTestId(`${testId}-value`).textContent();

describe('dashboard home with numbers', () => {
  it('shows the open quotes and outstanding figures from the synced data, live, and each card opens its filtered list', async () => {
    const { server, page } = e2e;
    const owner = await createVerifiedAccount(server.baseUrl, server.dataDir);
    const api = await apiLogin(server.baseUrl, owner.email, owner.password);
    const base = await defaultCurrency(api);
    const { ids, draft, sent, inEuros, invoice } = await seedBusiness(api);

    // What the cards must say, from the server's own totals: the euro quote converted at its rate.
    const open = sumMoney([
      String(draft.total),
      String(sent.total),
      convertMoney(inEuros.total, 1.0843, base.dollarExchangeRate),
    ]);
    const outstanding = subtractMoney(invoice.total, 1000);

    await loginThroughUi(page, owner);
    await waitSynced(page);
    await page.getByTestId('card-open-quotes').waitFor();
    expect(await cardValue(page, 'card-open-quotes')).toBe(
      formatMoney(open, base.code, base.symbol),
    );
    await expect
      .poll(() => page.getByTestId('card-open-quotes').textContent())
      .toContain('3 quotes in Draft or Sent');
    expect(await cardValue(page, 'card-outstanding')).toBe(
      formatMoney(outstanding, base.code, base.symbol),
    );
    expect(await page.getByTestId('dashboard-currency-note').textContent()).toContain(
      `Documents in EUR are converted`,
    );
    // The charts (their own chunk) arrive, and the six areas stay one click away.
    await page.getByRole('heading', { name: 'Revenue by month' }).waitFor();
    await page.getByRole('heading', { name: 'Quote pipeline' }).waitFor();
    for (const area of ['Customers', 'Contacts', 'Products', 'Quotes', 'Orders', 'Invoices'])
      await page.getByRole('link', { name: `Open ${area}`, exact: true }).waitFor();

    // Live: a quote made elsewhere reaches the card as soon as it syncs, without a reload.
    const another = await seedQuote(api, ids, 1);
    const four = formatMoney(sumMoney([open, String(another.total)]), base.code, base.symbol);
    await expect.poll(() => cardValue(page, 'card-open-quotes'), { timeout: 30_000 }).toBe(four);

    // The card leads to the quotes list filtered to Draft and Sent.
    await page.getByTestId('card-open-quotes').click();
    await page.waitForURL('**/dashboard/quotes?status=Draft,Sent');
    await page.getByText('Showing Draft, Sent quotes (4 of').waitFor();
    await expect.poll(() => page.getByTestId('quote-row').count()).toBe(4);

    // Outstanding leads to the invoices list filtered to what is still owed.
    await page.goBack();
    await page.getByTestId('card-outstanding').click();
    await page.waitForURL('**/dashboard/invoices?status=Outstanding');
    expect(await page.locator('input[aria-label="Filter by status"]').inputValue()).toBe(
      'Outstanding',
    );
    await page.getByText('Harbour Bakery').first().waitFor();
  });

  it('a new tenant sees a friendly empty dashboard, not a wall of zeros', async () => {
    const { server, page } = e2e;
    const owner = await createVerifiedAccount(server.baseUrl, server.dataDir);
    await loginThroughUi(page, owner);
    await waitSynced(page);
    await page.getByTestId('dashboard-empty').waitFor();
    expect(await page.getByTestId('dashboard-cards').count()).toBe(0);
    await page.getByRole('link', { name: 'Add a customer' }).click();
    await page.waitForURL('**/dashboard/customers/new');
  });
});

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'laptop', width: 1024, height: 768 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'phone', width: 390, height: 844 },
];

/**
 * Twelve months of history written straight into the signed-in user's local store (the API dates
 * every document today): invoices across the months, payments, quotes in every status. Review
 * screenshots only: the figures are checked by the test above on API-seeded data.
 */
async function addLocalHistory(page: Page) {
  await page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name ?? '');
    const name = names.find((n) => n.startsWith('smb-'));
    if (!name) throw new Error('no local store');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open(name);
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    const [customer] = await new Promise<{ id: string; name: string; email: string }[]>((res) => {
      const r = db.transaction('customers').objectStore('customers').getAll();
      r.onsuccess = () => res(r.result as { id: string; name: string; email: string }[]);
    });
    const companies = [
      'Harbour Bakery',
      'Northwind Traders',
      'Blue Fern Florists',
      'Copperline Cafés',
      'Atlas Joinery',
      'Quayside Dental',
      'Millstone Brewing',
    ];
    const now = new Date();
    const tx = db.transaction(['invoices', 'payments', 'quotes', 'summaries'], 'readwrite');
    // Written around the app's Dexie layer, as a build before the dashboard summaries left the
    // store: without summaries, the app fills them from the rows when it opens the store again.
    tx.objectStore('summaries').clear();
    let seed = 7;
    const rand = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let k = 0; k < 140; k++) {
      const monthsBack = Math.floor(rand() * 12);
      const day = 1 + Math.floor(rand() * 27);
      const issued = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, day));
      if (issued > now) issued.setUTCDate(1);
      const iso = issued.toISOString();
      const company = companies[Math.floor(rand() * rand() * companies.length)]!;
      const total = Math.round((300 + rand() * (monthsBack + 3) * 700) * 100) / 100;
      const share = monthsBack > 1 ? 1 : rand() < 0.5 ? 0 : 0.5;
      const paid = Math.round(total * share * 100) / 100;
      const due = new Date(issued.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
      const id = `hist-inv-${k}`;
      tx.objectStore('invoices').put({
        id,
        invoiceNumber: `INV-H${k}`,
        orderId: `hist-order-${k}`,
        customerId: `hist-${company}`,
        customerName: company,
        customerEmail: customer?.email ?? 'office@example.com',
        contactId: null,
        contactName: null,
        contactEmail: null,
        contactRole: null,
        currencyCode: 'USD',
        status: share === 1 ? 'Paid' : share > 0 ? 'Partially paid' : 'Unpaid',
        notes: '',
        subtotal: total,
        taxRate: 0,
        taxAmount: 0,
        total,
        amountPaid: paid,
        paidAt: null,
        issueDate: iso.slice(0, 10),
        dueDate: due,
        paymentTerms: 'net_30',
        createdAt: iso,
        updatedAt: iso,
        version: '1',
        items: [],
      });
      if (paid > 0) {
        const on = new Date(Math.min(now.getTime(), issued.getTime() + 20 * 86_400_000));
        tx.objectStore('payments').put({
          id: `hist-pay-${k}`,
          invoiceId: id,
          amount: paid,
          paidOn: on.toISOString().slice(0, 10),
          method: 'bank_transfer',
          reference: null,
          note: null,
          createdBy: null,
          createdAt: on.toISOString(),
          updatedAt: on.toISOString(),
          version: '1',
        });
      }
    }
    const statuses = ['Draft', 'Sent', 'Sent', 'Accepted', 'Rejected', 'Converted', 'Converted'];
    for (let k = 0; k < 45; k++) {
      const status = statuses[k % statuses.length]!;
      const at = new Date(now.getTime() - Math.floor(rand() * 80) * 86_400_000).toISOString();
      tx.objectStore('quotes').put({
        id: `hist-q-${k}`,
        quoteNumber: `Q-H${k}`,
        customerId: customer?.id ?? 'none',
        contactId: null,
        currencyCode: 'USD',
        status,
        notes: '',
        subtotal: 0,
        taxRate: 0,
        taxAmount: 0,
        total: Math.round((500 + rand() * 6000) * 100) / 100,
        createdAt: at,
        updatedAt: at,
        version: '1',
        items: [],
        accessToken: null,
        viewedAt: null,
        acceptedAt: status === 'Accepted' || status === 'Converted' ? at : null,
        rejectedAt: status === 'Rejected' ? at : null,
      });
    }
    await new Promise((res, rej) => {
      tx.oncomplete = res;
      tx.onerror = () => rej(tx.error);
    });
    db.close();
  });
}

describe('dashboard screenshots for review', () => {
  // Two sign-ins, eight full-page screenshots: slow on a loaded machine.
  it(
    'fits 1440×900, 1024×768, 768×1024 and 390×844 with data and with none',
    { timeout: 600_000 },
    async () => {
      const { server } = e2e;
      await mkdir(SCREENSHOT_DIR, { recursive: true });
      const empty = await createVerifiedAccount(server.baseUrl, server.dataDir);
      const busy = await createVerifiedAccount(server.baseUrl, server.dataDir);
      await seedBusiness(await apiLogin(server.baseUrl, busy.email, busy.password));
      for (const [label, account] of [
        ['empty', empty],
        ['data', busy],
      ] as const) {
        // One sign-in per account; the viewport then takes each size (the layout follows media queries).
        const context = await e2e.newContext({ serviceWorkers: 'block' });
        const page = await context.newPage();
        await loginThroughUi(page, account);
        await waitSynced(page);
        if (label === 'data') {
          await addLocalHistory(page);
          await page.reload();
        }
        for (const viewport of VIEWPORTS) {
          await page.setViewportSize({ width: viewport.width, height: viewport.height });
          if (label === 'data') {
            await page.getByRole('heading', { name: 'Top customers by revenue' }).waitFor();
            await page.locator('.recharts-bar-rectangle').first().waitFor();
          } else await page.getByTestId('dashboard-empty').waitFor();
          await page.waitForTimeout(800);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect(overflow, `${label} dashboard on ${viewport.name} overflows`).toBeLessThanOrEqual(
            0,
          );
          await page.screenshot({
            path: path.join(
              SCREENSHOT_DIR,
              `dashboard-${label}-${viewport.width}x${viewport.height}.png`,
            ),
            fullPage: true,
          });
        }
        await context.close();
      }
    },
  );
});
