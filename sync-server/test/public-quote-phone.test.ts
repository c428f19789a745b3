import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDay, type Quote } from '@smb/shared-types';
import { makeCurrency, makeProduct, makeRecipient, tinyPng } from './factories';
import { bearer, createTestApp, registerTenant, type TestApp } from './helpers';

let t: TestApp;
let admin: { token: string; tenantId: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await registerTenant(t, 'Logo Traders');
  await makeCurrency(t, admin.tenantId, { code: 'EUR', symbol: '€', taxRate: '19' });
});
afterAll(async () => {
  await t?.close();
});

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });

async function sentQuote(): Promise<Quote> {
  const recipient = await makeRecipient(t, admin.tenantId);
  const product = await makeProduct(t, admin.tenantId, {
    name: 'Hand-laid oak flooring, per square metre',
    price: '89.90',
  });
  const created = await api('POST', '/api/quotes', {
    customerId: recipient.customer.id,
    contactId: recipient.contact.id,
    currencyCode: 'EUR',
    items: [{ productId: product.id, quantity: 120 }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const sent = await api('POST', `/api/quotes/${created.json().id}/send`);
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json() as Quote;
}

describe('public quote page on a phone (issue 34.6)', () => {
  it('shows the company logo, every line column labelled for stacking, and one date format', async () => {
    const logo = tinyPng();
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/tenants/current/logo',
      headers: { ...bearer(admin.token), 'content-type': 'image/png' },
      payload: logo,
    });
    expect(put.statusCode, put.body).toBe(200);
    const quote = await sentQuote();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/quotes/${quote.tenantId}/${quote.id}/view?token=${encodeURIComponent(quote.accessToken!)}`,
    });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain(
      `<img class="logo" src="data:image/png;base64,${logo.toString('base64')}" alt="Company logo">`,
    );
    // Below 480 px the table's rows stack: each number cell says what it is.
    for (const label of ['Quantity', 'Unit Price', 'Subtotal'])
      expect(html).toContain(`data-label="${label}"`);
    expect(html).toMatch(/@media \(max-width:480px\)\{[^`]*content:attr\(data-label\)/);
    // One date format: the date and the validity are written alike.
    expect(html).toContain(`Date: ${formatDay(quote.createdAt)}`);
    expect(html).toContain(`Valid until: ${formatDay(quote.validUntil!)}`);
    expect(html).not.toMatch(
      /(January|February|March|April|May|June|July|August|September|October|November|December) \d/,
    );
  });

  it('has no logo for a company without one', async () => {
    await t.app.inject({
      method: 'DELETE',
      url: '/api/tenants/current/logo',
      headers: bearer(admin.token),
    });
    const quote = await sentQuote();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/quotes/${quote.tenantId}/${quote.id}/view?token=${encodeURIComponent(quote.accessToken!)}`,
    });
    expect(res.body).not.toContain('<img class="logo"');
  });
});
