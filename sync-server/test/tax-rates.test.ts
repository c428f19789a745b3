/**
 * Issue 33.1 on both databases: tax rates as records — administrators write, everyone reads,
 * shapes checked by `taxRateProblems`, other tenants' ids 404, and a deleted rate leaves every
 * document's snapshot as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAX_RATE_MESSAGES, TAX_RATE_RECORD_MESSAGES } from '@smb/shared-types';
import { client, expectStatus, inviteAndAccept } from './api-helpers';
import { makeProduct, makeRecipient } from './factories';
import { createTestApp, registerTenant, type TestApp } from './helpers';
import { pdfText } from './pdf-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Rate {
  id: string;
  name: string;
  rate: number;
  category: string;
  exemptionReason: string | null;
}

describe('tax rates', () => {
  it('administrators create, edit and delete; members read; the shapes are checked', async () => {
    const admin = await registerTenant(t, 'Rates GmbH');
    const api = client(t, admin.token);
    const member = client(t, (await inviteAndAccept(t, admin.token)).token);

    const vat = expectStatus<Rate>(
      await api.post('/api/tax-rates', { name: ' VAT 19 % ', rate: 19, category: 'S' }),
      201,
    );
    expect(vat).toMatchObject({ name: 'VAT 19 %', rate: 19, category: 'S', exemptionReason: null });
    const rc = expectStatus<Rate>(
      await api.post('/api/tax-rates', { name: 'Reverse charge', rate: 0, category: 'AE' }),
      201,
    );
    expect(rc.category).toBe('AE');

    for (const [body, message] of [
      [{ name: 'Zero', rate: 0, category: 'S' }, TAX_RATE_MESSAGES.standardNeedsRate],
      [{ name: 'Odd', rate: 7, category: 'Z' }, TAX_RATE_MESSAGES.untaxedHasRate],
      [{ name: 'Exempt', rate: 0, category: 'E' }, TAX_RATE_MESSAGES.reasonRequired],
      [{ name: 'Fine', rate: 19.1234, category: 'S' }, TAX_RATE_MESSAGES.rateRange],
      [{ name: '  ', rate: 19, category: 'S' }, TAX_RATE_RECORD_MESSAGES.nameRequired],
    ] as const) {
      const res = await api.post('/api/tax-rates', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }

    const forbidden = await member.post('/api/tax-rates', { name: 'X', rate: 5, category: 'S' });
    expect(forbidden.statusCode).toBe(403);
    expect((await member.put(`/api/tax-rates/${vat.id}`, { rate: 5 })).statusCode).toBe(403);
    expect((await member.del(`/api/tax-rates/${vat.id}`)).statusCode).toBe(403);
    const listed = expectStatus<Rate[]>(await member.get('/api/tax-rates'), 200);
    expect(listed.map((r) => r.name)).toEqual(['Reverse charge', 'VAT 19 %']);

    const edited = expectStatus<Rate>(
      await api.put(`/api/tax-rates/${vat.id}`, { name: 'VAT 20 %', rate: 20 }),
      200,
    );
    expect(edited).toMatchObject({ name: 'VAT 20 %', rate: 20, category: 'S' });
    const bad = await api.put(`/api/tax-rates/${vat.id}`, { category: 'E' });
    expect(bad.statusCode).toBe(400);

    const other = await registerTenant(t, 'Other Rates Ltd');
    const stranger = client(t, other.token);
    expect((await stranger.get(`/api/tax-rates/${vat.id}`)).statusCode).toBe(404);
    expect((await stranger.put(`/api/tax-rates/${vat.id}`, { rate: 5 })).statusCode).toBe(404);
    expect((await stranger.del(`/api/tax-rates/${vat.id}`)).statusCode).toBe(404);
    expect((await api.get('/api/tax-rates/not-a-uuid')).statusCode).toBe(404);
  });

  it('a deleted rate: documents keep its snapshot, products lose it as their default', async () => {
    const admin = await registerTenant(t, 'Snapshot GmbH');
    const api = client(t, admin.token);
    const rate = expectStatus<Rate>(
      await api.post('/api/tax-rates', { name: 'VAT 19 %', rate: 19, category: 'S' }),
      201,
    );
    const product = await makeProduct(t, admin.tenantId, { price: '100.00' });
    expectStatus(await api.put(`/api/products/${product.id}`, { taxRateId: rate.id }), 200);
    const { customer, contact } = await makeRecipient(t, admin.tenantId);
    // The line takes the product's default rate.
    const quote = expectStatus<{
      id: string;
      total: number;
      items: { taxRateId: string; taxRate: number }[];
    }>(
      await api.post('/api/quotes', {
        customerId: customer.id,
        contactId: contact.id,
        items: [{ productId: product.id, quantity: 1 }],
      }),
      201,
    );
    expect(quote.items[0]).toMatchObject({ taxRateId: rate.id, taxRate: 19, taxCategory: 'S' });
    expect(quote.total).toBe(119);

    expectStatus(await api.del(`/api/tax-rates/${rate.id}`), 200);
    const after = expectStatus<typeof quote>(await api.get(`/api/quotes/${quote.id}`), 200);
    expect(after.total).toBe(119);
    expect(after.items[0]).toMatchObject({ taxRateId: rate.id, taxRate: 19 });
    // Editing the notes re-totals from the stored snapshot, not from the gone record.
    const edited = expectStatus<typeof quote>(
      await api.put(`/api/quotes/${quote.id}`, { notes: 'Kept' }),
      200,
    );
    expect(edited.total).toBe(119);
    const p = expectStatus<{ taxRateId: string | null }>(
      await api.get(`/api/products/${product.id}`),
      200,
    );
    expect(p.taxRateId).toBeNull();
  });
});

describe('the PDF of a taxed invoice', () => {
  it('prints the breakdown per rate, the discounts and charges, and the reverse-charge note', async () => {
    const admin = await registerTenant(t, 'Breakdown GmbH');
    const api = client(t, admin.token);
    const rate = async (body: object) =>
      expectStatus<Rate>(await api.post('/api/tax-rates', body), 201).id;
    const s19 = await rate({ name: 'VAT 19 %', rate: 19, category: 'S' });
    const s7 = await rate({ name: 'Reduced 7 %', rate: 7, category: 'S' });
    const ae = await rate({ name: 'Reverse charge', rate: 0, category: 'AE' });
    const product = await makeProduct(t, admin.tenantId, { price: '100.00' });
    const { customer, contact } = await makeRecipient(t, admin.tenantId);
    const quote = expectStatus<{ id: string }>(
      await api.post('/api/quotes', {
        customerId: customer.id,
        contactId: contact.id,
        items: [
          { productId: product.id, quantity: 2, taxRateId: s19 },
          {
            productId: null,
            description: 'Consulting day',
            unitPrice: 800,
            quantity: 1,
            taxRateId: ae,
          },
          {
            productId: product.id,
            quantity: 1,
            taxRateId: s7,
            discount: { kind: 'percent', value: 10 },
          },
        ],
        adjustments: [{ kind: 'charge', reason: 'Shipping', amount: 5.95, taxRateId: s19 }],
      }),
      201,
    );
    const order = expectStatus<{ id: string }>(
      await api.post(`/api/quotes/${quote.id}/convert`, {}),
      201,
    );
    const invoice = expectStatus<{ id: string; total: number }>(
      await api.post(`/api/orders/${order.id}/create-invoice`, {}),
      201,
    );
    // 200 + 5.95 at 19 % = 39.13; 90 at 7 % = 6.30; 800 reverse charge.
    expect(invoice.total).toBe(200 + 5.95 + 39.13 + 90 + 6.3 + 800);
    const res = await api.get(`/api/invoices/${invoice.id}/pdf`);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toMatch(/Shipping\s+\$5\.95/);
    expect(text).toMatch(/19%\s+\$205\.95\s+\$39\.13/);
    expect(text).toMatch(/7%\s+\$90\.00\s+\$6\.30/);
    expect(text).toMatch(/Reverse charge \(AE\)\s+\$800\.00\s+\$0\.00/);
    expect(text).toContain('Reverse charge (VATEX-EU-AE)');
    expect(text).toContain('Consulting day');
  }, 120_000);
});
