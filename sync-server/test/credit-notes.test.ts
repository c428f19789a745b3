/**
 * Credit notes (issue 33, item 7): an issued invoice is credited in full, by chosen lines and
 * quantities, or by an amount, with a reason. A credit note has its own gapless numbers, lowers the
 * invoice's amount due (in full: Cancelled), refunds what was paid beyond it as a negative payment,
 * and syncs (`creditNote.create`). Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CREDIT_NOTE_MESSAGES,
  INVOICE_MESSAGES,
  PAYMENT_MESSAGES,
  type CreditNote,
  type Invoice,
  type Order,
  type Payment,
} from '@smb/shared-types';
import { makeProduct, makeRecipient } from './factories';
import { bearer, createTestApp, registerTenant, type TestApp } from './helpers';
import { TestClient } from './sync-helpers';

let t: TestApp;
let a: { token: string; tenantId: string };
let b: { token: string; tenantId: string };
let recipient: Awaited<ReturnType<typeof makeRecipient>>;
let widget: { id: string };
let gadget: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  a = await registerTenant(t, 'Crediting Co');
  b = await registerTenant(t, 'Elsewhere Co');
  recipient = await makeRecipient(t, a.tenantId);
  widget = await makeProduct(t, a.tenantId, { price: '50.00' });
  gadget = await makeProduct(t, a.tenantId, { price: '19.99' });
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = a.token) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function invoice(issue = true): Promise<Invoice> {
  const made = await call('POST', '/api/orders', {
    customerId: recipient.customer.id,
    contactId: recipient.contact.id,
    items: [
      { productId: widget.id, quantity: 2, discount: { kind: 'amount', value: 5 } },
      { productId: gadget.id, quantity: 3 },
    ],
  });
  expect(made.statusCode, made.body).toBe(201);
  const order = made.json() as Order;
  const created = await call('POST', `/api/orders/${order.id}/create-invoice`);
  expect(created.statusCode, created.body).toBe(201);
  const inv = created.json() as Invoice;
  if (!issue) return inv;
  return (await call('POST', `/api/invoices/${inv.id}/issue`)).json() as Invoice;
}

const credit = (invoiceId: string, body: object, token = a.token) =>
  call('POST', `/api/invoices/${invoiceId}/credit-notes`, body, token);

const getInvoice = async (id: string) =>
  (await call('GET', `/api/invoices/${id}`)).json() as Invoice;

describe('crediting an issued invoice', () => {
  it('a draft is not credited (409); it can still be cancelled', async () => {
    const inv = await invoice(false);
    const res = await credit(inv.id, { kind: 'full', reason: 'Wrong customer' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CREDIT_NOTE_MESSAGES.draft);
  });

  it('credits chosen lines and quantities, then an amount, then the rest: the balance is exact', async () => {
    const inv = await invoice();
    const [w] = inv.items;
    const part = await credit(inv.id, {
      kind: 'lines',
      reason: 'One widget returned',
      lines: [{ invoiceItemId: w!.id, quantity: 1 }],
    });
    expect(part.statusCode, part.body).toBe(201);
    const cn = part.json() as CreditNote;
    expect(cn.creditNoteNumber).toMatch(/^CN-\d{4}$/);
    expect(cn).toMatchObject({ invoiceId: inv.id, invoice: { invoiceNumber: inv.invoiceNumber } });
    expect(cn.items).toHaveLength(1);
    // Half the line's amount discount goes with half its quantity: 50 − 2.50 net.
    expect(cn.items[0]).toMatchObject({ quantity: 1, discountValue: 2.5, lineTotal: 47.5 });
    const rate = inv.items[0]!.taxRate;
    expect(cn.taxAmount).toBeCloseTo((47.5 * rate) / 100, 2);
    expect(cn.total).toBeCloseTo(cn.subtotal + cn.taxAmount, 2);

    let after = await getInvoice(inv.id);
    expect(after.creditedAmount).toBe(cn.total);
    expect(after.balance).toBeCloseTo(inv.total - cn.total, 2);
    expect(after.status).toBe('Unpaid');

    // The widget has 1 left to credit.
    const tooMany = await credit(inv.id, {
      kind: 'lines',
      reason: 'Again',
      lines: [{ invoiceItemId: w!.id, quantity: 2 }],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(CREDIT_NOTE_MESSAGES.lineQuantity(w!.productName, 1));
    const unknown = await credit(inv.id, {
      kind: 'lines',
      reason: 'x',
      lines: [{ invoiceItemId: randomUUID(), quantity: 1 }],
    });
    expect(unknown.json().message).toBe(CREDIT_NOTE_MESSAGES.unknownLine);
    expect((await credit(inv.id, { kind: 'amount', reason: ' ', amount: 1 })).json().message).toBe(
      CREDIT_NOTE_MESSAGES.reasonRequired,
    );
    const tooMuch = await credit(inv.id, { kind: 'amount', reason: 'Goodwill', amount: 100000 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toMatch(/^At most .* can still be credited on this invoice$/);

    const amount = await credit(inv.id, { kind: 'amount', reason: 'Goodwill', amount: 10 });
    expect(amount.statusCode, amount.body).toBe(201);
    const byAmount = amount.json() as CreditNote;
    expect(byAmount.total).toBe(10);
    expect(byAmount.pricesIncludeTax).toBe(true);
    const tax = byAmount.taxBreakdown.reduce((s, r) => s + r.taxableAmount + r.taxAmount, 0);
    expect(tax + byAmount.roundingAmount).toBeCloseTo(10, 2);

    after = await getInvoice(inv.id);
    expect(after.balance).toBeCloseTo(inv.total - cn.total - 10, 2);

    // Paying part, then crediting the rest in full: Cancelled, and the payment is refunded.
    const paid = await call('POST', `/api/invoices/${inv.id}/payments`, {
      amount: 20,
      method: 'card',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const full = await credit(inv.id, { kind: 'full', reason: 'Order cancelled' });
    expect(full.statusCode, full.body).toBe(201);
    const rest = full.json() as CreditNote;
    expect(rest.total).toBeCloseTo(inv.total - cn.total - 10, 2);
    expect(rest.refundAmount).toBe(20);
    after = await getInvoice(inv.id);
    expect(after).toMatchObject({ status: 'Cancelled', balance: 0, amountPaid: 0 });
    expect(after.creditedAmount).toBe(inv.total);
    const payments = (await call('GET', `/api/invoices/${inv.id}/payments`)).json() as Payment[];
    expect(payments.map((p) => p.amount)).toEqual([20, -20]);
    expect(payments[1]!.note).toBe(CREDIT_NOTE_MESSAGES.refundNote);

    const nothing = await credit(inv.id, { kind: 'amount', reason: 'More', amount: 1 });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe(CREDIT_NOTE_MESSAGES.nothingLeft);
    const pay = await call('POST', `/api/invoices/${inv.id}/payments`, {
      amount: 1,
      method: 'card',
    });
    expect(pay.json().message).toBe(PAYMENT_MESSAGES.cancelled);

    const list = await call('GET', `/api/invoices/${inv.id}/credit-notes`);
    expect((list.json() as CreditNote[]).map((c) => c.creditNoteNumber)).toEqual([
      rest.creditNoteNumber,
      byAmount.creditNoteNumber,
      cn.creditNoteNumber,
    ]);
    // Gapless: consecutive numbers, refused requests took none.
    const n = (c: CreditNote) => Number(c.creditNoteNumber.slice(3));
    expect([n(byAmount) - n(cn), n(rest) - n(byAmount)]).toEqual([1, 1]);
  });

  it('a full credit of a paid invoice copies it exactly and refunds the payment', async () => {
    const inv = await invoice();
    await call('PUT', `/api/invoices/${inv.id}`, { status: 'Paid' });
    const res = await credit(inv.id, { kind: 'full', reason: 'Returned' });
    expect(res.statusCode, res.body).toBe(201);
    const cn = res.json() as CreditNote;
    expect(cn).toMatchObject({
      kind: 'full',
      total: inv.total,
      subtotal: inv.subtotal,
      taxAmount: inv.taxAmount,
      taxBreakdown: inv.taxBreakdown,
      refundAmount: inv.total,
    });
    expect(cn.items.map((i) => i.quantity)).toEqual([2, 3]);
    expect(await getInvoice(inv.id)).toMatchObject({ status: 'Cancelled', balance: 0 });
    // The Cancelled status came from the credit note: no reopening by hand.
    const reopen = await call('PUT', `/api/invoices/${inv.id}`, { status: 'Unpaid' });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().message).toBe(INVOICE_MESSAGES.creditedInFull);
    expect((await getInvoice(inv.id)).status).toBe('Cancelled');
  });

  it('another tenant sees none of it (404); the list finds by number', async () => {
    const inv = await invoice();
    const cn = (await credit(inv.id, { kind: 'amount', reason: 'Discount', amount: 5 })).json();
    expect((await call('GET', `/api/credit-notes/${cn.id}`, undefined, b.token)).statusCode).toBe(
      404,
    );
    expect((await credit(inv.id, { kind: 'full', reason: 'x' }, b.token)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/invoices/${inv.id}/credit-notes`, undefined, b.token)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/credit-notes/${cn.id}`)).json()).toMatchObject({ id: cn.id });
    const found = await call('GET', `/api/credit-notes?q=${cn.creditNoteNumber}`);
    expect((found.json() as CreditNote[]).map((c) => c.id)).toEqual([cn.id]);
  });
});

describe('credit notes in sync', () => {
  it('a credit note made offline syncs: the server numbers it and the invoice follows', async () => {
    const inv = await invoice();
    const device = new TestClient(t, a.token);
    const id = randomUUID();
    const res = await device.push([
      device.mutation('creditNote.create', {
        id,
        invoiceId: inv.id,
        kind: 'lines',
        reason: 'Damaged',
        lines: [{ invoiceItemId: inv.items[1]!.id, quantity: 3 }],
      }),
    ]);
    expect(res.body.results[0]).toMatchObject({ status: 'applied' });
    await device.pull();
    const row = device.get('credit_notes', id)!;
    expect(row).toMatchObject({ invoiceId: inv.id, reason: 'Damaged', kind: 'lines' });
    expect(String(row.creditNoteNumber)).toMatch(/^CN-\d{4}$/);
    expect(row.items).toHaveLength(1);
    expect(device.get('invoices', inv.id)).toMatchObject({ creditedAmount: row.total });

    const again = await device.push([
      device.mutation('creditNote.create', {
        id: randomUUID(),
        invoiceId: inv.id,
        kind: 'lines',
        reason: 'Damaged',
        lines: [{ invoiceItemId: inv.items[1]!.id, quantity: 1 }],
      }),
    ]);
    expect(again.body.results[0]).toMatchObject({ status: 'rejected' });
  });
});
