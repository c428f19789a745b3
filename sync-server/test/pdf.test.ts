import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, Order, Quote } from '@smb/shared-types';
import { client, expectStatus, type Client } from './api-helpers';
import { makeCurrency, makeProduct, makeRecipient } from './factories';
import { createTestApp, registerTenant, type TestApp } from './helpers';
import { formatDocumentDate } from '@smb/shared-types/documents';
import { expectFigures, money, pdfInfo, pdfText } from './pdf-helpers';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let t: TestApp;
let api: Client;
let other: Client;
let tenantId: string;
let recipient: Awaited<ReturnType<typeof makeRecipient>>;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await registerTenant(t, 'Łódź Żółć Straße');
  tenantId = admin.tenantId;
  api = client(t, admin.token);
  other = client(t, (await registerTenant(t, 'Other Co')).token);
  await makeCurrency(t, tenantId, { code: 'EUR', symbol: '€', taxRate: '8.875' });
  recipient = await makeRecipient(t, tenantId, {
    customer: { name: 'Ørsted Åkerlund A/S', address: 'Kraftværksvej 53' },
    contact: { name: 'Zoë Żółć', role: 'Purchasing' },
  });
  expectStatus(
    await api.put('/api/tenants/current/company', {
      legalName: 'Łódź Żółć Straße GmbH',
      address: 'Ørsted Allé 5',
      country: 'DE',
      taxId: 'DE123456789',
      paymentInstructions: 'IBAN DE89 3704 0044 0532 0130 00',
      documentFooter: 'Thank you for your business.',
    }),
    200,
  );
});
afterAll(async () => {
  await t?.close();
});

/** Products of each currency shared by the quotes of this file (lines 2 … n cycle through them). */
const pools = new Map<string, Array<{ id: string }>>();

async function quoteWith(currencyCode: string, lines: number, price: string): Promise<Quote> {
  const first = await makeProduct(t, tenantId, { name: 'Part 1', sku: 'P-1', price, currencyCode });
  let pool = pools.get(currencyCode);
  if (!pool) {
    pool = [];
    for (let i = 1; i < 10; i++)
      pool.push(
        await makeProduct(t, tenantId, {
          name: `Part ${i + 1}`,
          sku: `P-${i + 1}`,
          price: ((i * 37.13) % 900).toFixed(2),
          currencyCode,
        }),
      );
    pools.set(currencyCode, pool);
  }
  const others = pool;
  const items = Array.from({ length: lines }, (_, i) => ({
    productId: i === 0 ? first.id : others[(i - 1) % others.length]!.id,
    quantity: (i % 7) + 1,
  }));
  return expectStatus<Quote>(
    await api.post('/api/quotes', {
      customerId: recipient.customer.id,
      contactId: recipient.contact.id,
      currencyCode,
      items,
      notes:
        '<p>Delivery within <strong>2 weeks</strong>, <em>£ ¥ €</em>.</p><ul><li>Installed on site</li></ul>',
    }),
    201,
  );
}

async function getPdf(c: Client, url: string) {
  const res = await c.get(url);
  return { res, pdf: res.rawPayload };
}

