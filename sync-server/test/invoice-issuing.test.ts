/**
 * Issued invoices never change (issue 33, item 6): a new invoice is a draft whose terms and due
 * date can be edited and which can be cancelled; "Mark as issued" (or a payment) freezes it — the
 * API answers 409 with a plain message and a sync mutation is rejected with the same reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVOICE_MESSAGES,
  PAYMENT_MESSAGES,
  invoiceStatusLabel,
  type Invoice,
  type Order,
} from '@smb/shared-types';
import { makeProduct, makeRecipient } from './factories';
import { bearer, createTestApp, registerTenant, type TestApp } from './helpers';
import { TestClient } from './sync-helpers';

let t: TestApp;
let a: { token: string; tenantId: string };
let b: { token: string; tenantId: string };
let recipient: Awaited<ReturnType<typeof makeRecipient>>;
let product: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  a = await registerTenant(t, 'Issuing Co');
  b = await registerTenant(t, 'Elsewhere Co');
  recipient = await makeRecipient(t, a.tenantId);
  product = await makeProduct(t, a.tenantId, { price: '50.00' });
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = a.token) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function draft(): Promise<Invoice> {
  const order = (
    await call('POST', '/api/orders', {
      customerId: recipient.customer.id,
      contactId: recipient.contact.id,
      items: [{ productId: product.id, quantity: 2 }],
    })
  ).json() as Order;
  const res = await call('POST', `/api/orders/${order.id}/create-invoice`);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('draft and issued invoices', () => {
  it('a new invoice is a draft: its terms change and it shows "Draft"', async () => {
    const inv = await draft();
    expect(inv).toMatchObject({ status: 'Unpaid', issuedAt: null });
    expect(invoiceStatusLabel(inv)).toBe('Draft');
    const terms = await call('PUT', `/api/invoices/${inv.id}/terms`, { paymentTerms: 'net_60' });
    expect(terms.statusCode, terms.body).toBe(200);
    expect(terms.json()).toMatchObject({ paymentTerms: 'net_60' });
  });

  it('"Mark as issued" freezes number, dates and terms; a second time changes nothing', async () => {
    const inv = await draft();
    const issued = await call('POST', `/api/invoices/${inv.id}/issue`);
    expect(issued.statusCode, issued.body).toBe(200);
    const body = issued.json() as Invoice;
    expect(body.issuedAt).not.toBeNull();
    expect(invoiceStatusLabel(body)).toBe('Unpaid');
    expect(body).toMatchObject({
      invoiceNumber: inv.invoiceNumber,
      issueDate: inv.issueDate,
      dueDate: inv.dueDate,
      total: inv.total,
    });
    expect(BigInt(body.version)).toBeGreaterThan(BigInt(inv.version));

    const again = (await call('POST', `/api/invoices/${inv.id}/issue`)).json() as Invoice;
    expect(again.issuedAt).toBe(body.issuedAt);
    expect(again.version).toBe(body.version);

    for (const payload of [{ paymentTerms: 'net_7' }, { dueDate: body.dueDate }]) {
      const res = await call('PUT', `/api/invoices/${inv.id}/terms`, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(INVOICE_MESSAGES.issued);
    }
    const cancel = await call('PUT', `/api/invoices/${inv.id}`, { status: 'Cancelled' });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(INVOICE_MESSAGES.issued);
    // Not its content: reminders can still be stopped, payments still recorded.
    const stop = await call('PUT', `/api/invoices/${inv.id}/reminders`, { stopped: true });
    expect(stop.statusCode).toBe(200);
    const pay = await call('POST', `/api/invoices/${inv.id}/payments`, {
      amount: 10,
      method: 'cash',
    });
    expect(pay.statusCode, pay.body).toBe(201);
    const after = (await call('GET', `/api/invoices/${inv.id}`)).json() as Invoice;
    expect(after).toMatchObject({ issuedAt: body.issuedAt, status: 'Partially paid' });
  });

  it('a draft is cancelled by hand and then cannot be issued', async () => {
    const inv = await draft();
    const cancel = await call('PUT', `/api/invoices/${inv.id}`, { status: 'Cancelled' });
    expect(cancel.json()).toMatchObject({ status: 'Cancelled', issuedAt: null });
    expect(invoiceStatusLabel(cancel.json())).toBe('Cancelled');
    const issue = await call('POST', `/api/invoices/${inv.id}/issue`);
    expect(issue.statusCode).toBe(409);
    expect(issue.json().message).toBe(INVOICE_MESSAGES.cancelledDraft);
    const pay = await call('POST', `/api/invoices/${inv.id}/payments`, {
      amount: 1,
      method: 'cash',
    });
    expect(pay.json().message).toBe(PAYMENT_MESSAGES.cancelled);
  });

  it('a payment, or "Paid" by hand, issues a draft', async () => {
    const paid = await draft();
    await call('POST', `/api/invoices/${paid.id}/payments`, { amount: 10, method: 'cash' });
    const afterPayment = (await call('GET', `/api/invoices/${paid.id}`)).json() as Invoice;
    expect(afterPayment.issuedAt).not.toBeNull();

    const byHand = await draft();
    const res = await call('PUT', `/api/invoices/${byHand.id}`, { status: 'Paid' });
    expect(res.json()).toMatchObject({ status: 'Paid', balance: 0 });
    expect(res.json().issuedAt).not.toBeNull();
  });

  it("another tenant's or an unknown invoice is not found", async () => {
    const inv = await draft();
    expect(
      (await call('POST', `/api/invoices/${inv.id}/issue`, undefined, b.token)).statusCode,
    ).toBe(404);
    expect((await call('POST', '/api/invoices/not-a-uuid/issue')).statusCode).toBe(404);
    expect(((await call('GET', `/api/invoices/${inv.id}`)).json() as Invoice).issuedAt).toBeNull();
  });
});

describe('issued invoices in sync', () => {
  it('invoice.issue applies; a change to an issued invoice is rejected with the reason', async () => {
    const inv = await draft();
    const device = new TestClient(t, a.token);
    await device.pull();
    const push = async (
      name: 'invoice.issue' | 'invoice.setTerms' | 'invoice.setStatus',
      args: object,
    ) => {
      const res = await device.push([device.mutation(name, args as Record<string, unknown>)]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.results[0]!;
    };
    expect((await push('invoice.issue', { id: inv.id })).status).toBe('applied');
    await device.pull();
    expect(device.get('invoices', inv.id)).toMatchObject({ issuedAt: expect.any(String) });

    for (const [name, args] of [
      ['invoice.setTerms', { id: inv.id, paymentTerms: 'net_7' }],
      ['invoice.setStatus', { id: inv.id, status: 'Cancelled' }],
    ] as const) {
      const result = await push(name, args);
      expect(result.status).toBe('rejected');
      expect(result.error).toMatchObject({
        statusCode: 409,
        message: 'This invoice has been issued; correct it with a credit note.',
      });
    }
  });
});
