/**
 * Issue 33.8 on both databases: numbering patterns per document type (`INV-{YYYY}-{0000}`),
 * counted per period, gapless and unique under concurrency, assigned by the server also to a
 * document written offline; the spec's default numbers without a pattern.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  NUMBERING_MESSAGES,
  type Invoice,
  type NumberingSettings,
  type Order,
  type Quote,
} from '@smb/shared-types';
import { clock, todayUtc } from '../src/clock';
import { documentDay } from '../src/modules/documents/document-numbers';
import { client, expectStatus, inviteAndAccept, type Client } from './api-helpers';
import { makeProduct, makeRecipient } from './factories';
import { createTestApp, login, registerTenant, type TestApp } from './helpers';
import { TestClient } from './sync-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => clock.reset());
afterAll(async () => {
  await t?.close();
});

async function company(name: string) {
  const admin = await registerTenant(t, name);
  const r = await makeRecipient(t, admin.tenantId);
  const product = await makeProduct(t, admin.tenantId, { price: '10.00' });
  const quoteBody = {
    customerId: r.customer.id,
    contactId: r.contact.id,
    items: [{ productId: product.id, quantity: 1 }],
  };
  const api = () => client(t, admin.token);
  return { admin, r, product, quoteBody, api };
}

const quote = async (api: Client, body: object) =>
  expectStatus<Quote>(await api.post('/api/quotes', body), 201);
const order = async (api: Client, body: object) =>
  expectStatus<Order>(await api.post('/api/orders', body), 201);
const invoice = async (api: Client, orderId: string) =>
  expectStatus<Invoice>(await api.post(`/api/orders/${orderId}/create-invoice`, {}), 201);

/** Moves the server clock to 1 January of next year (UTC), noon. */
function advanceToNextYear(): number {
  const now = clock.now();
  const year = now.getUTCFullYear() + 1;
  clock.advance(Date.UTC(year, 0, 1, 12) - now.getTime());
  return year;
}

