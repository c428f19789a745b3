/**
 * Issue 34.3/34.4: a customer's mails are in their document language and come from the company:
 * its name as the sender's display name, its address as Reply-To, the sending address MAIL_FROM's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Customer, Invoice, Order, Quote } from '@smb/shared-types';
import { client, expectStatus, inviteAndAccept, type Client } from './api-helpers';
import { makeCurrency, makeProduct } from './factories';
import { createTestApp, mailsTo, registerTenant, type TestApp } from './helpers';
import { pdfText } from './pdf-helpers';
import { TestClient } from './sync-helpers';

let t: TestApp;
let api: Client;
let adminToken: string;
let productId: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await registerTenant(t, 'Atelier Dupont');
  api = client(t, admin.token);
  adminToken = admin.token;
  await makeCurrency(t, admin.tenantId, { code: 'EUR', symbol: '€', taxRate: '20' });
  productId = (
    await makeProduct(t, admin.tenantId, { name: 'Vanne', price: '1234.56', currencyCode: 'EUR' })
  ).id;
  expectStatus(
    await api.put('/api/tenants/current/company', { email: 'contact@atelier-dupont.test' }),
    200,
  );
});
afterAll(async () => {
  await t?.close();
});

/** A customer in `language` with its main contact, and that contact's address. */
async function customerWithContact(api: Client, language: string | null) {
  const email = `achats-${Math.random().toString(36).slice(2)}@client.test`;
  const customer = expectStatus<Customer>(
    await api.post('/api/customers', {
      name: 'Client Lyon',
      email: 'info@client.test',
      ...(language ? { documentLanguage: language } : {}),
      mainContactName: 'Élodie Martin',
      mainContactEmail: email,
    }),
    201,
  );
  const [contact] = expectStatus<Array<{ id: string }>>(
    await api.get(`/api/contacts/customer/${customer.id}`),
    200,
  );
  return { customer, contactId: contact!.id, email };
}

/** The header `name` of a raw message, unfolded and with its encoded words decoded. */
function header(raw: string, name: string): string {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  const line = new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1] ?? '';
  return line.replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

describe('the quote mail', () => {
  it('is in French for a French customer, from the company, Reply-To its address', async () => {
    const { customer, contactId, email } = await customerWithContact(api, 'fr');
    const quote = expectStatus<Quote>(
      await api.post('/api/quotes', {
        customerId: customer.id,
        contactId,
        currencyCode: 'EUR',
        items: [{ productId, quantity: 1 }],
      }),
      201,
    );
    expectStatus(await api.post(`/api/quotes/${quote.id}/send`, {}), 200);
    const [raw] = mailsTo(t.mailDir, email);
    expect(raw).toBeDefined();
    expect(header(raw!, 'Subject')).toBe(`Devis ${quote.quoteNumber} de Atelier Dupont`);
    expect(header(raw!, 'From')).toMatch(/^"?Atelier Dupont"? <[^>]+>$/);
    expect(header(raw!, 'From')).toContain(`<${t.ctx.config.mailFrom.match(/<(.+)>/)?.[1]}>`);
    expect(header(raw!, 'Reply-To')).toBe('contact@atelier-dupont.test');
    expect(raw).toMatch(/Bonjour =C3=89lodie Martin,|Bonjour Élodie Martin,/);
  });

  it('stays in English for a customer of an English company, with the spec’s words', async () => {
    const { customer, contactId, email } = await customerWithContact(api, null);
    const quote = expectStatus<Quote>(
      await api.post('/api/quotes', {
        customerId: customer.id,
        contactId,
        currencyCode: 'EUR',
        items: [{ productId, quantity: 1 }],
      }),
      201,
    );
    expectStatus(await api.post(`/api/quotes/${quote.id}/send`, {}), 200);
    const [raw] = mailsTo(t.mailDir, email);
    expect(header(raw!, 'Subject')).toBe(`Quote ${quote.quoteNumber} from Atelier Dupont`);
    expect(raw).toContain('has sent you quote');
    expect(header(raw!, 'Reply-To')).toBe('contact@atelier-dupont.test');
  });
});

/** The PDF attachments of a raw e-mail. */
function pdfAttachments(raw: string): Buffer[] {
  return raw
    .split(/\r?\n--[^\r\n]+/)
    .filter((part) => /Content-Type: application\/pdf/i.test(part))
    .map((part) =>
      Buffer.from(
        part
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join('')
          .replace(/\s+/g, ''),
        'base64',
      ),
    );
}

