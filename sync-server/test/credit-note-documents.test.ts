/**
 * A credit note's PDF and its mail: the invoice's layout titled "Credit Note", with the invoice it
 * corrects, both parties' VAT IDs and the tax per rate; mailed to the invoice's contact with the
 * PDF attached. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDocumentDate } from '@smb/shared-types/documents';
import type { CreditNote, Invoice, Order } from '@smb/shared-types';
import { client, expectStatus, type Client } from './api-helpers';
import { makeCurrency, makeProduct, makeRecipient } from './factories';
import { createTestApp, mailsTo, registerTenant, type TestApp } from './helpers';
import { pdfAttachments, pdfText } from './pdf-helpers';
import { TestClient } from './sync-helpers';

let t: TestApp;
let token: string;
let api: Client;
let other: Client;
let recipient: Awaited<ReturnType<typeof makeRecipient>>;
let invoice: Invoice;
let note: CreditNote;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await registerTenant(t, 'Gutschrift GmbH');
  token = admin.token;
  api = client(t, token);
  other = client(t, (await registerTenant(t, 'Other Co')).token);
  await makeCurrency(t, admin.tenantId, { code: 'EUR', symbol: '€', taxRate: '10' });
  const rate = async (name: string, value: number) =>
    expectStatus<{ id: string }>(
      await api.post('/api/tax-rates', { name, rate: value, category: 'S' }),
      201,
    ).id;
  const vat19 = await rate('VAT 19 %', 19);
  const vat7 = await rate('Reduced 7 %', 7);
  const machine = await makeProduct(t, admin.tenantId, {
    name: 'Machine',
    price: '100.00',
    currencyCode: 'EUR',
  });
  const book = await makeProduct(t, admin.tenantId, {
    name: 'Manual',
    price: '50.00',
    currencyCode: 'EUR',
  });
  expectStatus(
    await api.put('/api/tenants/current/company', {
      legalName: 'Gutschrift GmbH',
      address: 'Hafenstraße 5',
      postcode: '20457',
      city: 'Hamburg',
      country: 'DE',
      vatId: 'DE123456789',
      paymentInstructions: 'Pay within 14 days',
    }),
    200,
  );
  recipient = await makeRecipient(t, admin.tenantId, { customer: { name: 'Klant BV' } });
  expectStatus(
    await api.put(`/api/customers/${recipient.customer.id}`, {
      address: 'Damrak 1',
      postcode: '1012 LG',
      city: 'Amsterdam',
      country: 'NL',
      vatId: 'NL123456789B01',
    }),
    200,
  );
  const order = expectStatus<Order>(
    await api.post('/api/orders', {
      customerId: recipient.customer.id,
      contactId: recipient.contact.id,
      currencyCode: 'EUR',
      items: [
        { productId: machine.id, quantity: 2, taxRateId: vat19 },
        { productId: book.id, quantity: 2, taxRateId: vat7 },
      ],
    }),
    201,
  );
  const made = expectStatus<Invoice>(
    await api.post(`/api/orders/${order.id}/create-invoice`, {}),
    201,
  );
  invoice = expectStatus<Invoice>(await api.post(`/api/invoices/${made.id}/issue`, {}), 200);
  // One machine and one manual back: both rates on the credit note.
  note = expectStatus<CreditNote>(
    await api.post(`/api/invoices/${invoice.id}/credit-notes`, {
      kind: 'lines',
      reason: 'Returned damaged',
      lines: invoice.items.map((i) => ({ invoiceItemId: i.id, quantity: 1 })),
    }),
    201,
  );
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/credit-notes/{id}/pdf', () => {
  it('prints "Credit Note", its number, the invoice it corrects, both VAT IDs and the tax per rate', async () => {
    const res = await api.get(`/api/credit-notes/${note.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="CreditNote-${note.creditNoteNumber}.pdf"`,
    );
    const text = pdfText(res.rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Credit Note');
    expect(flat).toContain(note.creditNoteNumber);
    expect(flat).toContain(
      `Credits invoice ${invoice.invoiceNumber} of ${formatDocumentDate(invoice.issueDate)}`,
    );
    for (const part of [
      'VAT ID: DE123456789',
      'VAT ID: NL123456789B01',
      'Hafenstraße 5',
      '20457 Hamburg',
      'Damrak 1',
      '1012 LG Amsterdam',
      'Returned damaged',
    ])
      expect(flat).toContain(part);
    // 100.00 at 19 % and 50.00 at 7 %: one breakdown row per rate, then the total.
    expect(note.taxBreakdown).toEqual([
      { category: 'S', rate: 19, taxableAmount: 100, taxAmount: 19 },
      { category: 'S', rate: 7, taxableAmount: 50, taxAmount: 3.5 },
    ]);
    expect(text).toMatch(/19%\s+€100\.00\s+€19\.00/);
    expect(text).toMatch(/7%\s+€50\.00\s+€3\.50/);
    expect(text).toMatch(/Total EUR\s+€172\.50/);
    // A credit note asks for no payment and has no status to show.
    expect(flat).not.toContain('Pay within 14 days');
    expect(flat).not.toContain('Status');
  });

  it('another tenant’s, an unknown or a malformed id → 404', async () => {
    expect((await other.get(`/api/credit-notes/${note.id}/pdf`)).statusCode).toBe(404);
    expect(
      (await api.get('/api/credit-notes/00000000-0000-4000-8000-000000000000/pdf')).statusCode,
    ).toBe(404);
    expect((await api.get('/api/credit-notes/x/pdf')).statusCode).toBe(404);
  });
});

const mail = (to: string) => ({
  to,
  subject: `Credit note ${note.creditNoteNumber} from Gutschrift GmbH`,
  text: 'Hello,\n\nPlease find our credit note attached.',
});

describe('POST /api/credit-notes/{id}/email', () => {
  it('mails the credit note with its PDF to the invoice’s contact and records the send', async () => {
    const to = recipient.contact.email;
    const sent = expectStatus<CreditNote>(
      await api.post(`/api/credit-notes/${note.id}/email`, mail(to)),
      200,
    );
    expect(sent.emailedTo).toBe(to);
    expect(sent.emailedAt).not.toBeNull();
    expect(sent.total).toBe(note.total); // a send changes nothing else
    const [raw] = mailsTo(t.mailDir, to);
    expect(raw).toMatch(new RegExp(`^Subject: Credit note ${note.creditNoteNumber} from`, 'm'));
    const [attachment] = pdfAttachments(raw!);
    expect(attachment?.name).toBe(`CreditNote-${note.creditNoteNumber}.pdf`);
    const text = pdfText(attachment!.pdf).replace(/\s+/g, ' ');
    expect(text).toContain('Credit Note');
    expect(text).toContain(`Credits invoice ${invoice.invoiceNumber}`);
    expect(text).toContain('VAT ID: NL123456789B01');
  });

  it('refuses a bad address (400), another tenant’s credit note (404) and no token (401)', async () => {
    const bad = await api.post(`/api/credit-notes/${note.id}/email`, mail('not an address'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The recipient’s e-mail address is not valid');
    const to = `elsewhere-${randomUUID()}@example.com`;
    expect((await other.post(`/api/credit-notes/${note.id}/email`, mail(to))).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/credit-notes/${note.id}/email`,
      payload: mail(to),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(mailsTo(t.mailDir, to)).toHaveLength(0);
  });

  it('sends a queued creditNote.email once, however often the device pushes it', async () => {
    const to = `ap-${randomUUID()}@example.com`;
    const device = new TestClient(t, token);
    const args = { id: note.id, mailId: randomUUID(), ...mail(to) };
    const first = await device.push([{ id: 1, name: 'creditNote.email', args }]);
    expect(first.body.results[0]?.status).toBe('applied');
    const again = await device.push([{ id: 2, name: 'creditNote.email', args }]);
    expect(again.body.results[0]?.status).toBe('applied');
    await expect.poll(() => mailsTo(t.mailDir, to).length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo(t.mailDir, to)).toHaveLength(1);
    const after = expectStatus<CreditNote>(await api.get(`/api/credit-notes/${note.id}`), 200);
    expect(after.emailedTo).toBe(to);
  });
});
