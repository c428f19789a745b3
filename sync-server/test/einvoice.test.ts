/**
 * Issue 35's routes: GET /api/invoices/{id}/e-invoice and …/e-invoice/readiness — the formats'
 * content types and file names, 400/404/409, the customer's format and the company's default, and
 * readiness in the plain words of the shared checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '@smb/shared-types';
import {
  EINVOICE_MESSAGES,
  READINESS_MESSAGES,
  type EInvoiceReadinessReport,
} from '@smb/shared-types/einvoice';
import { expectStatus } from './api-helpers';
import { createTestApp, mailsTo, type TestApp } from './helpers';
import {
  INVOICE_CASES,
  attachments,
  issuedInvoice,
  makeSeller,
  type Seller,
} from './einvoice-helpers';

let t: TestApp;
let seller: Seller;
let other: Seller;
let invoice: Invoice;

beforeAll(async () => {
  t = await createTestApp();
  seller = await makeSeller(t);
  other = await makeSeller(t, 'Other Company');
  invoice = await issuedInvoice(seller, INVOICE_CASES['domestic standard rate']!);
  // Two companies with every identity and tax rate: minutes on a loaded machine.
}, 300_000);
afterAll(async () => {
  await t?.close();
});

const url = (id: string, rest = '') => `/api/invoices/${id}/e-invoice${rest}`;

describe('GET /api/invoices/{id}/e-invoice', () => {
  it('sends Peppol BIS and XRechnung as UBL XML and Factur-X as a PDF, each as a download', async () => {
    const number = invoice.invoiceNumber;
    const peppol = await seller.api.get(url(invoice.id, '?format=peppol'));
    expect(peppol.statusCode).toBe(200);
    expect(peppol.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(peppol.headers['content-disposition']).toBe(
      `attachment; filename="Invoice-${number}-peppol.xml"`,
    );
    expect(peppol.body).toContain('urn:fdc:peppol.eu:2017:poacc:billing:3.0');
    const xrechnung = await seller.api.get(url(invoice.id, '?format=xrechnung'));
    expect(xrechnung.headers['content-disposition']).toContain(`Invoice-${number}-xrechnung.xml`);
    expect(xrechnung.body).toContain('urn:xeinkauf.de:kosit:xrechnung_3.0');
    const facturx = await seller.api.get(url(invoice.id, '?format=facturx'));
    expect(facturx.statusCode).toBe(200);
    expect(facturx.headers['content-type']).toBe('application/pdf');
    expect(facturx.headers['content-disposition']).toBe(
      `attachment; filename="Invoice-${number}.pdf"`,
    );
    expect(facturx.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(facturx.rawPayload.toString('latin1')).toContain('factur-x.xml');
  });

  it('refuses another format (400), another tenant’s or an unknown id (404) and a draft (409)', async () => {
    const bad = await seller.api.get(url(invoice.id, '?format=edifact'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(EINVOICE_MESSAGES.queryFormat);
    expect((await seller.api.get(url(invoice.id))).statusCode).toBe(400);
    expect((await other.api.get(url(invoice.id, '?format=peppol'))).statusCode).toBe(404);
    expect((await other.api.get(url(invoice.id, '/readiness'))).statusCode).toBe(404);
    expect((await seller.api.get(url('nope', '?format=peppol'))).statusCode).toBe(404);
    const quote = expectStatus<{ id: string }>(
      await seller.api.post('/api/quotes', {
        ...seller.buyers.de,
        currencyCode: 'EUR',
        items: [{ productId: seller.products[0], quantity: 1, taxRateId: seller.rates.s19 }],
      }),
      201,
    );
    const order = expectStatus<{ id: string }>(
      await seller.api.post(`/api/quotes/${quote.id}/convert`, {}),
      201,
    );
    const draft = expectStatus<Invoice>(
      await seller.api.post(`/api/orders/${order.id}/create-invoice`, {}),
      201,
    );
    for (const rest of ['?format=peppol', '/readiness']) {
      const res = await seller.api.get(url(draft.id, rest));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(EINVOICE_MESSAGES.notIssued);
    }
  });
});

describe('GET /api/invoices/{id}/e-invoice/readiness and the format settings', () => {
  const readiness = async (rest = '') =>
    expectStatus<EInvoiceReadinessReport>(
      await seller.api.get(url(invoice.id, `/readiness${rest}`)),
      200,
    );

  it('follows the customer’s format, else the company’s default, else none', async () => {
    expect(await readiness()).toEqual({
      format: null,
      formatLabel: null,
      ready: false,
      problems: [],
    });
    expectStatus(
      await seller.api.put('/api/tenants/current/company', { einvoiceFormat: 'facturx' }),
      200,
    );
    expect((await readiness()).format).toBe('facturx');
    const customer = expectStatus<{ einvoiceFormat: string | null }>(
      await seller.api.put(`/api/customers/${seller.buyers.de.customerId}`, {
        einvoiceFormat: 'xrechnung',
      }),
      200,
    );
    expect(customer.einvoiceFormat).toBe('xrechnung');
    expect(await readiness()).toEqual({
      format: 'xrechnung',
      formatLabel: 'XRechnung 3.0',
      ready: true,
      problems: [],
    });
    const bad = await seller.api.put(`/api/customers/${seller.buyers.de.customerId}`, {
      einvoiceFormat: 'pdf',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(EINVOICE_MESSAGES.format);
    const badCompany = await seller.api.put('/api/tenants/current/company', {
      einvoiceFormat: 'edifact',
    });
    expect(badCompany.statusCode).toBe(400);
  });

  it('says in plain words what the format still needs', async () => {
    expectStatus(
      await seller.api.put(`/api/customers/${seller.buyers.de.customerId}`, {
        buyerReference: null,
        electronicAddressScheme: null,
        electronicAddressId: null,
      }),
      200,
    );
    expectStatus(
      await seller.api.put('/api/tenants/current/company', { iban: null, bic: null }),
      200,
    );
    const report = await readiness('?format=xrechnung');
    expect(report.ready).toBe(false);
    expect(report.problems.map((p) => p.message)).toEqual(
      expect.arrayContaining([
        READINESS_MESSAGES.iban,
        READINESS_MESSAGES.buyerAddress,
        READINESS_MESSAGES.buyerReference,
      ]),
    );
    expect((await readiness('?format=facturx')).problems).toEqual([]);
  });
});

describe('the invoice mail carries the customer’s format', () => {
  const mailed = async (format: string | null) => {
    const buyer = seller.buyers.tricky;
    expectStatus(
      await seller.api.put(`/api/customers/${buyer.customerId}`, { einvoiceFormat: format }),
      200,
    );
    const inv = await issuedInvoice(seller, {
      buyer: 'tricky',
      quote: (s) => ({
        items: [{ productId: s.products[0], quantity: 1, taxRateId: s.rates.s19 }],
      }),
    });
    const to = `buyer-${format ?? 'none'}@example.com`;
    expectStatus(
      await seller.api.post(`/api/invoices/${inv.id}/email`, {
        to,
        subject: 'Invoice',
        text: 'Hi',
      }),
      200,
    );
    const [raw] = mailsTo(t.mailDir, to);
    return { inv, files: attachments(raw!) };
  };

  it('Factur-X: the Factur-X PDF in place of the PDF; XRechnung: the XML beside the PDF', async () => {
    const facturx = await mailed('facturx');
    expect(facturx.files.map((f) => [f.type, f.name])).toEqual([
      ['application/pdf', `Invoice-${facturx.inv.invoiceNumber}.pdf`],
    ]);
    expect(facturx.files[0]!.body.toString('latin1')).toContain('factur-x.xml');

    const xrechnung = await mailed('xrechnung');
    expect(xrechnung.files.map((f) => [f.type, f.name])).toEqual([
      ['application/pdf', `Invoice-${xrechnung.inv.invoiceNumber}.pdf`],
      ['application/xml', `Invoice-${xrechnung.inv.invoiceNumber}-xrechnung.xml`],
    ]);
    expect(xrechnung.files[1]!.body.toString()).toContain(xrechnung.inv.invoiceNumber);
  });

  it('no format (the company’s default is none): the plain PDF only', async () => {
    expectStatus(
      await seller.api.put('/api/tenants/current/company', { einvoiceFormat: 'none' }),
      200,
    );
    const none = await mailed(null);
    expect(none.files.map((f) => f.type)).toEqual(['application/pdf']);
    expect(none.files[0]!.body.toString('latin1')).not.toContain('factur-x.xml');
  });
});
