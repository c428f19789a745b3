import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createVerifiedAccount, loginThroughUi } from './support/accounts';
import { apiLogin } from './support/api';
import { useE2E } from './support/e2e';
import { REPO_ROOT, SCREENSHOT_DIR } from './support/paths';
import { openSection, waitSynced } from './support/ui';

const e2e = useE2E({ viewport: { width: 1440, height: 900 } });

const fixture = (name: string) => readFile(path.join(REPO_ROOT, 'tests/fixtures/csv', name));

interface ServerProduct {
  name: string;
  sku: string | null;
  price: number;
  currencyCode: string;
  cost: number | null;
  stock: number | null;
  category: string | null;
  supplier: string | null;
  description: string | null;
}

/** Chooses a fixture in the wizard, as it is: no column is touched. */
async function importUntouched(page: Page, file: string) {
  await openSection(page, 'Products');
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await page.getByRole('heading', { name: 'Import products', level: 2 }).waitFor();
  await page.locator('input[type="file"]').setInputFiles({
    name: file,
    mimeType: 'text/csv',
    buffer: await fixture(file),
  });
  await page.getByRole('button', { name: 'Preview', exact: true }).waitFor();
}

const flagTexts = async (page: Page) =>
  (await page.getByTestId('import-flag').allInnerTexts()).map((t) => t.replace(/\n+/g, '\n'));

