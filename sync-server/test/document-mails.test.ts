/**
 * Issue 34.3/34.4: a customer's mails are in their document language and come from the company:
 * its name as the sender's display name, its address as Reply-To, the sending address MAIL_FROM's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer, Quote } from '@smb/shared-types';
import { client, expectStatus, type Client } from './api-helpers';
import { makeCurrency, makeProduct } from './factories';
import { createTestApp, mailsTo, registerTenant, type TestApp } from './helpers';

let t: TestApp;
let api: Client;
let productId: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await registerTenant(t, 'Atelier Dupont');
  api = client(t, admin.token);
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
