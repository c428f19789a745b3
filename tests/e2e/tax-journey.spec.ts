/**
 * Taxes from the first quote to the credit note, as a field rep and the customer live it: on a
 * tablet, offline, the rep writes a quote with two tax rates, a line discount and a shipping
 * charge; it syncs; the customer accepts it through the public link; it becomes an order and an
 * invoice at the same figures; the invoice is issued and then refuses edits; it is credited in part
 * and the amount due is exact; the invoice's and the credit note's PDFs carry the tax per rate and
 * both VAT IDs.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { publicQuoteUrl } from '@smb/shared-types/quote-days';
import { subtractMoney, sumMoney } from '@smb/shared-types/money';
import { money, pdfText } from '../../sync-server/test/pdf-helpers';
import { createVerifiedAccount, loginThroughUi } from './support/accounts';
import { apiLogin, seedMasterData, type Api } from './support/api';
import { useE2E } from './support/e2e';
import {
  createQuoteUi,
  quoteRow,
  waitForServiceWorker,
  waitOfflineIndicator,
  waitPending,
  waitSynced,
} from './support/ui';

/** The field rep's tablet. */
const e2e = useE2E({
  viewport: { width: 1024, height: 768 },
  hasTouch: true,
  acceptDownloads: true,
});

interface Breakdown {
  category: string;
  rate: number;
  taxableAmount: number;
  taxAmount: number;
}
interface Figures {
  id: string;
  total: number;
  taxAmount: number;
  taxBreakdown: Breakdown[];
}
type QuoteJson = Figures & {
  quoteNumber: string;
  tenantId: string;
  accessToken: string;
  status: string;
};
type InvoiceJson = Figures & { invoiceNumber: string; balance: number; creditedAmount: number };
type CreditNoteJson = Figures & { creditNoteNumber: string };

