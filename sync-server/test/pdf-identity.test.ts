/**
 * The parties' identities on the PDFs (issue 33 items 5 and 9): both VAT IDs, the customer's whole
 * address (street lines, then postcode and city, then country) and the company's bank details.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, Order, Quote } from '@smb/shared-types';
import { client, expectStatus, type Client } from './api-helpers';
import { makeProduct, makeRecipient } from './factories';
import { createTestApp, registerTenant, type TestApp } from './helpers';
import { pdfText } from './pdf-helpers';

let t: TestApp;
let api: Client;
let recipient: Awaited<ReturnType<typeof makeRecipient>>;
let product: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  const admin = await registerTenant(t, 'Seller Identity');
  api = client(t, admin.token);
  recipient = await makeRecipient(t, admin.tenantId);
  product = await makeProduct(t, admin.tenantId, { price: '10.00' });
  expectStatus(
    await api.put('/api/tenants/current/company', {
      legalName: 'Verkäufer GmbH',
      address: 'Ufer 1',
      postcode: '10115',
      city: 'Berlin',
      country: 'DE',
      vatId: 'DE123456789',
      registrationId: 'HRB 12345 B',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
    }),
    200,
  );
  expectStatus(
    await api.put(`/api/customers/${recipient.customer.id}`, {
      address: 'Rue de la Loi 16',
      address2: 'Bâtiment B',
      postcode: '1000',
      city: 'Bruxelles',
      country: 'BE',
      vatId: 'BE0123456749',
    }),
    200,
  );
});
afterAll(async () => {
  await t?.close();
});

function expectIdentities(text: string) {
  const flat = text.replace(/\s+/g, ' ');
  for (const part of [
    'VAT ID: DE123456789',
    'VAT ID: BE0123456749',
    '10115 Berlin',
    'Company registration: HRB 12345 B',
    'Rue de la Loi 16',
    'Bâtiment B',
    '1000 Bruxelles',
    'BANK ACCOUNT',
    'IBAN: DE89 3704 0044 0532 0130 00',
    'BIC: COBADEFFXXX',
  ])
    expect(flat).toContain(part);
}

describe('identities on the PDFs', () => {
  it('a quote, its order and the invoice print both VAT IDs, the full address and the bank', async () => {
    const quote = expectStatus<Quote>(
      await api.post('/api/quotes', {
        customerId: recipient.customer.id,
        contactId: recipient.contact.id,
        items: [{ productId: product.id, quantity: 1 }],
      }),
      201,
    );
    expectIdentities(pdfText((await api.get(`/api/quotes/${quote.id}/pdf`)).rawPayload));
    const order = expectStatus<Order>(
      await api.post('/api/orders', {
        customerId: recipient.customer.id,
        contactId: recipient.contact.id,
        items: [{ productId: product.id, quantity: 2 }],
      }),
      201,
    );
    expectIdentities(pdfText((await api.get(`/api/orders/${order.id}/pdf`)).rawPayload));
    const invoice = expectStatus<Invoice>(
      await api.post(`/api/orders/${order.id}/create-invoice`, {}),
      201,
    );
    expectIdentities(pdfText((await api.get(`/api/invoices/${invoice.id}/pdf`)).rawPayload));
  });
});
