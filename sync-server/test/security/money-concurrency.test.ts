/**
 * Money and concurrency: the documented rounding over 10,000 generated documents,
 * the server's totals equal to the money module's, concurrent edits of one field, and gapless
 * numbering with many writers in two tenants.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentTotals, lineSubtotal, sumMoney } from '@smb/shared-types';
import { client, expectStatus, schemaOf } from '../api-helpers';
import { createTestApp, registerTenant, type TestApp } from '../helpers';
import { TestClient, customerArgs } from '../sync-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const cents = (text: string) => BigInt(text.replace('.', ''));
/** Half-up rounding of a non-negative fraction num/den to an integer. */
const roundHalfUp = (num: bigint, den: bigint) => (num * 2n + den) / (2n * den);

describe('money (property, 10,000 documents)', () => {
  it('sums line subtotals to the subtotal, adds tax rounded half-up, and never drifts a cent', () => {
    let documents = 0;
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            unitCents: fc.integer({ min: 0, max: 99_999_999 }),
            quantity: fc.integer({ min: 1, max: 100_000 }),
          }),
          { minLength: 1, maxLength: 25 },
        ),
        fc.integer({ min: 0, max: 100_000 }),
        (lines, milli) => {
          documents++;
          const rate = (milli / 1000).toFixed(3);
          const totals = documentTotals(
            lines.map((l) => ({ unitPrice: (l.unitCents / 100).toFixed(2), quantity: l.quantity })),
            rate,
          );
          // Each line: price × quantity exactly (2-decimal prices need no rounding); the sum is exact.
          const lineCents = lines.map((l) => BigInt(l.unitCents) * BigInt(l.quantity));
          expect(totals.lines.map(cents)).toEqual(lineCents);
          expect(cents(totals.subtotal)).toBe(lineCents.reduce((a, b) => a + b, 0n));
          expect(cents(sumMoney(totals.lines))).toBe(cents(totals.subtotal));
          const tax = roundHalfUp(cents(totals.subtotal) * BigInt(milli), 100_000n);
          expect(cents(totals.taxAmount)).toBe(tax);
          expect(cents(totals.total)).toBe(cents(totals.subtotal) + tax);
        },
      ),
      { numRuns: 10_000 },
    );
    console.log(
      `money: ${documents} generated documents → totals exact to the cent, tax rounded half-up`,
    );
  });

  it('rounds a line half-up at the third decimal', () => {
    expect(lineSubtotal('0.005', 1)).toBe('0.01');
    expect(lineSubtotal('1.005', 3)).toBe('3.02'); // 3.015 → 3.02
    expect(lineSubtotal('0.0049', 1)).toBe('0.00');
  });

  it('stores what the money module computes, for quotes, orders and invoices made through the API', async () => {
    const admin = await registerTenant(t, 'Money Co');
    const api = client(t, admin.token);
    const currency = expectStatus<{ code: string }>(
      await api.post('/api/currencies', {
        code: 'QCD',
        name: 'Quebec Dollar',
        symbol: 'Q$',
        taxRate: 9.975,
      }),
      201,
    );
    const customer = expectStatus<{ id: string }>(
      await api.post('/api/customers', {
        name: 'Money Customer',
        email: 'm@c.test',
        mainContactName: 'M',
        mainContactEmail: 'mm@c.test',
      }),
      201,
    );
    const contact = expectStatus<Array<{ id: string }>>(
      await api.get(`/api/contacts/customer/${customer.id}`),
      200,
    )[0]!;
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            price: fc.integer({ min: 0, max: 999_999 }),
            quantity: fc.integer({ min: 1, max: 999 }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        async (lines) => {
          const items = [];
          for (const l of lines) {
            const p = expectStatus<{ id: string }>(
              await api.post('/api/products', {
                name: 'P',
                price: l.price / 100,
                currencyCode: currency.code,
              }),
              201,
            );
            items.push({ productId: p.id, quantity: l.quantity });
          }
          const quote = expectStatus<{
            id: string;
            subtotal: number;
            taxAmount: number;
            total: number;
          }>(
            await api.post('/api/quotes', {
              customerId: customer.id,
              contactId: contact.id,
              currencyCode: currency.code,
              notes: '',
              items,
            }),
            201,
          );
          const expected = documentTotals(
            lines.map((l) => ({ unitPrice: (l.price / 100).toFixed(2), quantity: l.quantity })),
            '9.975',
          );
          expect([quote.subtotal, quote.taxAmount, quote.total].map((n) => n.toFixed(2))).toEqual([
            expected.subtotal,
            expected.taxAmount,
            expected.total,
          ]);
          const order = expectStatus<{
            id: string;
            subtotal: number;
            taxAmount: number;
            total: number;
          }>(await api.post(`/api/quotes/${quote.id}/convert`, {}), 201);
          // Issue 33: the order keeps the quote's taxes (no more fixed 10 %): the accepted
          // amount is the ordered and the invoiced amount.
          const orderExpected = expected;
          expect([order.subtotal, order.taxAmount, order.total].map((n) => n.toFixed(2))).toEqual([
            orderExpected.subtotal,
            orderExpected.taxAmount,
            orderExpected.total,
          ]);
          const invoice = expectStatus<{ total: number; taxAmount: number }>(
            await api.post(`/api/orders/${order.id}/create-invoice`, {}),
            201,
          );
          expect(invoice.total.toFixed(2)).toBe(orderExpected.total);
          checked++;
        },
      ),
      { numRuns: 60 },
    );
    console.log(
      `money: ${checked} quotes → orders → invoices through the API, totals equal the money module's`,
    );
  }, 120_000);
});

