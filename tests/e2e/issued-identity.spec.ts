import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createVerifiedAccount, loginThroughUi } from './support/accounts';
import { apiLogin, seedMasterData } from './support/api';
import { useE2E } from './support/e2e';
import { SCREENSHOT_DIR } from './support/paths';
import { waitSynced } from './support/ui';

const e2e = useE2E();

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 1000, isMobile: false },
  { name: 'phone', width: 390, height: 844, isMobile: true },
];

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * Issue 33 items 5 and 6 in the browser: the identity fields of the customer form and the company
 * settings fit a desktop and a phone (screenshots tests/e2e/screenshots/identity-*.png) and show
 * their field messages; a draft invoice is marked issued and then read-only.
 */
describe('identities and issued invoices', () => {
  it('identity fields fit and explain themselves; a draft invoice is issued and frozen', async () => {
    const { server } = e2e;
    const account = await createVerifiedAccount(server.baseUrl, server.dataDir);
    const api = await apiLogin(server.baseUrl, account.email, account.password);
    const ids = await seedMasterData(api, {
      customer: 'Käufer AG',
      contact: 'Klara Kauf',
      product: 'Ventil',
    });
    const order = await api.post<{ id: string }>('/api/orders', {
      customerId: ids.customerId,
      contactId: ids.contactId,
      items: [{ productId: ids.productId, quantity: 2 }],
    });
    const invoice = await api.post<{ id: string; issuedAt: string | null }>(
      `/api/orders/${order.data.id}/create-invoice`,
    );
    expect(invoice.data.issuedAt).toBeNull();
    await mkdir(SCREENSHOT_DIR, { recursive: true });

    for (const viewport of VIEWPORTS) {
      const context = await e2e.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        isMobile: viewport.isMobile,
        hasTouch: viewport.isMobile,
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      await loginThroughUi(page, account);
      await waitSynced(page);

      await page.goto(`/dashboard/customers/${ids.customerId}`);
      await page.getByText('Identity on Invoices').waitFor();
      await page.getByLabel('Country', { exact: true }).fill('DE');
      await page.getByLabel('VAT ID', { exact: true }).fill('FR12345678901');
      await page.getByLabel('IBAN', { exact: true }).fill('DE89 3704 0044 0532 0130 01');
      await page.getByLabel('BIC', { exact: true }).click();
      await page.getByText('This VAT ID starts with FR, but the address is in DE').waitFor();
      await page.getByText('Enter a valid IBAN: its check digits do not match.').waitFor();
      expect(await sideways(page), `customer form on ${viewport.name}`).toBeLessThanOrEqual(0);
      await page.getByText('Identity on Invoices').scrollIntoViewIfNeeded();
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `identity-customer-${viewport.name}.png`),
        fullPage: true,
      });

      await page.goto('/dashboard/settings/tenant');
      await page.getByText('Bank account for transfers').waitFor();
      expect(await sideways(page), `company settings on ${viewport.name}`).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `identity-company-${viewport.name}.png`),
        fullPage: true,
      });
      await context.close();
    }

    const context = await e2e.newContext({
      viewport: { width: 1440, height: 1000 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await loginThroughUi(page, account);
    await waitSynced(page);
    await page.goto(`/dashboard/invoices/${invoice.data.id}`);
    await page.getByRole('button', { name: 'Change Due Date' }).waitFor();
    await page.getByRole('button', { name: 'Mark as Issued' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark as Issued' }).click();
    await page.getByText('This invoice has been issued: its content').waitFor();
    expect(await page.getByRole('button', { name: 'Change Due Date' }).count()).toBe(0);
    await waitSynced(page);
    const issued = await api.get<{ issuedAt: string | null }>(`/api/invoices/${invoice.data.id}`);
    expect(issued.data.issuedAt).not.toBeNull();
    const refused = await api.put<{ message: string }>(`/api/invoices/${invoice.data.id}/terms`, {
      paymentTerms: 'net_7',
    });
    expect(refused.status).toBe(409);
    expect(refused.data.message).toBe(
      'This invoice has been issued; correct it with a credit note.',
    );
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'issued-invoice-desktop.png') });
    await context.close();
  });
});
