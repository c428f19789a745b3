/**
 * Getting paid in sync: the tenant's billing settings (default terms, reminder policy), the
 * quote's new fields (valid-until, views, signer, decline reason) and payments pull and push like
 * the rest — changes of different fields by two devices both stay, the same field's later arrival
 * wins and keeps the other as a conflict, deletions arrive as tombstones.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_BILLING_SETTINGS,
  addDays,
  type BillingSettings,
  type Invoice,
  type Order,
  type PatchOp,
  type Quote,
} from '@smb/shared-types';
import { clock, todayUtc } from '../src/clock';
import { inviteAndAccept } from './api-helpers';
import { makeProduct, makeRecipient } from './factories';
import { bearer, createTestApp, registerTenant, type TestApp } from './helpers';
import { TestClient } from './sync-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  clock.reset();
});
afterAll(async () => {
  await t?.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** Pushes one mutation and answers its result (applied, or rejected with a status code). */
async function pushOne(
  device: TestClient,
  name: Parameters<TestClient['mutation']>[0],
  args: object,
) {
  const res = await device.push([device.mutation(name, args as Record<string, unknown>)]);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [result] = res.body.results;
  return { status: result!.status, statusCode: result!.error?.statusCode ?? null };
}

const applied = { status: 'applied', statusCode: null };

/** The ops of a pull from the device's cursor (not applied). */
async function opsSince(device: TestClient): Promise<PatchOp[]> {
  return (await device.pullOnce()).patch;
}

describe('billing settings in sync', () => {
  it('pull with the tenant, push per field from two devices, reach a device already up to date', async () => {
    const admin = await registerTenant(t, 'Billing Sync Ltd');
    const phone = new TestClient(t, admin.token);
    const laptop = new TestClient(t, admin.token);
    const [first] = await phone.pull();
    expect(first!.tenant.billing).toEqual(DEFAULT_BILLING_SETTINGS);
    await laptop.pull();
    const before = BigInt(laptop.cursor!);

    // Edited offline on both, different fields: both stay.
    expect(await pushOne(phone, 'tenant.updateBilling', { reminderEveryDays: 14 })).toEqual(
      applied,
    );
    expect(
      await pushOne(laptop, 'tenant.updateBilling', {
        remindersEnabled: false,
        defaultPaymentTerms: 'net_14',
      }),
    ).toEqual(applied);
    const expected: BillingSettings = {
      ...DEFAULT_BILLING_SETTINGS,
      reminderEveryDays: 14,
      remindersEnabled: false,
      defaultPaymentTerms: 'net_14',
    };
    const rest = await call(admin.token, 'GET', '/api/billing/settings');
    expect(rest.json()).toEqual(expected);

    // The write moved the tenant's version, so a device up to date hears of it and pulls.
    const pages = await laptop.pull();
    expect(BigInt(laptop.cursor!)).toBeGreaterThan(before);
    expect(pages.at(-1)!.tenant.billing).toEqual(expected);
    // A poll at the head (the cheap path) carries the settings too.
    const poll = await laptop.pullOnce();
    expect(poll.patch).toEqual([]);
    expect(poll.tenant.billing).toEqual(expected);

    // A REST change reaches devices the same way.
    const put = await call(admin.token, 'PUT', '/api/billing/settings', { reminderMax: 5 });
    expect(put.statusCode, put.body).toBe(200);
    expect((await laptop.pullOnce()).tenant.billing).toEqual({ ...expected, reminderMax: 5 });

    // New invoices follow the synced default terms.
    const { customer, contact } = await makeRecipient(t, admin.tenantId);
    const product = await makeProduct(t, admin.tenantId, { price: '10.00' });
    const order = (
      await call(admin.token, 'POST', '/api/orders', {
        customerId: customer.id,
        contactId: contact.id,
        items: [{ productId: product.id, quantity: 1 }],
      })
    ).json() as Order;
    const invoice = (
      await call(admin.token, 'POST', `/api/orders/${order.id}/create-invoice`)
    ).json() as Invoice;
    expect(invoice.paymentTerms).toBe('net_14');
  });

  it('refuses a member (403) and a value out of range (400); nothing changes', async () => {
    const admin = await registerTenant(t, 'Billing Rules Ltd');
    const member = await inviteAndAccept(t, admin.token, false);
    const theirs = new TestClient(t, member.token);
    expect(await pushOne(theirs, 'tenant.updateBilling', { remindersEnabled: false })).toEqual({
      status: 'rejected',
      statusCode: 403,
    });
    const mine = new TestClient(t, admin.token);
    for (const bad of [
      { reminderMax: 0 },
      { reminderEveryDays: 1.5 },
      { defaultPaymentTerms: 'net_90' },
      { remindersEnabled: 'no' },
    ])
      expect(await pushOne(mine, 'tenant.updateBilling', bad), JSON.stringify(bad)).toEqual({
        status: 'rejected',
        statusCode: 400,
      });
    const pull = await theirs.pullOnce(null);
    expect(pull.rejections.map((r) => [r.name, r.statusCode])).toEqual([
      ['tenant.updateBilling', 403],
    ]);
    expect(pull.tenant.billing).toEqual(DEFAULT_BILLING_SETTINGS);
  });
});