describe('issue 37: shop exports import right with no column picked by hand', () => {
  it('imports the Shopify and WooCommerce product files through the wizard untouched: variants as products, flags seen, the product list right', async () => {
    const { page, server } = e2e;
    const owner = await createVerifiedAccount(server.baseUrl, server.dataDir);
    const api = await apiLogin(server.baseUrl, owner.email, owner.password);
    await loginThroughUi(page, owner);
    await waitSynced(page);

    // Shopify: recognised, its own columns (not "Variant Barcode", "SEO Description"…).
    await importUntouched(page, 'shopify-products.csv');
    await page.getByText('Looks like a Shopify export', { exact: false }).waitFor();
    expect(await page.getByLabel(/^SKU/).first().inputValue()).toBe('Variant SKU');
    expect(
      await page
        .getByLabel(/^Stock/)
        .first()
        .inputValue(),
    ).toBe('Variant Inventory Qty');
    expect(
      await page
        .getByLabel(/^Description/)
        .first()
        .inputValue(),
    ).toBe('Body (HTML)');
    await page.getByText('Header is on row 1.').waitFor();
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'csv-shops-columns-1440.png'),
      fullPage: true,
    });
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await page.getByText('6 new', { exact: true }).waitFor();
    await page.getByText('0 with problems', { exact: true }).waitFor();
    await page.getByText('5 variants', { exact: true }).waitFor();
    expect(await flagTexts(page)).toEqual([
      '5 variants of 2 products, each imported as a product of its own.',
      '1 row skipped:\nRow 5: Image row of “Classic Hoodie”, no variant of its own',
    ]);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'csv-shops-preview-1440.png'),
      fullPage: true,
    });
    await page.getByRole('button', { name: 'Import 6 products' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import 6 products?' });
    await dialog.getByText(/6 new products will be created and 1 row skipped\./).waitFor();
    await dialog.getByRole('button', { name: 'Import' }).click();
    await page.getByRole('heading', { name: 'Import finished' }).waitFor();

    // WooCommerce: the regular price, not the empty sale price; the parents are not products.
    await importUntouched(page, 'woocommerce-products.csv');
    await page.getByText('Looks like a WooCommerce export', { exact: false }).waitFor();
    expect(
      await page
        .getByLabel(/^Price/)
        .first()
        .inputValue(),
    ).toBe('Regular price');
    expect(
      await page
        .getByLabel(/^Stock/)
        .first()
        .inputValue(),
    ).toBe('Stock');
    expect(
      await page
        .getByLabel(/^Category/)
        .first()
        .inputValue(),
    ).toBe('Categories');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await page.getByText('3 new', { exact: true }).waitFor();
    expect(await flagTexts(page)).toEqual([
      '2 variants of 1 product, each imported as a product of its own.',
      '2 rows skipped:\nRow 3: “T-Shirt” is the parent of 2 variants, imported one by one\nRow 6: “Cap” is a variable product with no variants in this file and no price of its own',
    ]);
    await page.setViewportSize({ width: 390, height: 844 });
    // Once the layout has settled (the navbar leaves as a drawer), nothing scrolls sideways.
    await expect
      .poll(() =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      )
      .toBeLessThanOrEqual(0);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'csv-shops-preview-390.png'),
      fullPage: true,
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Import 3 products' }).click();
    await page
      .getByRole('dialog', { name: 'Import 3 products?' })
      .getByRole('button', { name: 'Import' })
      .click();
    await page.getByRole('heading', { name: 'Import finished' }).waitFor();

    // The product list shows every variant as a product.
    await page.getByRole('link', { name: 'Go to Products' }).click();
    await page.getByRole('heading', { name: 'Products', level: 2 }).waitFor();
    for (const name of [
      'Classic Hoodie — S',
      'Classic Hoodie — M',
      'Classic Hoodie — L',
      'Enamel Mug',
      'City Poster — A3 / Matte',
      'City Poster — A2 / Gloss',
      'Beanie',
      'T-Shirt — Blue / S',
      'T-Shirt — Red / M',
    ])
      await page.getByText(name, { exact: true }).first().waitFor();
    expect(await page.getByText('Cap', { exact: true }).count()).toBe(0);
    expect(await page.getByText('T-Shirt', { exact: true }).count()).toBe(0);

    // And the server has them, every field as the file meant it.
    await waitSynced(page, 60_000);
    const onServer = await api.get<ServerProduct[]>('/api/products?limit=100');
    const byName = new Map(onServer.data.map((p) => [p.name, p]));
    expect(onServer.total).toBe(9);
    expect(byName.get('Classic Hoodie — L')).toMatchObject({
      sku: 'HOOD-L',
      price: 47.5,
      currencyCode: 'USD',
      cost: 19,
      stock: 0,
      category: 'Hoodies',
      supplier: 'Northwind Apparel',
      description:
        'Warm organic cotton hoodie & a roomy pocket.\n\n• Machine washable\n• Unisex fit',
    });
    expect(byName.get('Beanie')).toMatchObject({
      sku: 'woo-beanie',
      price: 18,
      stock: 30,
      category: 'Clothing > Accessories',
      description: 'Knitted from merino wool.\nOne size fits most.',
    });
    expect(byName.get('T-Shirt — Red / M')).toMatchObject({
      sku: 'woo-tshirt-red-m',
      price: 22,
      stock: 3,
    });
  });

  it('a QuickBooks report: its title rows are left out, "Header is on row 5" can be changed, the flags fit 1440×900 and 390×844', async () => {
    const { page, server } = e2e;
    const owner = await createVerifiedAccount(server.baseUrl, server.dataDir);
    await loginThroughUi(page, owner);
    await waitSynced(page);
    const file = await fixture('quickbooks-online-customer-contact-list.csv');
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/dashboard/import/customers');
      await page.getByRole('heading', { name: 'Import customers', level: 2 }).waitFor();
      await page.locator('input[type="file"]').setInputFiles({
        name: 'Customer Contact List.csv',
        mimeType: 'text/csv',
        buffer: file,
      });
      await page.getByText('Looks like a QuickBooks Online export', { exact: false }).waitFor();
      await page.getByText('Header is on row 5: the 4 rows above it are left out.').waitFor();
      expect(
        await page
          .getByLabel(/^Company phone/)
          .first()
          .inputValue(),
      ).toBe('Phone Numbers');
      const sideways = () =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
      await expect.poll(sideways).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `csv-quickbooks-columns-${width}.png`),
        fullPage: true,
      });
      // Told the header is on row 1, the title is read as the header and nothing is recognised.
      const headerRow = page.getByRole('textbox', { name: 'Header is on row' });
      await headerRow.fill('1');
      await page.getByText('Header is on row 1.').waitFor();
      expect(await page.getByTestId('known-system').count()).toBe(0);
      await headerRow.fill('5');
      await page.getByText('Looks like a QuickBooks Online export', { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Preview', exact: true }).click();
      await page.getByText('3 new', { exact: true }).waitFor();
      await page.getByText('1 with problems', { exact: true }).waitFor();
      expect(await flagTexts(page)).toEqual([
        '1 row skipped:\nRow 11: Totals or footer row below the data (“Thursday, Nov 26, 2026 03:41:07 AM GMT-08:00”)',
        '2 rows imported with a note:\nRow 8: Not imported, no field for them: service@coolcars.example\nRow 9: Imported without a main contact: no email for “Dylan Rodrigues”',
      ]);
      await expect.poll(sideways).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `csv-quickbooks-preview-${width}.png`),
        fullPage: true,
      });
      await page.getByRole('button', { name: 'Import 3 customers' }).click();
      await page
        .getByRole('dialog', { name: 'Import 3 customers?' })
        .getByText(/3 new customers will be created and 2 rows skipped\./)
        .waitFor();
      await page.keyboard.press('Escape');
    }
  });
});
