import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_REMINDER_POLICY,
  INVOICE_MESSAGES,
  PAYMENT_MESSAGES,
  addDays,
  today,
  type Invoice,
  type Order,
  type Payment,
} from '@smb/shared-types';
import { nextVersion } from '../src/db/version';
import { makeProduct, makeRecipient, tenantDb } from './factories';
import { bearer, createTestApp, registerTenant, type TestApp } from './helpers';

let t: TestApp;
let a: { token: string; tenantId: string; userId: string };
let b: { token: string; tenantId: string };
let recipient: Awaited<ReturnType<typeof makeRecipient>>;
let product: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  a = await registerTenant(t, 'Payments Co');
  b = await registerTenant(t, 'Other Co');
  recipient = await makeRecipient(t, a.tenantId, { customer: { name: 'Payer Ltd' } });
  product = await makeProduct(t, a.tenantId, { price: '50.00' });
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

let vat10: string | undefined;

/**
 * An invoice of 2 × 50.00 + 10 % = 110.00, made through the API. Issue 33: an order takes its
 * lines' rates (no more fixed 10 %), so the line names a 10 % rate.
 */
async function invoice(customerId = recipient.customer.id): Promise<Invoice> {
  vat10 ??= (
    (
      await call('POST', '/api/tax-rates', { name: 'VAT 10 %', rate: 10, category: 'S' })
    ).json() as { id: string }
  ).id;
  const order = (
    await call('POST', '/api/orders', {
      customerId,
      contactId: customerId === recipient.customer.id ? recipient.contact.id : null,
      items: [{ productId: product.id, quantity: 2, taxRateId: vat10 }],
    })
  ).json() as Order;
  const res = await call('POST', `/api/orders/${order.id}/create-invoice`);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const pay = (invoiceId: string, body: Record<string, unknown>, token = a.token) =>
  call('POST', `/api/invoices/${invoiceId}/payments`, body, token);
const get = async (id: string) => (await call('GET', `/api/invoices/${id}`)).json() as Invoice;

describe('invoice dates and terms', () => {
  it('are issued today, due by the tenant default (Net 30) unless the customer has terms', async () => {
    const inv = await invoice();
    expect(inv).toMatchObject({
      issueDate: today(),
      dueDate: addDays(today(), 30),
      paymentTerms: 'net_30',
      amountPaid: 0,
      balance: 110,
      daysOverdue: 0,
      status: 'Unpaid',
    });

    const put = await call('PUT', '/api/billing/settings', { defaultPaymentTerms: 'net_14' });
    expect(put.json()).toEqual({ ...DEFAULT_REMINDER_POLICY, defaultPaymentTerms: 'net_14' });
    expect((await invoice()).dueDate).toBe(addDays(today(), 14));

    const customer = await call('PUT', `/api/customers/${recipient.customer.id}`, {
      paymentTerms: 'due_on_receipt',
    });
    expect(customer.json().paymentTerms).toBe('due_on_receipt');
    expect(await invoice()).toMatchObject({
      paymentTerms: 'due_on_receipt',
      dueDate: today(),
    });
    await call('PUT', `/api/customers/${recipient.customer.id}`, { paymentTerms: null });
    await call('PUT', '/api/billing/settings', { defaultPaymentTerms: 'net_30' });
  });

  it('the due date follows new terms and stays editable while a draft', async () => {
    const inv = await invoice();
    const net7 = await call('PUT', `/api/invoices/${inv.id}/terms`, { paymentTerms: 'net_7' });
    expect(net7.json()).toMatchObject({ paymentTerms: 'net_7', dueDate: addDays(today(), 7) });
    const own = await call('PUT', `/api/invoices/${inv.id}/terms`, {
      dueDate: addDays(today(), 45),
    });
    expect(own.json()).toMatchObject({ paymentTerms: 'net_7', dueDate: addDays(today(), 45) });
    const early = await call('PUT', `/api/invoices/${inv.id}/terms`, {
      dueDate: addDays(today(), -1),
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(PAYMENT_MESSAGES.dueBeforeIssue);

    // A payment issues the draft: its dates are frozen.
    await pay(inv.id, { amount: 10, method: 'cash' });
    const locked = await call('PUT', `/api/invoices/${inv.id}/terms`, { paymentTerms: 'net_60' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(INVOICE_MESSAGES.issued);
    expect((await get(inv.id)).dueDate).toBe(addDays(today(), 45));
  });

  it('only an administrator changes the tenant default', async () => {
    const bad = await call('PUT', '/api/billing/settings', { defaultPaymentTerms: 'net_90' });
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', '/api/billing/settings')).json()).toEqual({
      ...DEFAULT_REMINDER_POLICY,
      defaultPaymentTerms: 'net_30',
    });
  });
});

describe('payments', () => {
  it('partial payments move Unpaid → Partially paid → Paid, with the balance exact', async () => {
    const inv = await invoice();
    const first = await pay(inv.id, {
      amount: 33.33,
      paidOn: '2026-11-02',
      method: 'bank_transfer',
      reference: 'TR-1',
      note: 'first half',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      invoiceId: inv.id,
      amount: 33.33,
      paidOn: '2026-11-02',
      method: 'bank_transfer',
      reference: 'TR-1',
      note: 'first half',
    });
    expect(await get(inv.id)).toMatchObject({
      status: 'Partially paid',
      amountPaid: 33.33,
      balance: 76.67,
      paidAt: null,
    });

    await pay(inv.id, { amount: 76.66, method: 'card' });
    expect(await get(inv.id)).toMatchObject({ status: 'Partially paid', balance: 0.01 });
    await pay(inv.id, { amount: 0.01, method: 'cash' });
    const paid = await get(inv.id);
    expect(paid).toMatchObject({ status: 'Paid', amountPaid: 110, balance: 0 });
    expect(paid.paidAt).not.toBeNull();

    const list = await call('GET', `/api/invoices/${inv.id}/payments`);
    expect((list.json() as Payment[]).map((p) => p.amount)).toEqual([33.33, 76.66, 0.01]);
  });

  it('refuses an amount above the balance, saying what the balance is', async () => {
    const inv = await invoice();
    await pay(inv.id, { amount: 100, method: 'cash' });
    const over = await pay(inv.id, { amount: 10.01, method: 'cash' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(PAYMENT_MESSAGES.overpaid('$10.00'));
    expect(await get(inv.id)).toMatchObject({ balance: 10, status: 'Partially paid' });
    for (const amount of [0, -5, 1.234])
      expect((await pay(inv.id, { amount, method: 'cash' })).statusCode).toBe(400);
    expect((await pay(inv.id, { amount: 5, method: 'barter' })).statusCode).toBe(400);
    expect(
      (await pay(inv.id, { amount: 5, method: 'cash', paidOn: '2026-02-30' })).statusCode,
    ).toBe(400);
  });

  it('a cancelled draft takes no payment; reopened, its status follows the money again', async () => {
    const inv = await invoice();
    // Only a draft is cancelled by hand (an issued invoice is corrected with a credit note).
    await call('PUT', `/api/invoices/${inv.id}`, { status: 'Cancelled' });
    const refused = await pay(inv.id, { amount: 5, method: 'cash' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PAYMENT_MESSAGES.cancelled);
    const reopened = await call('PUT', `/api/invoices/${inv.id}`, { status: 'Unpaid' });
    expect(reopened.json()).toMatchObject({ status: 'Unpaid', balance: 110, issuedAt: null });
    const paid = (await pay(inv.id, { amount: 10, method: 'cash' })).json() as Payment;
    expect(paid.amount).toBe(10);
    const unpaid = await call('PUT', `/api/invoices/${inv.id}`, { status: 'Unpaid' });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe(PAYMENT_MESSAGES.hasPayments);
    expect(await get(inv.id)).toMatchObject({ status: 'Partially paid', balance: 100 });
  });

  it('"Paid" by hand records the rest of the balance as a payment', async () => {
    const inv = await invoice();
    await pay(inv.id, { amount: 10, method: 'cash' });
    const res = await call('PUT', `/api/invoices/${inv.id}`, { status: 'Paid' });
    expect(res.json()).toMatchObject({ status: 'Paid', balance: 0, amountPaid: 110 });
    const payments = (await call('GET', `/api/invoices/${inv.id}/payments`)).json() as Payment[];
    expect(payments.map((p) => [p.amount, p.note])).toEqual([
      [10, null],
      [100, PAYMENT_MESSAGES.markedPaidNote],
    ]);
  });

  it('deleting a payment (administrators) restores the balance and the status', async () => {
    const inv = await invoice();
    const p1 = (await pay(inv.id, { amount: 60, method: 'cash' })).json() as Payment;
    await pay(inv.id, { amount: 50, method: 'cash' });
    expect((await get(inv.id)).status).toBe('Paid');
    const del = await call('DELETE', `/api/invoices/${inv.id}/payments/${p1.id}`);
    expect(del.statusCode).toBe(204);
    expect(await get(inv.id)).toMatchObject({
      status: 'Partially paid',
      balance: 60,
      paidAt: null,
    });
    expect((await call('DELETE', `/api/invoices/${inv.id}/payments/${p1.id}`)).statusCode).toBe(
      404,
    );
    // The deletion reaches other devices as a tombstone.
    const db = await tenantDb(t, a.tenantId);
    const tomb = await db
      .selectFrom('tombstones')
      .selectAll()
      .where('id', '=', p1.id)
      .executeTakeFirst();
    expect(tomb?.entity).toBe('payments');
  });

  it('a member cannot delete payments', async () => {
    const c = await registerTenant(t, 'Member Co');
    const customer = await makeRecipient(t, c.tenantId);
    const prod = await makeProduct(t, c.tenantId, { price: '10.00' });
    const as = (m: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object) =>
      call(m, url, body, c.token);
    const order = (
      await as('POST', '/api/orders', {
        customerId: customer.customer.id,
        contactId: customer.contact.id,
        items: [{ productId: prod.id, quantity: 1 }],
      })
    ).json() as Order;
    const inv = (await as('POST', `/api/orders/${order.id}/create-invoice`)).json() as Invoice;
    const p = (
      await as('POST', `/api/invoices/${inv.id}/payments`, {
        amount: 5,
        method: 'cash',
      })
    ).json() as Payment;
    await sql`UPDATE app.users SET is_tenant_admin = false WHERE id = ${c.userId}`.execute(
      t.ctx.database.db,
    );
    await t.ctx.sessions.forgetUser(c.userId);
    const res = await as('DELETE', `/api/invoices/${inv.id}/payments/${p.id}`);
    expect(res.statusCode).toBe(403);
    // 10.00 at the tenant's USD rate (0 %; issue 33: no more fixed 10 % on orders) − 5 paid.
    expect((await as('GET', `/api/invoices/${inv.id}`)).json().balance).toBe(5);
  });

  it("answers 404 for another tenant's invoices and payments", async () => {
    const inv = await invoice();
    const p = (await pay(inv.id, { amount: 1, method: 'cash' })).json() as Payment;
    const res = await Promise.all([
      call('GET', `/api/invoices/${inv.id}/payments`, undefined, b.token),
      pay(inv.id, { amount: 1, method: 'cash' }, b.token),
      call('DELETE', `/api/invoices/${inv.id}/payments/${p.id}`, undefined, b.token),
      call('PUT', `/api/invoices/${inv.id}/terms`, { paymentTerms: 'net_7' }, b.token),
      call('GET', '/api/invoices/not-a-uuid/payments'),
    ]);
    expect(res.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404]);
    expect((await get(inv.id)).balance).toBe(109);
  });
});

describe('overdue', () => {
  it('past due with a balance: days overdue, the Overdue filter and the due-date sort', async () => {
    const db = await tenantDb(t, a.tenantId);
    const late = await invoice();
    const paidLate = await invoice();
    const cancelledLate = await invoice();
    // Issued 40 days ago on Net 30: 10 days overdue.
    for (const inv of [late, paidLate, cancelledLate])
      await db.transaction().execute(async (trx) => {
        const version = await nextVersion(trx);
        await trx
          .updateTable('invoices')
          .set({
            issue_date: addDays(today(), -40),
            due_date: addDays(today(), -10),
            version,
          })
          .where('id', '=', inv.id)
          .execute();
      });
    await pay(paidLate.id, { amount: 110, method: 'cash' });
    await call('PUT', `/api/invoices/${cancelledLate.id}`, { status: 'Cancelled' });

    expect(await get(late.id)).toMatchObject({ daysOverdue: 10, status: 'Unpaid' });
    expect((await get(paidLate.id)).daysOverdue).toBe(0);
    expect((await get(cancelledLate.id)).daysOverdue).toBe(0);

    const overdue = await call('GET', '/api/invoices?status=Overdue');
    expect((overdue.json() as Invoice[]).map((i) => i.id)).toEqual([late.id]);
    expect(overdue.headers['x-total-count']).toBe('1');

    const sorted = (await call('GET', '/api/invoices?sort=dueDate')).json() as Invoice[];
    const dues = sorted.map((i) => i.dueDate);
    expect(dues).toEqual([...dues].sort());
    expect(sorted[0]!.dueDate).toBe(addDays(today(), -10));

    const partly = (await call('GET', '/api/invoices?status=Partially%20paid')).json() as Invoice[];
    expect(partly.length).toBeGreaterThan(0);
    expect(partly.every((i) => i.status === 'Partially paid')).toBe(true);
    expect((await call('GET', '/api/invoices?status=Refunded')).statusCode).toBe(400);
  });
});

describe('balances across generated payment sequences', () => {
  /** An invoice of `cents` straight in the database (the API path is covered above). */
  async function rawInvoice(cents: number): Promise<string> {
    const db = await tenantDb(t, a.tenantId);
    const orderId = randomUUID();
    const id = randomUUID();
    const total = (cents / 100).toFixed(2);
    await db.transaction().execute(async (trx) => {
      const version = await nextVersion(trx);
      await trx
        .insertInto('orders')
        .values({
          id: orderId,
          order_number: `GEN-${orderId}`,
          customer_id: recipient.customer.id,
          currency_code: 'USD',
          version,
        } as never)
        .execute();
      await trx
        .insertInto('invoices')
        .values({
          id,
          invoice_number: `GEN-${id}`,
          order_id: orderId,
          customer_id: recipient.customer.id,
          customer_name: 'Payer Ltd',
          customer_email: 'payer@example.com',
          currency_code: 'USD',
          status: 'Unpaid',
          notes: '',
          subtotal: total,
          tax_rate: '0',
          tax_amount: '0',
          total,
          issue_date: today(),
          due_date: today(),
          payment_terms: 'due_on_receipt',
          version,
        })
        .execute();
    });
    return id;
  }

  const op = fc.oneof(
    fc.record({ kind: fc.constant('pay' as const), cents: fc.integer({ min: 1, max: 2_000_000 }) }),
    fc.record({ kind: fc.constant('pay' as const), cents: fc.integer({ min: 1, max: 999 }) }),
    fc.record({ kind: fc.constant('delete' as const), index: fc.nat() }),
  );

  it('total − payments to the cent, overpayment refused, status following, in 1,000 sequences', async () => {
    const runs = Number(process.env.PAYMENT_SEQUENCES ?? 1000);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(op, { minLength: 1, maxLength: 6 }),
        async (totalCents, ops) => {
          const id = await rawInvoice(totalCents);
          const kept: { id: string; cents: number }[] = [];
          let paidCents = 0;
          for (const o of ops) {
            if (o.kind === 'pay') {
              const res = await pay(id, { amount: o.cents / 100, method: 'card' });
              if (o.cents > totalCents - paidCents) {
                expect(res.statusCode).toBe(409);
                continue;
              }
              expect(res.statusCode, res.body).toBe(201);
              kept.push({ id: (res.json() as Payment).id, cents: o.cents });
              paidCents += o.cents;
            } else if (kept.length > 0) {
              const [gone] = kept.splice(o.index % kept.length, 1);
              const res = await call('DELETE', `/api/invoices/${id}/payments/${gone!.id}`);
              expect(res.statusCode).toBe(204);
              paidCents -= gone!.cents;
            }
          }
          const inv = await get(id);
          expect(Math.round(inv.amountPaid * 100)).toBe(paidCents);
          expect(Math.round(inv.balance * 100)).toBe(totalCents - paidCents);
          expect(inv.status).toBe(
            paidCents === 0 ? 'Unpaid' : paidCents === totalCents ? 'Paid' : 'Partially paid',
          );
        },
      ),
      { numRuns: runs },
    );
  }, 900_000);
});