describe('numbering patterns', () => {
  it('keeps the default numbers, lets administrators set and clear patterns with field messages', async () => {
    const c = await company('Default Numbers Ltd');
    const api = c.api();
    const year = todayUtc().slice(0, 4);

    const settings = expectStatus<NumberingSettings>(await api.get('/api/numbering'), 200);
    expect(settings.today).toBe(todayUtc());
    expect(settings.kinds.map((k) => [k.kind, k.pattern, k.next])).toEqual([
      ['quote', null, 'Q-0001'],
      ['order', null, 'SO-0001'],
      ['invoice', null, 'INV-0001'],
      ['credit_note', null, 'CN-0001'],
    ]);
    const q1 = await quote(api, c.quoteBody);
    expect(q1.quoteNumber).toBe('Q-0001');

    for (const [pattern, message] of [
      ['INV-{YYYY}', NUMBERING_MESSAGES.sequence],
      ['INV-{DD}-{0000}', NUMBERING_MESSAGES.unknownToken('{DD}')],
      ['INV-{MM}-{0000}', NUMBERING_MESSAGES.monthNeedsYear],
      ['INV<{0000}>', NUMBERING_MESSAGES.characters],
    ]) {
      const res = await api.put('/api/numbering', { invoice: pattern, quote: 'Q-{YYYY}-{0000}' });
      expect(res.statusCode, pattern).toBe(400);
      expect(res.json().message).toBe(`Invoices: ${message}`);
    }
    // All or nothing: the valid quote pattern of a refused request was not saved.
    expect((await quote(api, c.quoteBody)).quoteNumber).toBe('Q-0002');

    const member = client(t, (await inviteAndAccept(t, c.admin.token)).token);
    expect((await member.get('/api/numbering')).statusCode).toBe(403);
    expect((await member.put('/api/numbering', { quote: 'X-{0000}' })).statusCode).toBe(403);

    const saved = expectStatus<NumberingSettings>(
      await api.put('/api/numbering', {
        quote: ' Q-{YYYY}-{0000} ',
        invoice: 'INV/{YY}/{000}',
        credit_note: 'CN-{YYYY}-{000}',
      }),
      200,
    );
    expect(saved.kinds.map((k) => [k.pattern, k.next])).toEqual([
      ['Q-{YYYY}-{0000}', `Q-${year}-0001`],
      [null, 'SO-0001'],
      ['INV/{YY}/{000}', `INV/${year.slice(2)}/001`],
      ['CN-{YYYY}-{000}', `CN-${year}-001`],
    ]);
    const q3 = await quote(api, c.quoteBody);
    expect(q3.quoteNumber).toBe(`Q-${year}-0001`);
    // Changing a pattern never renumbers what exists.
    expect((await api.get(`/api/quotes/${q1.id}`)).json().quoteNumber).toBe('Q-0001');

    // Back to the default: the default numbers go on where they were.
    expectStatus(await api.put('/api/numbering', { quote: '' }), 200);
    expect((await quote(api, c.quoteBody)).quoteNumber).toBe('Q-0003');
    const back = expectStatus<NumberingSettings>(await api.get('/api/numbering'), 200);
    expect(back.kinds[0]).toMatchObject({ pattern: null, next: 'Q-0004' });
    expect(back.kinds[0]!.counts).toEqual({ '': 3, [year]: 1, [todayUtc().slice(0, 7)]: 0 });

    // Another tenant's numbering is its own.
    const other = await company('Other Numbers Ltd');
    expect((await quote(other.api(), other.quoteBody)).quoteNumber).toBe('Q-0001');
  });

  it('starts again at 0001 in a new year, on the server clock, for quotes, orders and invoices', async () => {
    const c = await company('Yearly Reset GmbH');
    let api = c.api();
    const year = Number(todayUtc().slice(0, 4));
    expectStatus(
      await api.put('/api/numbering', {
        quote: 'Q-{YYYY}-{0000}',
        order: 'SO-{YY}{MM}-{00}',
        invoice: 'INV-{YYYY}-{0000}',
      }),
      200,
    );
    await quote(api, c.quoteBody);
    expect((await quote(api, c.quoteBody)).quoteNumber).toBe(`Q-${year}-0002`);
    const o1 = await order(api, c.quoteBody);
    expect(o1.orderNumber).toBe(`SO-${todayUtc().slice(2, 4)}${todayUtc().slice(5, 7)}-01`);
    expect((await invoice(api, o1.id)).invoiceNumber).toBe(`INV-${year}-0001`);

    const next = advanceToNextYear();
    expect(next).toBe(year + 1);
    // Sessions follow the clock: a year later, sign in again.
    api = client(t, await login(t, c.admin.email));
    const q = await quote(api, c.quoteBody);
    expect(q.quoteNumber).toBe(`Q-${next}-0001`);
    const o2 = await order(api, c.quoteBody);
    expect(o2.orderNumber).toBe(`SO-${String(next).slice(2)}01-01`);
    expect((await invoice(api, o2.id)).invoiceNumber).toBe(`INV-${next}-0001`);
    // The quote's conversion numbers its order in the new period too.
    const converted = expectStatus<Order>(await api.post(`/api/quotes/${q.id}/convert`, {}), 201);
    expect(converted.orderNumber).toBe(`SO-${String(next).slice(2)}01-02`);
  });

  it('gives concurrent creations distinct consecutive numbers in a new period (no gaps)', async () => {
    const c = await company('Concurrent Patterns Ltd');
    const api = c.api();
    const year = todayUtc().slice(0, 4);
    expectStatus(
      await api.put('/api/numbering', { quote: 'Q-{YYYY}-{0000}', order: 'SO-{YYYY}-{0000}' }),
      200,
    );
    // The period's counter does not exist yet: the first writers race to create it.
    const results = await Promise.all([
      ...Array.from({ length: 12 }, () => api.post('/api/quotes', c.quoteBody)),
      ...Array.from({ length: 8 }, () => api.post('/api/orders', c.quoteBody)),
    ]);
    for (const res of results) expect(res.statusCode, res.body).toBe(201);
    const quoteNumbers = results.slice(0, 12).map((res) => (res.json() as Quote).quoteNumber);
    const orderNumbers = results.slice(12).map((res) => (res.json() as Order).orderNumber);
    const expected = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => `${prefix}-${year}-${String(i + 1).padStart(4, '0')}`);
    expect(quoteNumbers.sort()).toEqual(expected('Q', 12));
    expect(orderNumbers.sort()).toEqual(expected('SO', 8));

    // Invoices of those orders, concurrently as well.
    expectStatus(await api.put('/api/numbering', { invoice: 'INV-{YYYY}-{0000}' }), 200);
    const orders = results.slice(12).map((res) => (res.json() as Order).id);
    const invoices = await Promise.all(
      orders.map((id) => api.post(`/api/orders/${id}/create-invoice`, {})),
    );
    for (const res of invoices) expect(res.statusCode, res.body).toBe(201);
    expect(invoices.map((res) => (res.json() as Invoice).invoiceNumber).sort()).toEqual(
      expected('INV', 8),
    );
  });

  it('numbers a quote written offline when it syncs, by the pattern in force then', async () => {
    const c = await company('Offline Numbers Ltd');
    const api = c.api();
    const year = todayUtc().slice(0, 4);
    const device = new TestClient(t, c.admin.token);
    const id = randomUUID();
    expectStatus(await api.put('/api/numbering', { quote: 'OFF-{YYYY}-{000}' }), 200);
    const { status, body } = await device.push([
      device.mutation('quote.create', { id, ...c.quoteBody, currencyCode: 'USD', notes: '' }),
    ]);
    expect(status).toBe(200);
    expect(JSON.stringify(body)).not.toContain('rejected":[{');
    await device.pull();
    expect(device.get('quotes', id)?.quoteNumber).toBe(`OFF-${year}-001`);
  });

  it('takes the day from the company’s time zone (its country), UTC without one', () => {
    const newYearInSydney = new Date('2026-12-31T14:00:00Z');
    expect(documentDay({ country: 'AU' }, newYearInSydney)).toBe('2027-01-01');
    expect(documentDay({ country: null }, newYearInSydney)).toBe('2026-12-31');
    expect(documentDay({ country: 'US' }, new Date('2027-01-01T03:00:00Z'))).toBe('2026-12-31');
  });
});
