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
 * A tablet keeps every column of each list (the phone shows fewer), and a rep can write a quote on a
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
    // The unit price is editable per line: its field holds the catalogue price.
    await expect
      .poll(() => line.getByLabel('Item 1 unit price', { exact: true }).inputValue())
      .toBe('50');
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

/** Table headings on screen: shown, inside their scroll container, not under the pinned actions. */
const headingsOnScreen = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('thead th'))
      .filter((th) => {
        const r = th.getBoundingClientRect();
        const box = (th.closest('.mantine-TableScrollContainer-scrollContainer') ??
          th.closest('table'))!.getBoundingClientRect();
        // …and not covered: the pinned actions column paints over what scrolls under it.
        const top = document.elementFromPoint(r.left + 4, r.top + r.height / 2);
        return (
          r.width > 0 &&
          r.left >= box.left - 1 &&
          r.right <= box.right + 1 &&
          !!top &&
          th.contains(top)
        );
      })
      .map((th) => (th as HTMLElement).innerText.replace(/\s+/g, ' '))
      .join(' | '),
  );

const FIVE_SIZES = [
  { name: '390x844', width: 390, height: 844, phone: true },
  { name: '768x1024', width: 768, height: 1024 },
  { name: '1024x768', width: 1024, height: 768 },
  { name: '1180x820', width: 1180, height: 820 },
  { name: '1440x900', width: 1440, height: 900 },
] as const;

/** Every list and its spec columns (the headings a user reads, Actions aside). */
const LISTS = [
  {
    path: 'customers',
    row: 'customer-row',
    heading: 'Customers',
    columns: ['Name', 'Email', 'Phone', 'Address'],
  },
  {
    path: 'contacts',
    row: 'contact-row',
    heading: 'Contacts',
    columns: ['Name', 'Email', 'Phone', 'Role', 'Company'],
  },
  {
    path: 'products',
    row: 'product-row',
    heading: 'Products',
    columns: ['Name', 'SKU', 'Price', 'Currency', 'Supplier', 'Category', 'Stock'],
  },
  {
    path: 'settings/currencies',
    row: null,
    heading: 'Currencies',
    columns: ['Code', 'Name', 'Symbol', 'Tax Rate', 'Exchange Rate', 'Default'],
  },
  {
    path: 'quotes',
    row: 'quote-row',
    heading: 'Quotes',
    columns: ['Quote #', 'Customer', 'Contact', 'Date', 'Total', 'Status'],
  },
  {
    path: 'orders',
    row: 'order-row',
    heading: 'Orders',
    columns: ['Order #', 'Customer', 'Contact', 'Date', 'Total', 'Status'],
  },
  {
    path: 'invoices',
    row: 'invoice-row',
    heading: 'Invoices',
    columns: ['Invoice #', 'Order #', 'Customer', 'Contact', 'Date', 'Total', 'Status'],
  },
] as const;