describe('concurrency', () => {
  it('20 concurrent edits of one field from the same base: one final value, the 19 overwritten ones kept as conflicts', async () => {
    const admin = await registerTenant(t, 'Race Co');
    const creator = new TestClient(t, admin.token);
    const args = customerArgs({ name: 'Original' });
    await creator.push([creator.mutation('customer.create', args)]);
    await creator.pull();
    const base = creator.get('customers', args.id)!;
    const writers = Array.from({ length: 20 }, () => new TestClient(t, admin.token));
    const results = await Promise.all(
      writers.map((w, i) =>
        w.push([
          w.mutation('customer.update', {
            id: args.id,
            baseVersion: base.version,
            changes: { name: `Writer ${i}` },
            base: { name: 'Original' },
          }),
        ]),
      ),
    );
    expect(results.every((r) => r.body.results[0]!.status === 'applied')).toBe(true);
    const schema = await schemaOf(t, admin.tenantId);
    const final = (
      await t.ctx.database.pool.query(`SELECT name FROM "${schema}".customers WHERE id = $1`, [
        args.id,
      ])
    ).rows[0].name as string;
    const conflicts = (
      await t.ctx.database.pool.query(
        `SELECT overwritten_value, winning_value FROM "${schema}".conflicts WHERE entity_id = $1 AND field = 'name'`,
        [args.id],
      )
    ).rows;
    console.log(
      `concurrency: 20 same-field edits → final "${final}", ${conflicts.length} conflict records`,
    );
    expect(final).toMatch(/^Writer \d+$/);
    expect(conflicts).toHaveLength(19);
    // Every written value but the final one was overwritten exactly once, and kept.
    const overwritten = conflicts.map((c) => c.overwritten_value as string).sort();
    const written = writers.map((_, i) => `Writer ${i}`).filter((n) => n !== final);
    expect(overwritten).toEqual(written.sort());
  });

  it('numbers quotes and orders gaplessly and uniquely in two tenants with many concurrent writers (REST and push)', async () => {
    const summary: string[] = [];
    await Promise.all(
      ['Numbers A', 'Numbers B'].map(async (name) => {
        const admin = await registerTenant(t, name);
        const api = client(t, admin.token);
        const customer = expectStatus<{ id: string }>(
          await api.post('/api/customers', {
            name: 'N',
            email: 'n@n.test',
            mainContactName: 'N',
            mainContactEmail: 'nn@n.test',
          }),
          201,
        );
        const contact = expectStatus<Array<{ id: string }>>(
          await api.get(`/api/contacts/customer/${customer.id}`),
          200,
        )[0]!;
        const product = expectStatus<{ id: string }>(
          await api.post('/api/products', { name: 'P', price: 1, currencyCode: 'USD' }),
          201,
        );
        const body = {
          customerId: customer.id,
          contactId: contact.id,
          currencyCode: 'USD',
          notes: '',
          items: [{ productId: product.id, quantity: 1 }],
        };
        // Orders at the same time: every writer takes the tenant's version row, then a counter.
        const rest: Array<Promise<{ statusCode: number }>> = [];
        const pushes: Array<Promise<{ body: { results: Array<{ status: string }> } }>> = [];
        for (let i = 0; i < 15; i++) {
          rest.push(api.post('/api/quotes', body));
          rest.push(api.post('/api/orders', body));
          const w = new TestClient(t, admin.token);
          pushes.push(w.push([w.mutation('quote.create', { ...body, id: randomUUID() })]));
        }
        expect((await Promise.all(rest)).map((r) => r.statusCode)).toEqual(Array(30).fill(201));
        expect(
          (await Promise.all(pushes)).flatMap((r) => r.body.results.map((x) => x.status)),
        ).toEqual(Array(15).fill('applied'));
        const schema = await schemaOf(t, admin.tenantId);
        const orderNumbers = (
          await t.ctx.database.pool.query<{ order_number: string }>(
            `SELECT order_number FROM "${schema}".orders`,
          )
        ).rows
          .map((r) => Number(r.order_number.slice(3)))
          .sort((x, y) => x - y);
        expect(orderNumbers).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
        const numbers = (
          await t.ctx.database.pool.query<{ quote_number: string }>(
            `SELECT quote_number FROM "${schema}".quotes`,
          )
        ).rows
          .map((r) => Number(r.quote_number.slice(2)))
          .sort((x, y) => x - y);
        summary.push(`${name}: ${numbers.length} quotes, numbers ${numbers[0]}–${numbers.at(-1)}`);
        expect(numbers).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      }),
    );
    console.log(`numbering: ${summary.join('; ')}`);
  });
});
