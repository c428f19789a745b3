/**
 * Getting paid, review pictures: the invoice screen with two payments, the quote screen with its
 * "Viewed 3× · last …" line and the payment settings, at desktop, laptop, tablet and phone size.
 * Nothing may overflow sideways. The PNGs go to $REVIEW_SHOTS_DIR (default
 * tests/e2e/screenshots) as getting-paid-<screen>-<width>x<height>.png. The server runs with
 * TEST_CLOCK=1 so the customer's three views are minutes apart without waiting.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createVerifiedAccount, loginThroughUi } from './support/accounts';
import { apiLogin, seedMasterData, seedQuote } from './support/api';
import { useE2E } from './support/e2e';
import { SCREENSHOT_DIR } from './support/paths';
import { waitSynced } from './support/ui';

const e2e = useE2E({ viewport: { width: 1440, height: 900 } }, { env: { TEST_CLOCK: '1' } });
const OUT = process.env.REVIEW_SHOTS_DIR ?? SCREENSHOT_DIR;

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
] as const;

async function shoot(page: Page, screen: string, ready: () => Promise<void>): Promise<string[]> {
  await mkdir(OUT, { recursive: true });
  const files: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await ready();
    await page.waitForTimeout(300); // the navbar's transition settles before the picture
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, `${screen} at ${size.width}px overflows by ${overflow}px`).toBeLessThanOrEqual(
      0,
    );
    const file = path.join(OUT, `getting-paid-${screen}-${size.width}x${size.height}.png`);
    await page.screenshot({ path: file, fullPage: true });
    files.push(file);
  }
  await page.setViewportSize(SIZES[0]);
  return files;
}

interface InvoiceJson {
  id: string;
  invoiceNumber: string;
}
interface QuoteJson {
  id: string;
  quoteNumber: string;
  tenantId: string;
  accessToken: string;
}

describe('getting paid: review screenshots', () => {
  it('invoice with payments, quote with its viewed line, payment settings at four sizes', async () => {
    const { page, server } = e2e;
    const owner = await createVerifiedAccount(server.baseUrl, server.dataDir);
    const api = await apiLogin(server.baseUrl, owner.email, owner.password);
    const ids = await seedMasterData(api, {
      customer: 'Harbour Bakery & Provisions Company Ltd',
      contact: 'Mia Stone',
      product: 'Sourdough crate',
      price: 50,
    });

    const order = await api.post<{ id: string }>('/api/orders', {
      customerId: ids.customerId,
      contactId: ids.contactId,
      items: [{ productId: ids.productId, quantity: 2 }],
    });
    const invoice = (await api.post<InvoiceJson>(`/api/orders/${order.data.id}/create-invoice`))
      .data;
    for (const payment of [
      { amount: 40.5, method: 'cash', reference: 'Till 3' },
      {
        amount: 25,
        method: 'bank_transfer',
        reference: 'SEPA 2026-11-118 HARBOUR BAKERY',
        note: 'Second instalment, as agreed on the phone',
      },
    ]) {
      const res = await api.post(`/api/invoices/${invoice.id}/payments`, payment);
      expect(res.status).toBe(201);
    }

    const draft = await seedQuote(api, ids, 3);
    const quote = (await api.post<QuoteJson>(`/api/quotes/${draft.id}/send`)).data;
    // The customer opens the link three times, a few minutes apart (views within a minute count once).
    for (let view = 0; view < 3; view += 1) {
      if (view > 0) {
        const moved = await fetch(`${server.baseUrl}/api/test/clock`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ advanceDays: 0.002 }),
        });
        expect(moved.status).toBe(200);
      }
      const seen = await fetch(
        `${server.baseUrl}/api/quotes/${quote.tenantId}/${quote.id}/view?token=${encodeURIComponent(quote.accessToken)}`,
      );
      expect(seen.status).toBe(200);
    }

    await loginThroughUi(page, owner);
    await waitSynced(page);

    await page.goto(`/dashboard/invoices/${invoice.id}`);
    await page
      .getByRole('heading', { name: `Invoice ${invoice.invoiceNumber}`, level: 2 })
      .waitFor();
    await expect.poll(() => page.getByTestId('payment-row').count()).toBe(2);
    const shots = await shoot(page, 'invoice', async () => {
      await page.getByTestId('reminders-card').waitFor();
    });

    await page.goto(`/dashboard/quotes/${quote.id}`);
    await page.getByRole('heading', { name: `Edit Quote ${quote.quoteNumber}` }).waitFor();
    await expect
      .poll(() => page.getByTestId('quote-viewed').innerText())
      .toMatch(/^Viewed 3× · last \d{1,2} [A-Z][a-z]{2} \d{2}:\d{2}$/);
    shots.push(
      ...(await shoot(page, 'quote', async () => {
        await page.getByTestId('quote-viewed').waitFor();
      })),
    );

    await page.goto('/dashboard/settings/tenant');
    await page.getByRole('textbox', { name: 'Then every (days)' }).waitFor();
    shots.push(
      ...(await shoot(page, 'settings', async () => {
        await page.getByRole('heading', { name: 'Payments and Reminders' }).waitFor();
      })),
    );
    expect(shots).toHaveLength(12);
  });
});
