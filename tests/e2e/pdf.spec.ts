import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectFigures,
  pdfInfo,
  pdfText,
  type FiguresOf,
} from '../../sync-server/test/pdf-helpers';
import { createVerifiedAccount, loginThroughUi } from './support/accounts';
import { apiLogin, seedMasterData } from './support/api';
import { useE2E } from './support/e2e';
import {
  createQuoteUi,
  openSection,
  quoteRow,
  waitForServiceWorker,
  waitOfflineIndicator,
  waitSynced,
} from './support/ui';

/** The field rep's tablet. */
const e2e = useE2E({
  viewport: { width: 1024, height: 768 },
  hasTouch: true,
  acceptDownloads: true,
});

describe('the PDF of a quote made offline', () => {
  it('is rendered in the browser with the network off, unnumbered, with the company, the lines and the totals', async () => {
    const { page, context, server } = e2e;
    const owner = await createVerifiedAccount(server.baseUrl, server.dataDir);
    const api = await apiLogin(server.baseUrl, owner.email, owner.password);
    await seedMasterData(api, {
      customer: 'Ørsted Åkerlund A/S',
      contact: 'Zoë Żółć',
      product: 'Brass valve DN20',
      sku: 'VAL-20',
      price: 1234.56,
    });
    const saved = await api.put('/api/tenants/current/company', {
      legalName: 'Łódź Żółć Straße GmbH',
      paymentInstructions: 'IBAN DE89 3704 0044 0532 0130 00',
      country: 'US',
    });
    expect(saved.status).toBe(200);

    await loginThroughUi(page, owner);
    await waitSynced(page);
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await waitOfflineIndicator(page);
    await createQuoteUi(page, {
      customer: 'Ørsted Åkerlund A/S',
      contact: 'Zoë Żółć',
      items: [{ product: 'Brass valve DN20', quantity: 3 }],
    });
    const row = quoteRow(page, 'Ørsted Åkerlund A/S');
    await row.getByText('Pending', { exact: true }).waitFor();

    const download = page.waitForEvent('download', { timeout: 60_000 });
    await row.getByRole('button', { name: 'PDF quote Pending' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Quote-Draft.pdf');
    const pdf = await readFile((await file.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
    expect(text).toContain('Draft — number assigned when synced');
    expect(text).toContain('Łódź Żółć Straße GmbH');
    expect(text).toContain('Ørsted Åkerlund A/S');
    expect(text).toContain('Zoë Żółć');
    expect(text).toMatch(/1\s+Brass valve DN20\s+VAL-20\s+3\s+\$1,234\.56\s+\$3,703\.68/);
    expect(text).toMatch(/Subtotal\s+\$3,703\.68/);
    expect(text).toMatch(/Tax \(0%\)\s+\$0\.00/);
    expect(text).toMatch(/Total USD\s+\$3,703\.68/);
    expect(text).toContain('IBAN DE89 3704 0044 0532 0130 00');
    expect(text).toContain('Page 1 of 1');
    const raw = execFileSync('pdftotext', ['-raw', '-', '-'], { input: pdf }).toString('utf8');
    expect(raw).toMatch(/^DRAFT$/m);
    const info = execFileSync('pdfinfo', ['-'], { input: pdf }).toString('utf8');
    expect(info).toMatch(/Page size:.*\(letter\)/);
  });

  it('is rendered in the browser with every figure the API gives: USD and EUR, a 3-decimal tax rate, 1 and 100 lines, quote, order and invoice', async () => {
    const { page, server } = e2e;
    const owner = await createVerifiedAccount(server.baseUrl, server.dataDir);
    const api = await apiLogin(server.baseUrl, owner.email, owner.password);
    const ids = await seedMasterData(api, {
      customer: 'Ørsted Åkerlund A/S',
      contact: 'Zoë Żółć',
      product: 'Brass valve DN20',
      sku: 'VAL-20',
      price: 1234.56,
    });
    expect(
      (
        await api.post('/api/currencies', {
          code: 'EUR',
          name: 'Euro',
          symbol: '€',
          taxRate: 8.875,
        })
      ).status,
    ).toBe(201);
    const products: Record<'USD' | 'EUR', string[]> = { USD: [ids.productId], EUR: [] };
    for (const code of ['USD', 'EUR'] as const)
      for (let i = products[code].length; i < 9; i++) {
        const made = await api.post<{ id: string }>('/api/products', {
          name: `${code === 'EUR' ? 'Łódź' : 'Ohio'} part ${i + 1}`,
          sku: `${code}-${i + 1}`,
          price: Number(((i * 137.17 + 0.01) % 2000).toFixed(2)),
          currencyCode: code,
        });
        expect(made.status).toBe(201);
        products[code].push(made.data.id);
      }
    const quote = async (code: 'USD' | 'EUR', lines: number) => {
      const made = await api.post<ApiDoc>('/api/quotes', {
        customerId: ids.customerId,
        contactId: ids.contactId,
        currencyCode: code,
        items: Array.from({ length: lines }, (_, i) => ({
          productId: products[code][i % products[code].length],
          quantity: (i % 7) + 1,
        })),
      });
      expect(made.status).toBe(201);
      return made.data;
    };
    const usd100 = await quote('USD', 100);
    const eur100 = await quote('EUR', 100);
    const eur1 = await quote('EUR', 1);
    expect(eur1.taxRate).toBe(8.875);
    const order = await api.post<ApiDoc>(`/api/quotes/${eur1.id}/convert`, {});
    expect(order.status).toBe(201);
    const invoice = await api.post<ApiDoc>(`/api/orders/${order.data.id}/create-invoice`, {});
    expect(invoice.status).toBe(201);

    await loginThroughUi(page, owner);
    await waitSynced(page);

    // From the list screens (client-side navigation, one page load): each row's PDF action.
    const cases: Array<[string, string, ApiDoc, string, number]> = [
      ['Quotes', `PDF quote ${usd100.quoteNumber}`, usd100, '$', 100],
      ['Quotes', `PDF quote ${eur100.quoteNumber}`, eur100, '€', 100],
      ['Quotes', `PDF quote ${eur1.quoteNumber}`, eur1, '€', 1],
      ['Orders', `PDF of order ${order.data.orderNumber}`, order.data, '€', 1],
      ['Invoices', `PDF of invoice ${invoice.data.invoiceNumber}`, invoice.data, '€', 1],
    ];
    let open = '';
    for (const [section, button, doc, symbol, lines] of cases) {
      const kind = button.split(' ').at(-2)!;
      if (open !== section) await openSection(page, (open = section));
      const pdf = await browserPdf(page, button);
      const text = pdfText(pdf);
      expectFigures(text, figuresOf(doc), symbol);
      const { pages } = pdfInfo(pdf);
      if (lines === 1) expect(pages, `${kind} of 1 line`).toBe(1);
      else {
        expect(pages, `${kind} of 100 lines`).toBeGreaterThanOrEqual(3);
        for (let n = 1; n <= pages; n++) expect(text).toContain(`Page ${n} of ${pages}`);
        // The table's header is repeated on every page.
        expect(text.match(/UNIT PRICE/g)?.length).toBe(pages);
      }
    }
  });
});

interface ApiDoc extends FiguresOf {
  id: string;
  quoteNumber?: string;
  orderNumber?: string;
  invoiceNumber?: string;
  items: Array<
    FiguresOf['items'][number] & {
      product: { name: string; sku: string | null };
      productName?: string;
    }
  >;
}

/** The API's figures, its lines named as the document prints them (an invoice keeps its own names). */
const figuresOf = (doc: ApiDoc): FiguresOf => ({
  ...doc,
  items: doc.items.map((i) => ({
    ...i,
    name: i.productName ?? i.product.name,
    sku: i.product.sku,
  })),
});

/** Downloads the PDF that a row's PDF action renders in the browser. */
async function browserPdf(page: Page, button: string): Promise<Buffer> {
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: button, exact: true }).click();
  const file = await download;
  const pdf = await readFile((await file.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  return pdf;
}
