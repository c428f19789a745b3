import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORDER_MESSAGES,
  QUOTE_MESSAGES,
  documentTotals,
  type Invoice,
  type Order,
} from '@smb/shared-types';
import { makeProduct, makeRecipient, setProductPrice, tenantDb } from './factories';
import { bearer, createTestApp, registerTenant, type TestApp } from './helpers';

let t: TestApp;
let a: { token: string; tenantId: string };
let b: { token: string; tenantId: string };
let recipient: Awaited<ReturnType<typeof makeRecipient>>;
let product: { id: string };

beforeAll(async () => {
  // One connection on PGlite (its socket server mixes up concurrent connections), a pool on PostgreSQL.
  t = await createTestApp();
  a = await registerTenant(t, 'Order Co');
  b = await registerTenant(t, 'Other Co');
  recipient = await makeRecipient(t, a.tenantId);
  product = await makeProduct(t, a.tenantId, { name: 'Gadget', price: '1.05' });
});
afterAll(async () => {
  await t?.close();
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  token = a.token,
) => t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const body = (overrides: Record<string, unknown> = {}) => ({
  customerId: recipient.customer.id,
  contactId: recipient.contact.id,
  currencyCode: 'EUR',
  items: [{ productId: product.id, quantity: 5 }],
  notes: '<p>Deliver <em>fast</em></p><img src=x onerror=alert(1)>',
  ...overrides,
});

async function createOrder(overrides: Record<string, unknown> = {}): Promise<Order> {
  const res = await call('POST', '/api/orders', body(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('orders', () => {
  it('creates a Pending order with an SO number and 10 % tax, half-up', async () => {
    const order = await createOrder();
    expect(order.orderNumber).toMatch(/^SO-\d{4}$/);
    // 5.25 × 10 % = 0.525 → 0.53
    const expected = documentTotals([{ unitPrice: '1.05', quantity: 5 }], '10');
    expect(expected).toMatchObject({ subtotal: '5.25', taxAmount: '0.53', total: '5.78' });
    expect(order).toMatchObject({
      status: 'Pending',
      currencyCode: 'EUR',
      subtotal: 5.25,
      taxRate: 10,
      taxAmount: 0.53,
      total: 5.78,
      quoteId: null,
      invoiceId: null,
      notes: '<p>Deliver <em>fast</em></p>',
      customer: { name: recipient.customer.name },
      contact: { name: recipient.contact.name, role: 'Primary' },
    });
    expect(order.items[0]).toMatchObject({
      productId: product.id,
      quantity: 5,
      unitPrice: 1.05,
      subtotal: 5.25,
    });
  });

  it.each([
    [{ customerId: null }, QUOTE_MESSAGES.selectCustomer],
    [{ contactId: '' }, QUOTE_MESSAGES.selectContact],
    [{ items: [] }, QUOTE_MESSAGES.addItem],
    [{ items: [{ productId: 'p', quantity: -1 }] }, QUOTE_MESSAGES.completeItems],
    [{ status: 'Lost' }, ORDER_MESSAGES.invalidStatus],
  ])('rejects %j with "%s"', async (overrides, message) => {
    const res = await call('POST', '/api/orders', body(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('saves recipient, notes, lines (kept lines keep their price) and status', async () => {
    const p = await makeProduct(t, a.tenantId, { price: '2.00' });
    const order = await createOrder({ items: [{ productId: p.id, quantity: 1 }] });
    await setProductPrice(t, a.tenantId, p.id, '3.00');
    const other = await makeRecipient(t, a.tenantId);
    const res = await call('PUT', `/api/orders/${order.id}`, {
      id: order.id,
      customerId: other.customer.id,
      contactId: other.contact.id,
      notes: '<p>new</p>',
      items: [
        { id: order.items[0]!.id, productId: p.id, quantity: 2 },
        { productId: p.id, quantity: 1 },
      ],
      status: 'Processing',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      customerId: other.customer.id,
      contact: { name: other.contact.name },
      notes: '<p>new</p>',
      status: 'Processing',
      subtotal: 7,
      taxAmount: 0.7,
      total: 7.7,
      orderNumber: order.orderNumber,
    });
    expect(res.json().items.map((i: { unitPrice: number }) => i.unitPrice)).toEqual([2, 3]);
    for (const status of ['Shipped', 'Delivered', 'Cancelled', 'Pending'])
      expect((await call('PUT', `/api/orders/${order.id}`, { status })).json().status).toBe(status);
    expect((await call('GET', `/api/orders/${order.id}`)).json().status).toBe('Pending');
  });

  it('lists newest first with X-Total-Count and q', async () => {
    const first = await createOrder();
    const second = await createOrder();
    const res = await call('GET', '/api/orders?limit=2');
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    expect(res.json().map((o: Order) => o.id)).toEqual([second.id, first.id]);
    const q = await call('GET', `/api/orders?q=${first.orderNumber}`);
    expect(q.json().map((o: Order) => o.id)).toEqual([first.id]);
  });

  it('deletes an order without invoice, with a tombstone', async () => {
    const order = await createOrder();
    expect((await call('DELETE', `/api/orders/${order.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/orders/${order.id}`)).statusCode).toBe(404);
    const db = await tenantDb(t, a.tenantId);
    const tomb = await db
      .selectFrom('tombstones')
      .select('entity')
      .where('id', '=', order.id)
      .executeTakeFirst();
    expect(tomb?.entity).toBe('orders');
  });

  it("answers 404 for another tenant's and malformed ids", async () => {
    const order = await createOrder();
    const res = await Promise.all([
      call('GET', `/api/orders/${order.id}`, undefined, b.token),
      call('PUT', `/api/orders/${order.id}`, { status: 'Shipped' }, b.token),
      call('DELETE', `/api/orders/${order.id}`, undefined, b.token),
      call('POST', `/api/orders/${order.id}/create-invoice`, undefined, b.token),
      call('GET', '/api/orders/123'),
    ]);
    expect(res.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404]);
    expect((await call('GET', `/api/orders/${order.id}`)).json().version).toBe(order.version);
  });
});

describe('create-invoice', () => {
  it('makes one Unpaid invoice with the order lines, notes and totals; then the order is locked', async () => {
    const order = await createOrder();
    const res = await call('POST', `/api/orders/${order.id}/create-invoice`);
    expect(res.statusCode, res.body).toBe(201);
    const invoice = res.json() as Invoice;
    expect(invoice.invoiceNumber).toMatch(/^INV-\d{4}$/);
    expect(invoice).toMatchObject({
      orderId: order.id,
      order: { orderNumber: order.orderNumber },
      customer: { name: recipient.customer.name, email: recipient.customer.email },
      contact: { name: recipient.contact.name, email: recipient.contact.email, role: 'Primary' },
      status: 'Unpaid',
      currencyCode: 'EUR',
      notes: order.notes,
      subtotal: order.subtotal,
      taxRate: 10,
      taxAmount: order.taxAmount,
      total: order.total,
      paidAt: null,
    });
    expect(invoice.items).toEqual([
      {
        id: expect.any(String),
        productId: product.id,
        productName: 'Gadget',
        product: { name: 'Gadget', sku: expect.any(String) },
        quantity: 5,
        unitPrice: 1.05,
        subtotal: 5.25,
        // Issue 33: the order line's tax snapshot, carried exactly.
        description: '',
        unitCode: 'C62',
        taxRateId: null,
        taxCategory: 'S',
        taxRate: 10,
        discountKind: null,
        discountValue: null,
        discountAmount: 0,
        lineTotal: 5.25,
      },
    ]);

    const after = (await call('GET', `/api/orders/${order.id}`)).json() as Order;
    expect(after).toMatchObject({ invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber });
    expect(BigInt(after.version)).toBeGreaterThan(BigInt(order.version));

    const again = await call('POST', `/api/orders/${order.id}/create-invoice`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `This order was already invoiced as ${invoice.invoiceNumber}`,
    );

    const del = await call('DELETE', `/api/orders/${order.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(ORDER_MESSAGES.invoiced(invoice.invoiceNumber));
    const edit = await call('PUT', `/api/orders/${order.id}`, { notes: '<p>changed</p>' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toContain(invoice.invoiceNumber);
    // Fulfilment goes on: the status alone may still change.
    expect(
      (await call('PUT', `/api/orders/${order.id}`, { status: 'Shipped' })).json().status,
    ).toBe('Shipped');
    expect((await call('GET', `/api/orders/${order.id}`)).json().notes).toBe(order.notes);
  });

  it('invoices a converted quote with the same totals along the whole path', async () => {
    const p = await makeProduct(t, a.tenantId, { price: '0.35' });
    const quote = (
      await call('POST', '/api/quotes', body({ items: [{ productId: p.id, quantity: 3 }] }))
    ).json();
    const order = (await call('POST', `/api/quotes/${quote.id}/convert`)).json() as Order;
    const invoice = (
      await call('POST', `/api/orders/${order.id}/create-invoice`)
    ).json() as Invoice;
    // 1.05 × 10 % = 0.105 → 0.11
    for (const doc of [order, invoice])
      expect(doc).toMatchObject({ subtotal: 1.05, taxAmount: 0.11, total: 1.16 });
  });
});
