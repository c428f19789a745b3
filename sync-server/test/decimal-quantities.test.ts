/**
 * Issue 33.4 on both databases: line quantities with up to 3 decimals (1.5 hours), through REST
 * and sync, kept exactly from quote to order to invoice; a whole quantity as old clients send it
 * still works, and more than 3 decimals, 0 or less answer 400.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES, type Invoice, type Order, type Quote } from '@smb/shared-types';
import { client, expectStatus, type Client } from './api-helpers';
import { makeProduct, makeRecipient } from './factories';
import { createTestApp, registerTenant, type TestApp } from './helpers';
import { TestClient } from './sync-helpers';

let t: TestApp;
let api: Client;
let token: string;
let recipient: Awaited<ReturnType<typeof makeRecipient>>;
let product: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  const admin = await registerTenant(t, 'Hourly Work Ltd');
  token = admin.token;
  api = client(t, token);
  recipient = await makeRecipient(t, admin.tenantId);
  product = await makeProduct(t, admin.tenantId, { price: '10.00' });
});
afterAll(async () => {
  await t?.close();
});

const body = (items: object[]) => ({
  customerId: recipient.customer.id,
  contactId: recipient.contact.id,
  currencyCode: 'USD',
  items,
});

describe('decimal quantities', () => {
  it('prices 1.5 hours and 0.333 kg exactly (line net rounded to cents) from quote to invoice', async () => {
    const quote = expectStatus<Quote>(
      await api.post(
        '/api/quotes',
        body([
          { description: 'Consulting', unitPrice: 80, quantity: 1.5, unitCode: 'HUR' },
          { productId: product.id, quantity: 0.333 },
          { productId: product.id, quantity: 2 },
        ]),
      ),
      201,
    );
    expect(quote.items.map((i) => [i.quantity, i.subtotal, i.lineTotal])).toEqual([
      [1.5, 120, 120],
      [0.333, 3.33, 3.33],
      [2, 20, 20],
    ]);
    expect(quote.subtotal).toBe(143.33);

    const order = expectStatus<Order>(await api.post(`/api/quotes/${quote.id}/convert`, {}), 201);
    expect(order.items.map((i) => i.quantity)).toEqual([1.5, 0.333, 2]);
    expect(order.total).toBe(quote.total);
    const invoice = expectStatus<Invoice>(
      await api.post(`/api/orders/${order.id}/create-invoice`, {}),
      201,
    );
    expect(invoice.items.map((i) => i.quantity)).toEqual([1.5, 0.333, 2]);
    expect(invoice.total).toBe(quote.total);
    const read = expectStatus<Invoice>(await api.get(`/api/invoices/${invoice.id}`), 200);
    expect(read.items.map((i) => i.quantity)).toEqual([1.5, 0.333, 2]);

    // Edited to another decimal quantity on a Draft quote.
    const draft = expectStatus<Quote>(
      await api.post('/api/quotes', body([{ productId: product.id, quantity: 1 }])),
      201,
    );
    const edited = expectStatus<Quote>(
      await api.put(`/api/quotes/${draft.id}`, {
        items: [{ id: draft.items[0]!.id, productId: product.id, quantity: 2.25 }],
      }),
      200,
    );
    expect(edited.items[0]).toMatchObject({ quantity: 2.25, lineTotal: 22.5 });
  });

  it.each([[1.2345], [0], [-1], [1_000_001]])('refuses quantity %s with 400', async (quantity) => {
    const res = await api.post('/api/orders', body([{ productId: product.id, quantity }]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(DOCUMENT_MESSAGES.completeItems);
  });

  it('takes whole quantities (as clients before this release send them) and decimals through sync', async () => {
    const device = new TestClient(t, token);
    const whole = randomUUID();
    const decimal = randomUUID();
    const quote = (id: string, quantity: number) =>
      device.mutation('quote.create', {
        id,
        ...body([{ productId: product.id, quantity }]),
        notes: '',
      });
    const { status, body: answer } = await device.push([quote(whole, 3), quote(decimal, 0.75)]);
    expect(status).toBe(200);
    expect(JSON.stringify(answer)).not.toContain('rejected":[{');
    await device.pull();
    expect(device.get('quotes', whole)).toMatchObject({
      total: expect.any(Number),
      items: [expect.objectContaining({ quantity: 3, lineTotal: 30 })],
    });
    expect(device.get('quotes', decimal)).toMatchObject({
      items: [expect.objectContaining({ quantity: 0.75, lineTotal: 7.5 })],
    });
    // A device that queued a 4-decimal quantity has it refused into Sync issues, nothing stored.
    const bad = randomUUID();
    const refused = await device.push([quote(bad, 0.0005)]);
    expect(refused.status).toBe(200);
    expect(JSON.stringify(refused.body)).toContain(DOCUMENT_MESSAGES.completeItems);
    expect((await api.get(`/api/quotes/${bad}`)).statusCode).toBe(404);
  });
});