describe('quotes’ validity, views and answers in sync', () => {
  it('valid-until, views, signer and decline reason pull; valid-until pushes and merges per field; deletion is a tombstone', async () => {
    const admin = await registerTenant(t, 'Quote Sync Ltd');
    const { customer, contact } = await makeRecipient(t, admin.tenantId);
    const product = await makeProduct(t, admin.tenantId, { price: '10.00' });
    const phone = new TestClient(t, admin.token);
    const laptop = new TestClient(t, admin.token);
    await phone.pull();
    await laptop.pull();
    const day = (n: number) => addDays(todayUtc(), n);
    const quoteArgs = (id: string, validUntil: string | null) => ({
      id,
      customerId: customer.id,
      contactId: contact.id,
      currencyCode: 'USD',
      notes: '',
      items: [{ id: randomUUID(), productId: product.id, quantity: 2 }],
      validUntil,
    });

    const id = randomUUID();
    expect(await pushOne(phone, 'quote.create', quoteArgs(id, day(10)))).toEqual(applied);
    await laptop.pull();
    const created = laptop.get('quotes', id)!;
    expect(created).toMatchObject({
      validUntil: day(10),
      viewCount: 0,
      viewedAt: null,
      lastViewedAt: null,
      acceptedByName: null,
      rejectionReason: null,
    });

    // Different fields from two devices on the same base: both stay, no conflict.
    const update = (changes: object, base: object, baseVersion = created.version) => ({
      id,
      baseVersion,
      changes,
      base,
    });
    expect(
      await pushOne(
        phone,
        'quote.update',
        update({ validUntil: day(20) }, { validUntil: day(10) }),
      ),
    ).toEqual(applied);
    expect(
      await pushOne(laptop, 'quote.update', update({ notes: '<p>Net 30</p>' }, { notes: '' })),
    ).toEqual(applied);
    const merged = (await call(admin.token, 'GET', `/api/quotes/${id}`)).json() as Quote;
    expect(merged.validUntil).toBe(day(20));
    expect(merged.notes).toContain('Net 30');
    await phone.pull();
    expect(phone.get('quotes', id)).toMatchObject({ validUntil: day(20) });
    expect([...phone.rows.keys()].filter((k) => k.startsWith('conflicts/'))).toEqual([]);

    // The same field from both: the later arrival wins, the value it overwrote is kept.
    expect(
      await pushOne(
        laptop,
        'quote.update',
        update({ validUntil: day(15) }, { validUntil: day(10) }),
      ),
    ).toEqual(applied);
    await phone.pull();
    expect(phone.get('quotes', id)).toMatchObject({ validUntil: day(15) });
    const conflicts = [...phone.rows.entries()]
      .filter(([k]) => k.startsWith('conflicts/'))
      .map(([, row]) => row);
    expect(conflicts).toEqual([
      expect.objectContaining({
        entity: 'quotes',
        entityId: id,
        field: 'validUntil',
        overwrittenValue: day(20),
        winningValue: day(15),
      }),
    ]);

    // Sent from a device; the recipient views it three times (a minute apart), then accepts.
    expect(await pushOne(phone, 'quote.send', { id })).toEqual(applied);
    await laptop.pull();
    const sent = laptop.get('quotes', id)!;
    expect(sent).toMatchObject({ status: 'Sent', validUntil: day(15) });
    const token = String(sent.accessToken);
    const base = `/api/quotes/${admin.tenantId}/${id}`;
    for (let view = 0; view < 3; view += 1) {
      if (view > 0) clock.advance(2 * 60_000);
      const res = await t.app.inject({ method: 'GET', url: `${base}/view?token=${token}` });
      expect(res.statusCode).toBe(200);
    }
    await laptop.pull();
    const viewed = laptop.get('quotes', id)!;
    expect(viewed.viewCount).toBe(3);
    const apart = Date.parse(String(viewed.lastViewedAt)) - Date.parse(String(viewed.viewedAt));
    expect(apart).toBeGreaterThanOrEqual(4 * 60_000);
    expect(apart).toBeLessThan(5 * 60_000);
    const accept = await t.app.inject({
      method: 'POST',
      url: `${base}/accept`,
      payload: { token, signerName: 'Jane Roe' },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    await laptop.pull();
    expect(laptop.get('quotes', id)).toMatchObject({
      status: 'Accepted',
      acceptedByName: 'Jane Roe',
      viewCount: 3,
    });

    // Another, declined with a reason (kept as plain text), then deleted on one device.
    const other = randomUUID();
    expect(await pushOne(laptop, 'quote.create', quoteArgs(other, null))).toEqual(applied);
    expect(await pushOne(laptop, 'quote.send', { id: other })).toEqual(applied);
    await phone.pull();
    const otherToken = String(phone.get('quotes', other)!.accessToken);
    const reject = await t.app.inject({
      method: 'POST',
      url: `/api/quotes/${admin.tenantId}/${other}/reject`,
      payload: { token: otherToken, reason: 'Too dear <script>alert(1)</script>' },
    });
    expect(reject.statusCode, reject.body).toBe(200);
    await phone.pull();
    const declined = phone.get('quotes', other)!;
    expect(declined.status).toBe('Rejected');
    expect(String(declined.rejectionReason)).toMatch(/^Too dear/);
    expect(declined.validUntil).toBe(day(30));

    expect(await pushOne(laptop, 'quote.delete', { id: other })).toEqual(applied);
    expect(await opsSince(phone)).toContainEqual({ op: 'del', entity: 'quotes', id: other });
    await phone.pull();
    expect(phone.get('quotes', other)).toBeUndefined();
    expect(phone.get('quotes', id)).toBeDefined();
  });
});

describe('payments in sync', () => {
  it('pull with their invoice, push from two devices at once, delete as a tombstone; stop reminders syncs', async () => {
    const admin = await registerTenant(t, 'Payment Sync Ltd');
    const member = await inviteAndAccept(t, admin.token, false);
    const { customer, contact } = await makeRecipient(t, admin.tenantId);
    const product = await makeProduct(t, admin.tenantId, { price: '10.00' });
    const order = (
      await call(admin.token, 'POST', '/api/orders', {
        customerId: customer.id,
        contactId: contact.id,
        items: [{ productId: product.id, quantity: 2 }],
      })
    ).json() as Order;
    const invoice = (
      await call(admin.token, 'POST', `/api/orders/${order.id}/create-invoice`)
    ).json() as Invoice;
    expect(invoice.total).toBeGreaterThan(10);
    const over = Number((invoice.total - 10 + 0.01).toFixed(2));

    const phone = new TestClient(t, admin.token);
    const laptop = new TestClient(t, admin.token);
    const theirs = new TestClient(t, member.token);
    await phone.pull();
    await laptop.pull();
    await theirs.pull();

    // Recorded offline on two devices, pushed one after the other: both count.
    const [p1, p2] = [randomUUID(), randomUUID()];
    const pay = (id: string, amount: number, method: string) => ({
      id,
      invoiceId: invoice.id,
      amount,
      method,
      paidOn: invoice.issueDate,
      reference: `ref-${amount}`,
      note: null,
    });
    expect(await pushOne(phone, 'payment.create', pay(p1, 5.25, 'cash'))).toEqual(applied);
    expect(await pushOne(laptop, 'payment.create', pay(p2, 4.75, 'card'))).toEqual(applied);
    // A cent more than the balance left: refused, with the reason on that device.
    expect(await pushOne(theirs, 'payment.create', pay(randomUUID(), over, 'cash'))).toEqual({
      status: 'rejected',
      statusCode: 409,
    });

    await theirs.pull();
    expect(theirs.get('payments', p1)).toMatchObject({
      invoiceId: invoice.id,
      amount: 5.25,
      method: 'cash',
      paidOn: invoice.issueDate,
      reference: 'ref-5.25',
    });
    expect(theirs.get('payments', p2)).toMatchObject({ amount: 4.75, method: 'card' });
    expect(theirs.get('invoices', invoice.id)).toMatchObject({
      amountPaid: 10,
      status: 'Partially paid',
    });

    // Stop reminders on one device: the others pull it with the invoice.
    expect(await pushOne(phone, 'invoice.setReminders', { id: invoice.id, stopped: true })).toEqual(
      applied,
    );
    await laptop.pull();
    expect(laptop.get('invoices', invoice.id)).toMatchObject({ remindersStopped: true });

    // A member cannot delete a payment; an administrator can, and every device drops it.
    expect(await pushOne(theirs, 'payment.delete', { id: p1, invoiceId: invoice.id })).toEqual({
      status: 'rejected',
      statusCode: 403,
    });
    expect(await pushOne(laptop, 'payment.delete', { id: p1, invoiceId: invoice.id })).toEqual(
      applied,
    );
    const ops = await opsSince(theirs);
    expect(ops).toContainEqual({ op: 'del', entity: 'payments', id: p1 });
    expect(ops).toContainEqual(
      expect.objectContaining({
        op: 'put',
        entity: 'invoices',
        id: invoice.id,
        value: expect.objectContaining({ amountPaid: 4.75, status: 'Partially paid' }),
      }),
    );
    await theirs.pull();
    expect(theirs.get('payments', p1)).toBeUndefined();
    expect(theirs.get('payments', p2)).toBeDefined();
    const rejections = (await theirs.pullOnce()).rejections.map((r) => [r.name, r.statusCode]);
    expect(rejections).toEqual([
      ['payment.create', 409],
      ['payment.delete', 403],
    ]);
  });
});
