/**
 * Issue 33.3: the quote editor with per-line tax rates, a discount, an edited price, a free line
 * and a shipping charge, and the summary's tax breakdown per rate — on a desktop, a tablet and a
 * 390 px phone; then Settings → Tax rates. Screenshots go to tests/e2e/screenshots/.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createVerifiedAccount, loginThroughUi } from './support/accounts';
import { apiLogin, seedMasterData } from './support/api';
import { useE2E } from './support/e2e';
import { SCREENSHOT_DIR } from './support/paths';
import { waitSynced } from './support/ui';

const e2e = useE2E({ viewport: { width: 1440, height: 900 } });

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
] as const;

async function shoot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `tax-${name}-${size.width}x${size.height}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize(SIZES[0]);
}

describe('taxes per line in the quote editor', () => {
  it('shows each line’s rate, discount, price and unit, a free line, a charge and the breakdown per rate', async () => {
    const { page, server } = e2e;
    const owner = await createVerifiedAccount(server.baseUrl, server.dataDir);
    const api = await apiLogin(server.baseUrl, owner.email, owner.password);
    const ids = await seedMasterData(api, {
      customer: 'Nordwind GmbH',
      contact: 'Anna Berg',
      product: 'Harbour survey',
      price: 480,
    });
    const vat = await api.post<{ id: string }>('/api/tax-rates', {
      name: 'VAT 19 %',
      rate: 19,
      category: 'S',
    });
    const reduced = await api.post<{ id: string }>('/api/tax-rates', {
      name: 'Reduced 7 %',
      rate: 7,
      category: 'S',
    });
    expect([vat.status, reduced.status]).toEqual([201, 201]);
    const quote = await api.post<{ id: string; total: number }>('/api/quotes', {
      customerId: ids.customerId,
      contactId: ids.contactId,
      currencyCode: 'USD',
      items: [
        {
          productId: ids.productId,
          quantity: 2,
          taxRateId: vat.data.id,
          discount: { kind: 'percent', value: 10 },
        },
        {
          productId: null,
          description: 'Printed report',
          unitPrice: 35.5,
          quantity: 3,
          taxRateId: reduced.data.id,
        },
      ],
      adjustments: [{ kind: 'charge', reason: 'Shipping', amount: 12.9, taxRateId: vat.data.id }],
      notes: '',
    });
    expect(quote.status).toBe(201);

    await loginThroughUi(page, owner);
    await waitSynced(page);
    await page.goto(`/dashboard/quotes/${quote.data.id}`);
    const totals = page.getByTestId('totals');
    await totals.getByText('Tax (19%)').waitFor();
    await expect(totals.getByText('Tax (7%)').count()).resolves.toBe(1);
    await shoot(page, 'quote-editor');

    await page.goto('/dashboard/settings/tax-rates');
    await page.getByText('Reduced 7 %').first().waitFor();
    await shoot(page, 'settings');
  }, 180_000);
});