describe('GET /api/quotes/{id}/pdf', () => {
  it('answers a USD quote of 1 line as a PDF whose figures equal the API’s', async () => {
    const quote = await quoteWith('USD', 1, '1234.56');
    const { res, pdf } = await getPdf(api, `/api/quotes/${quote.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Quote-${quote.quoteNumber}.pdf"`,
    );
    expect(pdf.length).toBeGreaterThan(1000);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expectFigures(
      text,
      {
        ...quote,
        items: quote.items.map((i) => ({ ...i, name: i.product.name, sku: i.product.sku })),
      },
      '$',
    );
    expect(text).toContain(`Quote`);
    expect(text).toContain(quote.quoteNumber);
    expect(text).toContain('Łódź Żółć Straße GmbH');
    expect(text).toContain('Ørsted Åkerlund A/S');
    expect(text).toContain('Zoë Żółć');
    expect(text).toContain('Tax ID: DE123456789');
    expect(text).toContain('IBAN DE89 3704 0044 0532 0130 00');
    expect(text).toContain('Thank you for your business.');
    expect(text).toContain('Delivery within 2 weeks, £ ¥ €.');
    expect(text).toContain('Page 1 of 1');
    expect(pdfText(pdf, 'raw')).toMatch(/^DRAFT$/m);
    expect(pdfInfo(pdf).size).toContain('(A4)');
  }, 120_000); // the first test makes the products too: slow on a loaded machine

  it('flows a EUR quote of 100 lines with a 3-decimal tax rate over several pages, the table header on each', async () => {
    const quote = await quoteWith('EUR', 100, '0.01');
    expect(quote.taxRate).toBe(8.875);
    const { res, pdf } = await getPdf(api, `/api/quotes/${quote.id}/pdf`);
    expect(res.statusCode).toBe(200);
    const text = pdfText(pdf);
    expectFigures(
      text,
      {
        ...quote,
        items: quote.items.map((i) => ({ ...i, name: i.product.name, sku: i.product.sku })),
      },
      '€',
    );
    const { pages } = pdfInfo(pdf);
    expect(pages).toBeGreaterThanOrEqual(3);
    for (let p = 1; p <= pages; p++) expect(text).toContain(`Page ${p} of ${pages}`);
    expect(text.match(/UNIT PRICE/g)?.length).toBe(pages);
  }, 120_000); // 100 lines: slow on a loaded machine

  it.each([
    ['USD', 100, '$'],
    ['EUR', 1, '€'],
  ] as const)(
    'prints every figure of a %s quote of %i line(s) as the API gives it',
    async (code, lines, symbol) => {
      const quote = await quoteWith(code, lines, '0.99');
      const { pdf } = await getPdf(api, `/api/quotes/${quote.id}/pdf`);
      expectFigures(
        pdfText(pdf),
        {
          ...quote,
          items: quote.items.map((i) => ({ ...i, name: i.product.name, sku: i.product.sku })),
        },
        symbol,
      );
      const { pages } = pdfInfo(pdf);
      if (lines === 1) expect(pages).toBe(1);
      else expect(pages).toBeGreaterThanOrEqual(3);
    },
    120_000,
  );

  it('prints on US Letter when the company says so', async () => {
    expectStatus(await api.put('/api/tenants/current/company', { paperSize: 'Letter' }), 200);
    try {
      const quote = await quoteWith('USD', 1, '5.00');
      const { pdf } = await getPdf(api, `/api/quotes/${quote.id}/pdf`);
      expect(pdfInfo(pdf).size).toContain('(letter)');
    } finally {
      expectStatus(await api.put('/api/tenants/current/company', { paperSize: null }), 200);
    }
  });

  it('answers 404 for another tenant’s quote, an unknown and a malformed id, 401 without a token', async () => {
    const quote = await quoteWith('USD', 1, '5.00');
    expect((await other.get(`/api/quotes/${quote.id}/pdf`)).statusCode).toBe(404);
    expect((await api.get(`/api/quotes/${randomUUID()}/pdf`)).statusCode).toBe(404);
    expect((await api.get(`/api/quotes/not-an-id/pdf`)).statusCode).toBe(404);
    expect((await client(t).get(`/api/quotes/${quote.id}/pdf`)).statusCode).toBe(401);
  });
});