describe('every list and the quote editor at five sizes', () => {
  it('realistic rows at 390, 768, 1024, 1180 and 1440 px: nothing overflows the page, tablets and desktops head every spec column on screen, the phone editor shows each line’s controls', async () => {
    const { server } = e2e;
    const account = await createVerifiedAccount(server.baseUrl, server.dataDir);
    const api = await apiLogin(server.baseUrl, account.email, account.password);
    const customers = [
      'Nordhavn Marine Engineering & Offshore Services International',
      'Bäckerei Müller-Lüdenscheidt GmbH',
      'Harbour Bakery',
      'Saint-Jean-de-Luz Coopérative Agricole des Producteurs Réunis',
      'Oakridge Veterinary Clinic',
    ];
    const seeded = [];
    for (const [i, customer] of customers.entries())
      seeded.push(
        await seedMasterData(api, {
          customer,
          contact: [
            'Alexandrina Constantinopoulou-Papadimitriou',
            'Jo Li',
            'Mina Flour',
            'Jean-Baptiste de la Rochefoucauld',
            'Sam Oak',
          ][i]!,
          product: [
            'Stainless steel mooring bollard, 300 mm, marine grade 316 with anchor bolts',
            'Deck oven',
            'Proofing cabinet, 20 trays, humidity controlled',
            'Olive press',
            'X-ray unit',
          ][i]!,
          sku: `SKU-${1000 + i}-LONG-CODE`,
          price: [12_450.5, 2450, 899.99, 18_000, 45_250][i]!,
        }),
      );
    for (const [i, s] of seeded.entries()) {
      const contact = await api.post(`/api/contacts/customer/${s.customerId}`, {
        name: `Purchasing Department Contact Number ${i + 2}`,
        email: `purchasing.department.${i}@very-long-company-domain-name.example`,
        phoneNumber: '+44 20 7946 0958 ext. 1234',
        role: 'Head of Procurement and Logistics',
      });
      expect(contact.status).toBe(201);
      const product = await api.post('/api/products', {
        name: `Replacement part kit ${i + 1} for industrial equipment, complete set`,
        sku: `KIT-${i + 1}`,
        price: Math.round(123_456 * (i + 1)) / 100,
        currencyCode: 'USD',
        supplier: 'Consolidated Industrial Supply Company of Northern Europe',
        category: 'Spare parts and maintenance consumables',
      });
      expect(product.status).toBe(201);
    }
    for (const [code, name, symbol] of [
      ['EUR', 'Euro', '€'],
      ['GBP', 'Pound Sterling', '£'],
      ['CHF', 'Swiss Franc', 'CHF'],
    ] as const)
      expect(
        (
          await api.post('/api/currencies', {
            code,
            name,
            symbol,
            taxRate: 20,
            dollarExchangeRate: 1.0843,
            isDefault: false,
          })
        ).status,
      ).toBe(201);
    // Quotes with several lines; some sent, converted to orders, invoiced.
    const quotes = [];
    for (const [i, s] of seeded.entries()) {
      const quote = await api.post<{ id: string }>('/api/quotes', {
        customerId: s.customerId,
        contactId: s.contactId,
        currencyCode: 'USD',
        items: [
          { productId: s.productId, quantity: 12 + i },
          { productId: seeded[(i + 1) % seeded.length]!.productId, quantity: 1 },
          { productId: seeded[(i + 2) % seeded.length]!.productId, quantity: 250 },
        ],
        notes: '',
      });
      expect(quote.status).toBe(201);
      quotes.push(quote.data);
    }
    for (const quote of quotes.slice(0, 3)) {
      expect((await api.post(`/api/quotes/${quote.id}/send`)).status).toBe(200);
      const order = await api.post<{ id: string }>(`/api/quotes/${quote.id}/convert`);
      expect(order.status).toBe(201);
      if (quote !== quotes[2])
        expect((await api.post(`/api/orders/${order.data.id}/create-invoice`)).status).toBe(201);
    }
    const draft = quotes[4]!;
    await mkdir(SCREENSHOT_DIR, { recursive: true });

    const problems: string[] = [];
    for (const size of FIVE_SIZES) {
      const phone = 'phone' in size;
      const context = await e2e.newContext({
        viewport: { width: size.width, height: size.height },
        isMobile: phone,
        hasTouch: size.width < 1200,
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      await loginThroughUi(page, account);
      await waitSynced(page);
      for (const list of LISTS) {
        await page.goto(`/dashboard/${list.path}`);
        if (list.row) await page.getByTestId(list.row).nth(1).waitFor();
        else await page.getByText('Pound Sterling').first().waitFor();
        const overflow = await sideways(page);
        if (overflow > 0)
          problems.push(`${list.path} at ${size.name}: the page scrolls sideways by ${overflow}px`);
        // Tablets and desktops: every spec heading on screen (at 1200 px and up as columns).
        if (!phone) {
          const thead = page.locator('thead').first();
          if (await thead.isVisible()) {
            // Headings on screen: shown, and not scrolled out of (or hidden behind the pinned
            // actions column of) the table's scroll container.
            const head = await headingsOnScreen(page);
            for (const column of list.columns)
              if (!head.includes(column))
                problems.push(
                  `${list.path} at ${size.name}: no visible “${column}” heading (${head})`,
                );
          } else if (list.path === 'invoices') {
            // Invoices are cards below 1200 px (eight columns do not fit beside the sidebar): each
            // card still carries every spec value.
            const card = await page.getByTestId(list.row).first().innerText();
            for (const value of [
              /^INV-/m,
              /Order SO-/,
              /Nordhavn|Bäckerei|Harbour/,
              /\$[\d,]+\.\d\d/,
            ])
              if (!value.test(card))
                problems.push(`invoices at ${size.name}: card lacks ${value} (${card})`);
          } else problems.push(`${list.path} at ${size.name}: no table heading`);
        }
        if (size.width < 1200) {
          // Touch layouts: every button of the list a finger can hit is at least 44 × 44 px.
          const small = await page.evaluate(() =>
            Array.from(document.querySelectorAll('main button, main a.mantine-Button-root'))
              .map((b) => ({
                name: b.getAttribute('aria-label') ?? (b as HTMLElement).innerText,
                r: b.getBoundingClientRect(),
              }))
              .filter(({ r }) => r.width > 0 && (r.width < 44 || r.height < 44))
              .map(({ name, r }) => `${name} ${Math.round(r.width)}×${Math.round(r.height)}`),
          );
          if (small.length)
            problems.push(
              `${list.path} at ${size.name}: touch targets under 44 px: ${small.slice(0, 5).join(', ')}`,
            );
        }
        // A row's action icons stay inside their cell (not painted over the Status badge).
        const spilled = await page.evaluate(
          () =>
            Array.from(document.querySelectorAll('.row-action-icons')).filter((group) => {
              const cell = group.closest('td');
              if (!cell) return false;
              const g = group.getBoundingClientRect();
              const c = cell.getBoundingClientRect();
              return g.width > 0 && (g.left < c.left - 1 || g.right > c.right + 1);
            }).length,
        );
        if (spilled)
          problems.push(
            `${list.path} at ${size.name}: ${spilled} rows' actions spill out of their cell`,
          );
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({
          path: path.join(SCREENSHOT_DIR, `sizes-${list.path.replace('/', '-')}-${size.name}.png`),
          // A full-page capture drops the touch emulation (a fine pointer: mouse-sized buttons), so
          // touch layouts are shot as the screen shows them.
          fullPage: size.width >= 1200,
        });
      }
      await page.goto(`/dashboard/quotes/${draft.id}`);
      const lines = page.getByTestId('item-row');
      await lines.nth(2).waitFor();
      if (!phone) {
        // The items come below the recipient: on a short screen the rep scrolls to them.
        await page.locator('thead').first().scrollIntoViewIfNeeded();
        const head = await headingsOnScreen(page);
        for (const column of ['SKU', 'Product', 'Quantity', 'Unit Price', 'Subtotal'])
          if (!head.includes(column))
            problems.push(`quote editor at ${size.name}: no visible “${column}” heading (${head})`);
      }
      const overflow = await sideways(page);
      if (overflow > 0)
        problems.push(`quote editor at ${size.name}: the page scrolls sideways by ${overflow}px`);
      if (phone)
        for (const n of [1, 2, 3]) {
          const line = lines.nth(n - 1);
          for (const control of [
            line.getByLabel(`Item ${n} product`, { exact: true }),
            line.getByLabel(`Item ${n} quantity`, { exact: true }),
            line.getByRole('button', { name: `Remove item ${n}` }),
            line.getByTestId('item-subtotal'),
          ]) {
            await line.scrollIntoViewIfNeeded();
            const box = await control.boundingBox();
            if (!box || box.x < 0 || box.x + box.width > size.width)
              problems.push(
                `quote editor at ${size.name}: line ${n} control off screen (${JSON.stringify(box)})`,
              );
          }
          const quantity = (await line
            .getByLabel(`Item ${n} quantity`, { exact: true })
            .boundingBox())!;
          if (quantity.height < 44)
            problems.push(`quote editor line ${n}: quantity ${quantity.height}px tall`);
        }
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `sizes-quote-editor-${size.name}.png`),
        fullPage: size.width >= 1200,
      });
      await context.close();
    }
    expect(problems).toEqual([]);
  });
});