async function orderAndInvoice(language: string | null) {
  const recipient = await customerWithContact(api, language);
  const order = expectStatus<Order>(
    await api.post('/api/orders', {
      customerId: recipient.customer.id,
      contactId: recipient.contactId,
      currencyCode: 'EUR',
      items: [{ productId, quantity: 1 }],
    }),
    201,
  );
  const invoice = expectStatus<Invoice>(
    await api.post(`/api/orders/${order.id}/create-invoice`, {}),
    201,
  );
  return { ...recipient, order, invoice };
}

const mail = (to: string) => ({
  to,
  subject: 'Facture de Atelier Dupont',
  text: 'Bonjour Élodie Martin,\n\nVeuillez trouver ci-joint notre facture.\n\nCordialement,\nAtelier Dupont',
});

describe('e-mailing an invoice or an order confirmation', () => {
  it('mails the invoice with its PDF in the customer’s language and records the send', async () => {
    const { invoice, email } = await orderAndInvoice('fr');
    expect(invoice.emailedAt).toBeNull();
    const sent = expectStatus<Invoice>(
      await api.post(`/api/invoices/${invoice.id}/email`, mail(` ${email} `)),
      200,
    );
    expect(sent.emailedTo).toBe(email);
    expect(Date.parse(sent.emailedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(BigInt(sent.version)).toBeGreaterThan(BigInt(invoice.version));
    const [raw] = mailsTo(t.mailDir, email);
    expect(header(raw!, 'Subject')).toBe('Facture de Atelier Dupont');
    expect(header(raw!, 'From')).toMatch(/^"?Atelier Dupont"? </);
    expect(header(raw!, 'Reply-To')).toBe('contact@atelier-dupont.test');
    const [pdf] = pdfAttachments(raw!);
    expect(pdf?.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf!);
    expect(text).toContain('Facture');
    expect(text).toContain(invoice.invoiceNumber);
    expect(text).toContain('1 234,56 €');
    expect(raw).toContain(`Invoice-${invoice.invoiceNumber}.pdf`);
  });

  it('mails the order confirmation; a member may send; bad input 400; another tenant 404', async () => {
    const { order, email } = await orderAndInvoice(null);
    const member = client(t, (await inviteAndAccept(t, adminToken, false)).token);
    const sent = expectStatus<Order>(
      await member.post(`/api/orders/${order.id}/email`, {
        to: email,
        subject: `Order confirmation ${order.orderNumber} from Atelier Dupont`,
        text: 'Thank you for your order.',
      }),
      200,
    );
    expect(sent.emailedTo).toBe(email);
    const [raw] = mailsTo(t.mailDir, email);
    expect(pdfText(pdfAttachments(raw!)[0]!)).toContain(order.orderNumber);

    const bad = await api.post(`/api/orders/${order.id}/email`, { ...mail('nope'), subject: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The recipient’s e-mail address is not valid');
    const empty = await api.post(`/api/orders/${order.id}/email`, { ...mail(email), text: ' ' });
    expect(empty.json().message).toBe('Enter the text of the e-mail');

    const other = client(t, (await registerTenant(t, 'Other Co')).token);
    expect((await other.post(`/api/orders/${order.id}/email`, mail(email))).statusCode).toBe(404);
    expect((await other.post(`/api/invoices/${randomUUID()}/email`, mail(email))).statusCode).toBe(
      404,
    );
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/email`,
      payload: mail(email),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(mailsTo(t.mailDir, email)).toHaveLength(1);
  });

  it('sends a queued invoice.email once, however often the device pushes it', async () => {
    const { invoice, email } = await orderAndInvoice('de');
    const device = new TestClient(t, adminToken);
    const args = { id: invoice.id, mailId: randomUUID(), ...mail(email) };
    const first = await device.push([{ id: 1, name: 'invoice.email', args }]);
    expect(first.body.results[0]?.status).toBe('applied');
    // The same mutation again (a lost answer), and the same send under a new mutation id.
    await device.push([{ id: 1, name: 'invoice.email', args }]);
    const again = await device.push([{ id: 2, name: 'invoice.email', args }]);
    expect(again.body.results[0]?.status).toBe('applied');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo(t.mailDir, email)).toHaveLength(1);
    const after = expectStatus<Invoice>(await api.get(`/api/invoices/${invoice.id}`), 200);
    expect(after.emailedTo).toBe(email);
  });
});