describe('GET /api/orders/{id}/pdf and /api/invoices/{id}/pdf', () => {
  it('render the order and the invoice made from a EUR quote with the API’s figures; other tenants get 404', async () => {
    const quote = await quoteWith('EUR', 3, '19.99');
    const order = expectStatus<Order>(await api.post(`/api/quotes/${quote.id}/convert`, {}), 201);
    const orderPdf = await getPdf(api, `/api/orders/${order.id}/pdf`);
    expect(orderPdf.res.statusCode).toBe(200);
    expect(orderPdf.res.headers['content-type']).toBe('application/pdf');
    expect(orderPdf.res.headers['content-disposition']).toBe(
      `attachment; filename="Order-${order.orderNumber}.pdf"`,
    );
    const orderText = pdfText(orderPdf.pdf);
    expectFigures(
      orderText,
      {
        ...order,
        items: order.items.map((i) => ({ ...i, name: i.product.name, sku: i.product.sku })),
      },
      '€',
    );
    expect(orderText).toContain(order.orderNumber);

    const invoice = expectStatus<Invoice>(
      await api.post(`/api/orders/${order.id}/create-invoice`, {}),
      201,
    );
    const invoicePdf = await getPdf(api, `/api/invoices/${invoice.id}/pdf`);
    expect(invoicePdf.res.statusCode).toBe(200);
    expect(invoicePdf.res.headers['content-disposition']).toBe(
      `attachment; filename="Invoice-${invoice.invoiceNumber}.pdf"`,
    );
    const invoiceText = pdfText(invoicePdf.pdf);
    expectFigures(
      invoiceText,
      {
        ...invoice,
        items: invoice.items.map((i) => ({ ...i, name: i.productName, sku: i.product.sku })),
      },
      '€',
    );
    expect(invoiceText).toContain(invoice.invoiceNumber);
    expect(invoiceText).toMatch(new RegExp(`Date\\s+${formatDocumentDate(invoice.issueDate)}`));
    expect(invoiceText).toMatch(new RegExp(`Due date\\s+${formatDocumentDate(invoice.dueDate)}`));
    // Unpaid: the total alone; once paid in part, what is paid and what is left, as the API says.
    expect(invoiceText).not.toContain('Balance due');
    expectStatus(
      await api.post(`/api/invoices/${invoice.id}/payments`, {
        amount: 10.01,
        method: 'bank_transfer',
      }),
      201,
    );
    const paid = expectStatus<Invoice>(await api.get(`/api/invoices/${invoice.id}`), 200);
    expect(paid.amountPaid).toBe(10.01);
    const paidText = pdfText((await getPdf(api, `/api/invoices/${invoice.id}/pdf`)).pdf);
    expect(paidText).toMatch(new RegExp(`Amount paid\\s+${escapeRe(money('€', paid.amountPaid))}`));
    expect(paidText).toMatch(new RegExp(`Balance due\\s+${escapeRe(money('€', paid.balance))}`));
    expect(pdfText(invoicePdf.pdf, 'raw')).toMatch(new RegExp(`^Order ${order.orderNumber}$`, 'm'));
    expect(pdfText(invoicePdf.pdf, 'raw')).not.toMatch(/DRAFT|CANCELLED/);

    expect((await other.get(`/api/orders/${order.id}/pdf`)).statusCode).toBe(404);
    expect((await other.get(`/api/invoices/${invoice.id}/pdf`)).statusCode).toBe(404);
    expect((await api.get(`/api/invoices/x/pdf`)).statusCode).toBe(404);

    // Paid in part, the invoice is issued: only a draft is cancelled by hand.
    const another = expectStatus<Order>(
      await api.post(`/api/quotes/${(await quoteWith('EUR', 1, '1.00')).id}/convert`, {}),
      201,
    );
    const draft = expectStatus<Invoice>(
      await api.post(`/api/orders/${another.id}/create-invoice`, {}),
      201,
    );
    expectStatus(await api.put(`/api/invoices/${draft.id}`, { status: 'Cancelled' }), 200);
    const cancelled = (await getPdf(api, `/api/invoices/${draft.id}/pdf`)).pdf;
    expect(pdfText(cancelled, 'raw')).toMatch(/^CANCELLED$/m);
  }, 120_000); // five PDFs: slow on a loaded machine
});

describe('GET /api/quotes/{tenantId}/{quoteId}/pdf (public link)', () => {
  it('gives the recipient the PDF with the page’s token; a wrong, missing or rotated token → 404', async () => {
    const quote = await quoteWith('EUR', 2, '10.00');
    const sent = expectStatus<Quote>(await api.post(`/api/quotes/${quote.id}/send`, {}), 200);
    const token = sent.accessToken!;
    const visitor = client(t);
    const page = await visitor.get(`/api/quotes/${tenantId}/${quote.id}/view?token=${token}`);
    expect(page.statusCode).toBe(200);
    const href = `/api/quotes/${tenantId}/${quote.id}/pdf?token=${encodeURIComponent(token)}`;
    expect(page.body).toContain(`href="${href}" download>Download PDF</a>`);

    const res = await visitor.get(href);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Quote-${sent.quoteNumber}.pdf"`,
    );
    expectFigures(
      pdfText(res.rawPayload),
      {
        ...sent,
        items: sent.items.map((i) => ({ ...i, name: i.product.name, sku: i.product.sku })),
      },
      '€',
    );

    const wrong = await visitor.get(`/api/quotes/${tenantId}/${quote.id}/pdf?token=nope`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.headers['content-type']).not.toContain('pdf');
    expect((await visitor.get(`/api/quotes/${tenantId}/${quote.id}/pdf`)).statusCode).toBe(404);
    expect(
      (await visitor.get(`/api/quotes/${randomUUID()}/${quote.id}/pdf?token=${token}`)).statusCode,
    ).toBe(404);

    const resent = expectStatus<Quote>(await api.post(`/api/quotes/${quote.id}/send`, {}), 200);
    expect(resent.accessToken).not.toBe(token);
    expect((await visitor.get(href)).statusCode).toBe(404);
    expect(
      (await visitor.get(`/api/quotes/${tenantId}/${quote.id}/pdf?token=${resent.accessToken}`))
        .statusCode,
    ).toBe(200);
  });
});
