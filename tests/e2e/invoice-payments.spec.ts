import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createVerifiedAccount, loginThroughUi } from './support/accounts';
import { apiLogin, seedMasterData } from './support/api';
import { useE2E } from './support/e2e';
import { SCREENSHOT_DIR } from './support/paths';
import { waitOfflineIndicator, waitPending, waitSynced } from './support/ui';

/** The tablet (1024×768, touch) is where the payment is taken; the second device is a desktop. */
const e2e = useE2E({ viewport: { width: 1024, height: 768 }, hasTouch: true });

interface InvoiceJson {
  id: string;
  invoiceNumber: string;
  status: string;
  balance: number;
  amountPaid: number;
}

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'laptop', width: 1024, height: 768 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'phone', width: 390, height: 844 },
];

async function openInvoice(page: Page, invoice: InvoiceJson) {
  await page.goto(`/dashboard/invoices/${invoice.id}`);
  await page.getByRole('heading', { name: `Invoice ${invoice.invoiceNumber}`, level: 2 }).waitFor();
}

describe('getting paid across devices', () => {
  it('a partial payment recorded offline on a tablet reaches a second device as Partially paid with its balance', async () => {
    const { page, server } = e2e;
    const owner = await createVerifiedAccount(server.baseUrl, server.dataDir);
    const api = await apiLogin(server.baseUrl, owner.email, owner.password);
    const ids = await seedMasterData(api, {
      customer: 'Harbour Bakery',
      contact: 'Mia Stone',
      product: 'Sourdough crate',
      price: 50,
    });
    // Issue 33: an order takes its lines' rates (no more fixed 10 %): the line names 10 %.
    const vat10 = await api.post<{ id: string }>('/api/tax-rates', {
      name: 'VAT 10 %',
      rate: 10,
      category: 'S',
    });
    expect(vat10.status).toBe(201);
    const order = await api.post<{ id: string }>('/api/orders', {
      customerId: ids.customerId,
      contactId: ids.contactId,
      items: [{ productId: ids.productId, quantity: 2, taxRateId: vat10.data.id }],
    });
    expect(order.status).toBe(201);
    // 2 × 50.00 + 10 % tax = 110.00.
    const made = await api.post<InvoiceJson>(`/api/orders/${order.data.id}/create-invoice`);
    expect(made.status).toBe(201);
    const invoice = made.data;

    // The tablet: signed in, synced, on the invoice; then the connection drops.
    await loginThroughUi(page, owner);
    await waitSynced(page);
    await openInvoice(page, invoice);
    await expect.poll(() => page.getByTestId('balance-due').textContent()).toBe('$110.00');
    await e2e.context.setOffline(true);
    await waitOfflineIndicator(page);

    await page.getByRole('button', { name: 'Record Payment' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Amount' }).fill('40.50');
    await dialog.getByRole('combobox', { name: 'Method' }).click();
    await page.getByRole('option', { name: 'Cash' }).click();
    await dialog.getByRole('textbox', { name: 'Reference' }).fill('Till 3');
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('balance-due').textContent()).toBe('$69.50');
    await page.getByText('Partially paid', { exact: true }).first().waitFor();
    await waitPending(page, 1);
    // Nothing reached the server yet.
    expect((await api.get<InvoiceJson>(`/api/invoices/${invoice.id}`)).data.status).toBe('Unpaid');

    // The connection returns: the payment syncs.
    await e2e.context.setOffline(false);
    await waitSynced(page);
    const synced = (await api.get<InvoiceJson>(`/api/invoices/${invoice.id}`)).data;
    expect({
      status: synced.status,
      amountPaid: synced.amountPaid,
      balance: synced.balance,
    }).toEqual({ status: 'Partially paid', amountPaid: 40.5, balance: 69.5 });

    // A second device (a desktop) signs in and sees the same money.
    const desk = await e2e.newContext({ viewport: { width: 1440, height: 900 }, hasTouch: false });
    const second = await desk.newPage();
    await loginThroughUi(second, owner);
    await waitSynced(second);
    await openInvoice(second, invoice);
    await second.getByText('Partially paid', { exact: true }).first().waitFor();
    await expect.poll(() => second.getByTestId('balance-due').textContent()).toBe('$69.50');
    const row = second.getByTestId('payment-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('Cash');
    expect(await row.textContent()).toContain('Till 3');
    expect(await row.textContent()).toContain('$40.50');
    await second.getByTestId('reminders-card').getByText('No reminders sent yet').waitFor();

    // The invoice screen with its payment and reminders, on desktop, tablet and phone.
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    for (const viewport of VIEWPORTS) {
      await second.setViewportSize({ width: viewport.width, height: viewport.height });
      await second.getByTestId('reminders-card').waitFor();
      await second.screenshot({
        path: path.join(SCREENSHOT_DIR, `invoice-payments-${viewport.name}.png`),
        fullPage: true,
      });
    }
  });
});
