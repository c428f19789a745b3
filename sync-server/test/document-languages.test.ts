/**
 * Issue 34.3: every document a customer reads — PDFs, the public quote page — is in the customer's
 * document language (else the company's), with that language's dates and amounts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentDay, type Customer, type Quote } from '@smb/shared-types';
import { client, expectStatus, type Client } from './api-helpers';
import { makeCurrency, makeProduct } from './factories';
import { createTestApp, registerTenant, type TestApp } from './helpers';
import { pdfText } from './pdf-helpers';

let t: TestApp;
let api: Client;
let tenantId: string;
let productId: string;

/** `1 234,56 €` as French writes it: narrow no-break spaces group, a no-break space before €. */
const FR_1234_56 = '1\u202f234,56\u00a0€';

beforeAll(async () => {
  t = await createTestApp();
  const admin = await registerTenant(t, 'Atelier Dupont');
  tenantId = admin.tenantId;
  api = client(t, admin.token);
  await makeCurrency(t, tenantId, { code: 'EUR', symbol: '€', taxRate: '20' });
  productId = (
    await makeProduct(t, tenantId, {
      name: 'Vanne',
      sku: 'V-1',
      price: '1234.56',
      currencyCode: 'EUR',
    })
  ).id;
});
afterAll(async () => {
  await t?.close();
});

async function customerIn(documentLanguage: string | null): Promise<Customer> {
  return expectStatus<Customer>(
    await api.post('/api/customers', {
      name: `Client ${documentLanguage ?? 'default'} ${Math.random().toString(36).slice(2, 6)}`,
      email: 'achats@client.test',
      ...(documentLanguage ? { documentLanguage } : {}),
      mainContactName: 'Élodie Martin',
      mainContactEmail: `elodie-${Math.random().toString(36).slice(2)}@client.test`,
    }),
    201,
  );
}

async function sentQuote(customer: Customer): Promise<Quote> {
  const contacts = expectStatus<Array<{ id: string }>>(
    await api.get(`/api/contacts/customer/${customer.id}`),
    200,
  );
  const quote = expectStatus<Quote>(
    await api.post('/api/quotes', {
      customerId: customer.id,
      contactId: contacts[0]!.id,
      currencyCode: 'EUR',
      items: [{ productId, quantity: 1 }],
    }),
    201,
  );
  return expectStatus<Quote>(await api.post(`/api/quotes/${quote.id}/send`, {}), 200);
}

/** pdftotext gives every no-break space as a plain one: the PDF's amounts are compared so. */
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** The PDF's text: laid out (words in place) and raw (content order, one amount unbroken). */
const quotePdf = async (id: string) => {
  const res = await api.get(`/api/quotes/${id}/pdf`);
  expect(res.statusCode).toBe(200);
  return `${pdfText(res.rawPayload)}\n${pdfText(res.rawPayload, 'raw')}`;
};

describe('a customer’s document language', () => {
  it('is stored on the customer, null meaning the company’s; an unknown one is refused', async () => {
    const fr = await customerIn('fr');
    expect(fr.documentLanguage).toBe('fr');
    expect((await customerIn(null)).documentLanguage).toBeNull();
    const bad = await api.post('/api/customers', {
      name: 'X',
      email: 'x@x.test',
      documentLanguage: 'xx',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Document language must be one of en, de, fr, nl, es, it');
    const back = expectStatus<Customer>(
      await api.put(`/api/customers/${fr.id}`, { documentLanguage: null }),
      200,
    );
    expect(back.documentLanguage).toBeNull();
  });

  it('writes the quote PDF and the public page in French, with French formats', async () => {
    const quote = await sentQuote(await customerIn('fr'));
    const text = await quotePdf(quote.id);
    expect(text).toContain('Devis');
    expect(text).toContain('PRIX UNITAIRE');
    expect(text).toContain('FACTURER À');
    expect(text).toContain(documentDay('fr', quote.validUntil!));
    expect(text).toContain(plainSpaces(FR_1234_56));
    expect(text).not.toContain('UNIT PRICE');

    const page = await t.app.inject({
      method: 'GET',
      url: `/api/quotes/${tenantId}/${quote.id}/view?token=${quote.accessToken}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="fr">');
    expect(page.body).toContain('Accepter le devis');
    expect(page.body).toContain(`Valable jusqu’au: ${documentDay('fr', quote.validUntil!)}`);
    expect(page.body).toContain(FR_1234_56);
    expect(page.body).toContain('Envoyé');
    expect(page.body).not.toContain('Accept Quote');

    // A refused answer is told in French too.
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/quotes/${tenantId}/${quote.id}/accept`,
      payload: `token=${encodeURIComponent(quote.accessToken!)}&signerName=`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Veuillez saisir votre nom complet pour accepter le devis');
  });

  it('follows the company’s default language when the customer has none, English by default', async () => {
    const customer = await customerIn(null);
    const english = await quotePdf((await sentQuote(customer)).id);
    expect(english).toContain('UNIT PRICE');
    expect(english).toContain('€1,234.56');

    expectStatus(await api.put('/api/tenants/current/company', { documentLanguage: 'de' }), 200);
    const bad = await api.put('/api/tenants/current/company', { documentLanguage: 'klingon' });
    expect(bad.statusCode).toBe(400);
    const german = await quotePdf((await sentQuote(customer)).id);
    expect(german).toContain('Angebot');
    expect(german).toContain('EINZELPREIS');
    expect(german).toContain('1.234,56 €');
    expectStatus(await api.put('/api/tenants/current/company', { documentLanguage: 'en' }), 200);
  });
});