/** A PDF the server renders, as bytes (the test API client reads text). */
async function serverPdf(baseUrl: string, api: Api, path: string): Promise<Buffer> {
  const res = await fetch(`${baseUrl}${path}`, {
    headers: { Authorization: `Bearer ${api.token}` },
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** The PDF's text shows both VAT IDs and one breakdown row per rate (rate, taxable amount, tax). */
function expectTaxes(pdf: Buffer, doc: Figures): void {
  const text = pdfText(pdf);
  const flat = text.replace(/\s+/g, ' ');
  expect(flat).toContain('VAT ID: DE123456789');
  expect(flat).toContain('VAT ID: NL123456789B01');
  expect(doc.taxBreakdown.map((r) => r.rate)).toEqual([19, 7]);
  for (const row of doc.taxBreakdown)
    expect(text).toMatch(
      new RegExp(
        `${row.rate}%\\s+${escape(money('$', row.taxableAmount))}\\s+${escape(money('$', row.taxAmount))}`,
      ),
    );
  expect(text).toMatch(new RegExp(`Total USD\\s+${escape(money('$', doc.total))}`));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('a quote’s taxes, from the offline tablet to the credit note', () => {
  it('two rates, a discount and shipping: accepted, invoiced, issued, frozen, credited in part', async () => {
    const { page, context, server } = e2e;
    const owner = await createVerifiedAccount(server.baseUrl, server.dataDir);
    const api = await apiLogin(server.baseUrl, owner.email, owner.password);
    const ids = await seedMasterData(api, {
      customer: 'Nordwind BV',
      contact: 'Anna Berg',
      product: 'Harbour survey',
      price: 480,
    });
    const setup = await Promise.all([
      api.post('/api/products', { name: 'Printed manual', price: 35.5, currencyCode: 'USD' }),
      api.post('/api/tax-rates', { name: 'VAT 19 %', rate: 19, category: 'S' }),
      api.post('/api/tax-rates', { name: 'Reduced 7 %', rate: 7, category: 'S' }),
      api.put('/api/tenants/current/company', {
        legalName: 'Seefahrt GmbH',
        address: 'Hafenstraße 5',
        postcode: '20457',
        city: 'Hamburg',
        country: 'DE',
        vatId: 'DE123456789',
      }),
      api.put(`/api/customers/${ids.customerId}`, {
        postcode: '1012 LG',
        city: 'Amsterdam',
        country: 'NL',
        vatId: 'NL123456789B01',
      }),
    ]);
    expect(setup.map((r) => r.status)).toEqual([201, 201, 201, 200, 200]);

    // Offline on the tablet: the quote with two rates, 10 % off a line and shipping.
    await loginThroughUi(page, owner);
    await waitSynced(page);
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await waitOfflineIndicator(page);
    await createQuoteUi(page, {
      customer: 'Nordwind BV',
      contact: 'Anna Berg',
      items: [
        { product: 'Harbour survey', quantity: 2, taxRate: 'VAT 19 %', discount: 10 },
        { product: 'Printed manual', quantity: 3, taxRate: 'Reduced 7 %' },
      ],
      charges: [{ reason: 'Shipping', amount: 12.9, taxRate: 'VAT 19 %' }],
    });
    await waitPending(page, 1, true);
    await context.setOffline(false);
    await waitSynced(page);
    await quoteRow(page, 'Nordwind BV').getByText('Not synced').waitFor({ state: 'detached' });

    const [draft] = (await api.get<QuoteJson[]>('/api/quotes')).data;
    // 2 × 480 − 10 % + 12.90 shipping at 19 %; 3 × 35.50 at 7 %: the tax per rate, rounded per rate.
    expect(draft!.taxBreakdown).toEqual([
      { category: 'S', rate: 19, taxableAmount: 876.9, taxAmount: 166.61 },
      { category: 'S', rate: 7, taxableAmount: 106.5, taxAmount: 7.46 },
    ]);
    expect(draft!.total).toBe(1157.47);

    // The customer accepts through the public link.
    const sent = await api.post<QuoteJson>(`/api/quotes/${draft!.id}/send`);
    expect(sent.status).toBe(200);
    const customer = await (await e2e.newContext({ serviceWorkers: 'block' })).newPage();
    await customer.goto(
      publicQuoteUrl(server.baseUrl, sent.data.tenantId, sent.data.id, sent.data.accessToken),
    );
    const frame = customer.frameLocator('iframe[title="Quote"]');
    await frame.getByRole('textbox', { name: 'Your full name' }).fill('Anna Berg');
    await frame.getByRole('button', { name: 'Accept Quote' }).click();
    await frame.getByText(`Thank you. Quote ${draft!.quoteNumber} has been accepted.`).waitFor();

    // Order and invoice at the accepted figures, to the cent.
    const order = await api.post<Figures>(`/api/quotes/${draft!.id}/convert`, {});
    expect(order.status).toBe(201);
    const made = await api.post<InvoiceJson>(`/api/orders/${order.data.id}/create-invoice`, {});
    expect(made.status).toBe(201);
    for (const doc of [order.data, made.data]) {
      expect(doc.total).toBe(draft!.total);
      expect(doc.taxBreakdown).toEqual(draft!.taxBreakdown);
    }

    // Issued on the tablet; from then on an edit is refused.
    const invoiceId = made.data.id;
    await waitSynced(page);
    await page.goto(`/dashboard/invoices/${invoiceId}`);
    await page.getByRole('button', { name: 'Mark as Issued' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark as Issued' }).click();
    await page.getByText('This invoice has been issued: its content').waitFor();
    await waitSynced(page);
    const refused = await api.put<{ message: string }>(`/api/invoices/${invoiceId}/terms`, {
      paymentTerms: 'net_7',
    });
    expect(refused.status).toBe(409);
    expect(refused.data.message).toBe(
      'This invoice has been issued; correct it with a credit note.',
    );

    // Credited in part: one survey and one manual come back.
    await page.getByRole('button', { name: 'Credit note' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Chosen lines').click();
    await dialog.getByLabel('Quantity to credit of Harbour survey').fill('1');
    await dialog.getByLabel('Quantity to credit of Printed manual').fill('1');
    await dialog.getByLabel('Reason').fill('One survey and one manual returned');
    await dialog.getByRole('button', { name: 'Create credit note' }).click();
    await page.waitForURL('**/dashboard/credit-notes/*');
    const creditNotes = async () =>
      (await api.get<CreditNoteJson[]>(`/api/invoices/${invoiceId}/credit-notes`)).data;
    await expect.poll(async () => (await creditNotes()).length, { timeout: 30_000 }).toBe(1);
    const [note] = (await creditNotes()) as [CreditNoteJson];
    // 480 − 10 % = 432.00 at 19 %; 35.50 at 7 %.
    expect(note.taxBreakdown.map((r) => [r.rate, r.taxableAmount])).toEqual([
      [19, 432],
      [7, 35.5],
    ]);
    expect(note.taxBreakdown[0]!.taxAmount).toBe(82.08);
    expect(note.total).toBe(
      Number(sumMoney(note.taxBreakdown.flatMap((r) => [r.taxableAmount, r.taxAmount]))),
    );
    const invoice = (await api.get<InvoiceJson>(`/api/invoices/${invoiceId}`)).data;
    expect(invoice.creditedAmount).toBe(note.total);
    expect(invoice.balance).toBe(Number(subtractMoney(draft!.total, note.total)));

    // The PDFs read back: the invoice's from the server, the credit note's rendered on the tablet.
    expectTaxes(await serverPdf(server.baseUrl, api, `/api/invoices/${invoiceId}/pdf`), invoice);
    await page.getByRole('heading', { name: `Credit note ${note.creditNoteNumber}` }).waitFor();
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: `PDF of credit note ${note.creditNoteNumber}` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`CreditNote-${note.creditNoteNumber}.pdf`);
    const creditPdf = await readFile((await file.path())!);
    expectTaxes(creditPdf, note);
    const creditText = pdfText(creditPdf).replace(/\s+/g, ' ');
    expect(creditText).toContain('Credit Note');
    expect(creditText).toContain(note.creditNoteNumber);
    expect(creditText).toContain(`Credits invoice ${invoice.invoiceNumber}`);
  }, 120_000);
});
