import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createVerifiedAccount, loginThroughUi } from './support/accounts';
import { apiLogin, seedMasterData, seedQuote } from './support/api';
import { useE2E } from './support/e2e';
import { SCREENSHOT_DIR } from './support/paths';
import { waitSynced } from './support/ui';

const e2e = useE2E();

const TABLETS = [
  { name: 'tablet-landscape', width: 1024, height: 768 },
  { name: 'tablet-portrait', width: 768, height: 1024 },
  { name: 'tablet-large', width: 1180, height: 820 },
];

/** The visible text of a list's first row (what a user reads: hidden cells don't count). */
const rowText = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * Issue #17: a tablet keeps every column of the spec in each list, and a rep can write a quote on a
 * phone — product, quantity, unit price and subtotal on screen without sideways scrolling, inputs a
 * finger can hit. Screenshots land in tests/e2e/screenshots/field-*.png.
 */
describe('field devices', () => {
  it('tablet lists show every spec column’s values; the phone quote editor fits the screen', async () => {
    const { server } = e2e;
    const account = await createVerifiedAccount(server.baseUrl, server.dataDir);
    const api = await apiLogin(server.baseUrl, account.email, account.password);
    const ids = await seedMasterData(api, {
      customer: 'Fjord Supplies',
      contact: 'Ines Berg',
      product: 'Anchor',
    });
    const contact = await api.post(`/api/contacts/customer/${ids.customerId}`, {
      name: 'Ola Nordmann',
      email: 'ola@fjord.example',
      phoneNumber: '+47 555 0199',
      role: 'Buyer',
    });
    expect(contact.status).toBe(201);
    const product = await api.post('/api/products', {
      name: 'Mooring Rope',
      sku: 'ROPE-12',
      price: 18.5,
      currencyCode: 'USD',
      supplier: 'Nordic Cordage',
      category: 'Rigging',
    });
    expect(product.status).toBe(201);
    const quote = await seedQuote(api, ids, 2);
    await mkdir(SCREENSHOT_DIR, { recursive: true });

    for (const viewport of TABLETS) {
      const context = await e2e.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        hasTouch: true,
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      await loginThroughUi(page, account);
      await waitSynced(page);
      const lists = [
        { path: 'customers', row: 'customer-row', values: ['Fjord Supplies', '12 Market Square'] },
        {
          path: 'contacts',
          row: 'contact-row',
          values: ['Ola Nordmann', '+47 555 0199', 'Buyer', 'Fjord Supplies'],
        },
        {
          path: 'products',
          row: 'product-row',
          values: ['Mooring Rope', 'Nordic Cordage', 'Rigging'],
        },
        { path: 'quotes', row: 'quote-row', values: ['Fjord Supplies', 'Ines Berg'] },
      ];
      for (const list of lists) {
        await page.goto(`/dashboard/${list.path}`);
        await page.getByTestId(list.row).first().waitFor();
        if (list.path === 'contacts')
          await page.getByTestId(list.row).filter({ hasText: 'Ola Nordmann' }).waitFor();
        if (list.path === 'products')
          await page.getByTestId(list.row).filter({ hasText: 'Mooring Rope' }).waitFor();
        const text =
          list.path === 'contacts' || list.path === 'products'
            ? await page.getByTestId(list.row).filter({ hasText: list.values[0]! }).innerText()
            : await rowText(page, list.row);
        for (const value of list.values)
          expect(text, `${list.path} on ${viewport.name}`).toContain(value);
        expect(await sideways(page), `${list.path} on ${viewport.name}`).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: path.join(SCREENSHOT_DIR, `field-${list.path}-${viewport.name}.png`),
        });
      }
      await context.close();
    }

    const context = await e2e.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await loginThroughUi(page, account);
    await waitSynced(page);
    await page.goto(`/dashboard/quotes/${quote.id}`);
    const line = page.getByTestId('item-row').first();
    await line.waitFor();
    const quantity = line.getByLabel('Item 1 quantity', { exact: true });
    const productField = line.getByLabel('Item 1 product', { exact: true });
    for (const field of [line, quantity, productField, line.getByTestId('item-subtotal')]) {
      const box = (await field.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect((await quantity.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(
      (await line.getByRole('button', { name: 'Remove item 1' }).boundingBox())!.height,
    ).toBeGreaterThanOrEqual(44);
    expect(await line.innerText()).toContain('$50.00'); // the unit price
    await quantity.fill('3');
    await expect.poll(() => line.getByTestId('item-subtotal').innerText()).toBe('$150.00');
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'field-quote-editor-phone.png'),
      fullPage: true,
    });
    await context.close();
  });
});
