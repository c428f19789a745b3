import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES, type Invoice, type Order } from '@smb/shared-types';
import { makeProduct, makeRecipient, tenantDb } from './factories';
import { bearer, createTestApp, registerTenant, type TestApp } from './helpers';

let t: TestApp;
let a: { token: string; tenantId: string };
let b: { token: string; tenantId: string };
let recipient: Awaited<ReturnType<typeof makeRecipient>>;
let product: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  a = await registerTenant(t, 'Invoice Co');
  b = await registerTenant(t, 'Other Co');
  recipient = await makeRecipient(t, a.tenantId, { customer: { name: 'Old Name Ltd' } });
  product = await makeProduct(t, a.tenantId, { price: '12.34' });
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

async function invoice(): Promise<Invoice> {
  const order = (
    await call('POST', '/api/orders', {
      customerId: recipient.customer.id,
      contactId: recipient.contact.id,
      items: [{ productId: product.id, quantity: 2 }],
      notes: '<p>n</p>',
    })
  ).json() as Order;
  const res = await call('POST', `/api/orders/${order.id}/create-invoice`);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('invoices', () => {
  it('keep the names and e-mails of the moment they were made', async () => {
    const inv = await invoice();
    const db = await tenantDb(t, a.tenantId);
    await db
      .updateTable('customers')
      .set({ name: 'New Name Ltd' })
      .where('id', '=', recipient.customer.id)
      .execute();
    const res = await call('GET', `/api/invoices/${inv.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      customer: { name: 'Old Name Ltd' },
      // Issue 33.2: an order made without a quote takes its lines' rates — here the tenant's
      // USD rate (0 %) — no longer the spec's fixed 10 %.
      subtotal: 24.68,
      taxAmount: 0,
      total: 24.68,
    });
    await db
      .updateTable('customers')
      .set({ name: 'Old Name Ltd' })
      .where('id', '=', recipient.customer.id)
      .execute();
  });

  it('set status Unpaid, Paid or Cancelled; paidAt follows Paid', async () => {
    const inv = await invoice();
    // Cancelled and reopened while nothing is paid.
    const cancelledFirst = await call('PUT', `/api/invoices/${inv.id}`, { status: 'Cancelled' });
    expect(cancelledFirst.json()).toMatchObject({ status: 'Cancelled', paidAt: null });
    const reopened = await call('PUT', `/api/invoices/${inv.id}`, { status: 'Unpaid' });
    expect(reopened.json()).toMatchObject({ status: 'Unpaid', paidAt: null });
    const paid = await call('PUT', `/api/invoices/${inv.id}`, { id: inv.id, status: 'Paid' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('Paid');
    expect(paid.json().paidAt).not.toBeNull();
    expect(BigInt(paid.json().version)).toBeGreaterThan(BigInt(inv.version));
    // Paying issued it: it is no longer cancelled by hand (a credit note corrects it).
    const cancelled = await call('PUT', `/api/invoices/${inv.id}`, { status: 'Cancelled' });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe(INVOICE_MESSAGES.issued);
    // Paid by hand recorded a payment of the total: reopened, the invoice is Paid again, not Unpaid.
    const unpaid = await call('PUT', `/api/invoices/${inv.id}`, { id: inv.id, status: 'Unpaid' });
    expect(unpaid.statusCode).toBe(409);
    const again = await call('PUT', `/api/invoices/${inv.id}`, { status: 'Paid' });
    expect(again.json()).toMatchObject({ status: 'Paid', balance: 0 });

    const bad = await call('PUT', `/api/invoices/${inv.id}`, { status: 'Refunded' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(INVOICE_MESSAGES.invalidStatus);
  });

  it('are never deleted', async () => {
    const inv = await invoice();
    expect((await call('DELETE', `/api/invoices/${inv.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/invoices/${inv.id}`)).statusCode).toBe(200);
  });

  it('list newest first with X-Total-Count, q over invoice number and customer', async () => {
    const first = await invoice();
    const second = await invoice();
    const res = await call('GET', '/api/invoices?limit=2');
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    expect(res.json().map((i: Invoice) => i.id)).toEqual([second.id, first.id]);
    expect(res.json()[0].items).toHaveLength(1);
    const q = await call('GET', `/api/invoices?q=${first.invoiceNumber}`);
    expect(q.json().map((i: Invoice) => i.id)).toEqual([first.id]);
    const byName = await call('GET', '/api/invoices?q=old%20name');
    expect(Number(byName.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
  });

  it("answer 404 for another tenant's and malformed ids", async () => {
    const inv = await invoice();
    const res = await Promise.all([
      call('GET', `/api/invoices/${inv.id}`, undefined, b.token),
      call('PUT', `/api/invoices/${inv.id}`, { status: 'Paid' }, b.token),
      call('GET', '/api/invoices/x'),
    ]);
    expect(res.map((r) => r.statusCode)).toEqual([404, 404, 404]);
    expect((await call('GET', `/api/invoices/${inv.id}`)).json().status).toBe('Unpaid');
    expect((await call('GET', '/api/invoices', undefined, b.token)).json()).toEqual([]);
  });
});
