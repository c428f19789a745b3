import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  QUOTE_MESSAGES,
  documentTotals,
  toMoneyNumber,
  type Order,
  type Quote,
} from '@smb/shared-types';
import { schemaOf } from './api-helpers';
import {
  countRows,
  makeContact,
  makeCurrency,
  makeProduct,
  makeRecipient,
  setProductPrice,
  tenantDb,
} from './factories';
import { bearer, createTestApp, mailsTo, registerTenant, type TestApp } from './helpers';

let t: TestApp;
let a: { token: string; tenantId: string };
let b: { token: string; tenantId: string };
let recipient: Awaited<ReturnType<typeof makeRecipient>>;
let p1: { id: string; price: string; name: string; sku: string | null };
let p2: { id: string; price: string; name: string; sku: string | null };

beforeAll(async () => {
  // PGlite's socket server mixes up concurrent connections' extended-protocol messages (portal
  // errors, spurious 401/500 under Promise.all); one connection there, a real pool on PostgreSQL.
  t = await createTestApp();
  a = await registerTenant(t, 'Quote Makers Ltd');
  b = await registerTenant(t, 'Other Tenant Inc');
  recipient = await makeRecipient(t, a.tenantId);
  p1 = await makeProduct(t, a.tenantId, { name: 'Widget', price: '19.99' });
  p2 = await makeProduct(t, a.tenantId, { name: 'Bolt', price: '0.10' });
  await makeCurrency(t, a.tenantId, { code: 'CAD', symbol: 'C$', taxRate: '9.975' });
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

function body(overrides: Record<string, unknown> = {}) {
  return {
    customerId: recipient.customer.id,
    contactId: recipient.contact.id,
    currencyCode: 'CAD',
    items: [
      { productId: p1.id, quantity: 3 },
      { productId: p2.id, quantity: 3 },
    ],
    notes: '<p>Thanks</p>',
    ...overrides,
  };
}

async function createQuote(overrides: Record<string, unknown> = {}): Promise<Quote> {
  const res = await call('POST', '/api/quotes', body(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A line naming no rate, discount or unit: the document's rate, its net = its subtotal. */
const untaxedLine = (rate: number, lineTotal: number) => ({
  description: '',
  unitCode: 'C62',
  taxRateId: null,
  taxCategory: rate > 0 ? 'S' : 'Z',
  taxRate: rate,
  discountKind: null,
  discountValue: null,
  discountAmount: 0,
  lineTotal,
});

describe('create', () => {
  it('prices lines from the products and totals them exactly with the currency tax rate', async () => {
    const quote = await createQuote();
    expect(quote.quoteNumber).toMatch(/^Q-\d{4,}$/);
    expect(quote).toMatchObject({
      tenantId: a.tenantId,
      tenantName: 'Quote Makers Ltd',
      customerId: recipient.customer.id,
      contactId: recipient.contact.id,
      customer: {
        name: recipient.customer.name,
        email: recipient.customer.email,
        address: recipient.customer.address,
      },
      contact: { name: recipient.contact.name, email: recipient.contact.email, role: 'Primary' },
      currencyCode: 'CAD',
      status: 'Draft',
      notes: '<p>Thanks</p>',
      accessToken: null,
      viewedAt: null,
      acceptedAt: null,
      rejectedAt: null,
    });
    expect(quote.items).toEqual([
      {
        id: expect.any(String),
        productId: p1.id,
        quantity: 3,
        unitPrice: 19.99,
        subtotal: 59.97,
        product: { sku: p1.sku, name: 'Widget', price: 19.99 },
        // Issue 33: the currency's rate (no rate named), no discount, pieces.
        ...untaxedLine(9.975, 59.97),
      },
      {
        id: expect.any(String),
        productId: p2.id,
        quantity: 3,
        unitPrice: 0.1,
        subtotal: 0.3,
        product: { sku: p2.sku, name: 'Bolt', price: 0.1 },
        ...untaxedLine(9.975, 0.3),
      },
    ]);
    // 60.27 × 9.975 % = 6.0119325 → 6.01
    const expected = documentTotals(
      [
        { unitPrice: '19.99', quantity: 3 },
        { unitPrice: '0.10', quantity: 3 },
      ],
      '9.975',
    );
    expect(expected).toMatchObject({ subtotal: '60.27', taxAmount: '6.01', total: '66.28' });
    expect(quote).toMatchObject({ subtotal: 60.27, taxRate: 9.975, taxAmount: 6.01, total: 66.28 });
    expect(typeof quote.version).toBe('string');
    expect(new Date(quote.createdAt).toString()).not.toBe('Invalid Date');
    // The answer is made of what was written: it must be what reading the quote gives.
    expect(quote).toEqual((await call('GET', `/api/quotes/${quote.id}`)).json());
  });

  it('keeps any characters of product names and SKUs, in line order, with or without a SKU', async () => {
    const name = 'Widget, "Deluxe" {v2} \\ ½ — NULL';
    const odd = await makeProduct(t, a.tenantId, {
      name,
      sku: '{a,b}',
      price: '1.00',
    });
    const plain = await makeProduct(t, a.tenantId, { name: 'Plain', sku: null, price: '2.00' });
    const quote = await createQuote({
      items: [
        { productId: plain.id, quantity: 1 },
        { productId: odd.id, quantity: 2 },
        { productId: plain.id, quantity: 3 },
      ],
    });
    expect(quote.items.map((i) => [i.product.name, i.product.sku, i.quantity])).toEqual([
      ['Plain', null, 1],
      [name, '{a,b}', 2],
      ['Plain', null, 3],
    ]);
    expect(quote).toEqual((await call('GET', `/api/quotes/${quote.id}`)).json());
    // With the product gone, the line shows the name and SKU it stored.
    await (await tenantDb(t, a.tenantId)).deleteFrom('products').where('id', '=', odd.id).execute();
    const stored = (await call('GET', `/api/quotes/${quote.id}`)).json() as Quote;
    expect(stored.items[1]!.product).toEqual({
      name,
      sku: '{a,b}',
      price: null,
    });
  });

  it('rounds tax half-up at the 0.005 boundary and uses 10 % for an unknown currency', async () => {
    const cheap = await makeProduct(t, a.tenantId, { price: '0.01' });
    const quote = await createQuote({
      currencyCode: 'xyz',
      items: [{ productId: cheap.id, quantity: 5 }],
    });
    // 0.05 × 10 % = 0.005 → 0.01
    expect(quote).toMatchObject({
      currencyCode: 'XYZ',
      subtotal: 0.05,
      taxRate: 10,
      taxAmount: 0.01,
      total: 0.06,
    });
  });

  it("uses the tenant's USD rate (0 %) and defaults the currency to USD", async () => {
    const quote = await createQuote({ currencyCode: undefined });
    expect(quote).toMatchObject({
      currencyCode: 'USD',
      taxRate: 0,
      taxAmount: 0,
      subtotal: 60.27,
      total: 60.27,
    });
  });

  it.each([
    [{ customerId: '' }, QUOTE_MESSAGES.selectCustomer],
    [{ customerId: undefined, contactId: undefined, items: [] }, QUOTE_MESSAGES.selectCustomer],
    [{ contactId: null }, QUOTE_MESSAGES.selectContact],
    [{ items: [] }, QUOTE_MESSAGES.addItem],
    [{ items: [{ productId: null, quantity: 1 }] }, QUOTE_MESSAGES.completeItems],
    [{ items: [{ quantity: 1 }] }, QUOTE_MESSAGES.completeItems],
    [{ items: [{ productId: 'x', quantity: 0 }] }, QUOTE_MESSAGES.completeItems],
    [{ items: [{ productId: 'x', quantity: 1.5005 }] }, QUOTE_MESSAGES.completeItems],
    [{ customerId: '00000000-0000-4000-8000-000000000000' }, QUOTE_MESSAGES.selectCustomer],
    [{ customerId: 'not-a-uuid' }, QUOTE_MESSAGES.selectCustomer],
    [{ contactId: '00000000-0000-4000-8000-000000000000' }, QUOTE_MESSAGES.selectContact],
    [
      { items: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }] },
      QUOTE_MESSAGES.unknownProduct,
    ],
    [{ currencyCode: 'E1' }, QUOTE_MESSAGES.selectCurrency],
    [{ status: 'Paid' }, QUOTE_MESSAGES.invalidStatus],
  ])('rejects %j with 400 "%s" and stores nothing', async (overrides, message) => {
    const before = (await call('GET', '/api/quotes?limit=1')).headers['x-total-count'];
    const res = await call('POST', '/api/quotes', body(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await call('GET', '/api/quotes?limit=1')).headers['x-total-count']).toBe(before);
  });

  it('rejects a contact of another customer', async () => {
    const other = await makeRecipient(t, a.tenantId);
    const res = await call('POST', '/api/quotes', body({ contactId: other.contact.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(QUOTE_MESSAGES.contactNotOfCustomer);
  });

  it('rejects a total that does not fit', async () => {
    const huge = await makeProduct(t, a.tenantId, { price: '999999999999.99' });
    const res = await call(
      'POST',
      '/api/quotes',
      body({ items: [{ productId: huge.id, quantity: 2 }] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(QUOTE_MESSAGES.totalTooLarge);
  });

  it('answers 400, not 500, when a product is deleted between the checks and the write', async () => {
    const c = await registerTenant(t, 'Vanishing Stock Ltd');
    const who = await makeRecipient(t, c.tenantId);
    const schema = `"${await schemaOf(t, c.tenantId)}"`;
    // Another request deleting the product at that moment, played by a trigger that deletes it
    // as the line is written — after the checks found it.
    await t.ctx.database.pool.query(
      `CREATE FUNCTION ${schema}.delete_product() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN DELETE FROM ${schema}.products WHERE id = NEW.product_id; RETURN NEW; END $$`,
    );
    for (const [url, lines] of [
      ['/api/quotes', 'quote_items'],
      ['/api/orders', 'order_items'],
    ] as const) {
      await t.ctx.database.pool.query(
        `CREATE TRIGGER delete_product BEFORE INSERT ON ${schema}.${lines}
         FOR EACH ROW EXECUTE FUNCTION ${schema}.delete_product()`,
      );
      const product = await makeProduct(t, c.tenantId);
      const res = await call(
        'POST',
        url,
        {
          customerId: who.customer.id,
          contactId: who.contact.id,
          items: [{ productId: product.id, quantity: 1 }],
        },
        c.token,
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(QUOTE_MESSAGES.unknownProduct);
    }
    expect(await countRows(t, c.tenantId, 'quotes')).toBe(0);
    expect(await countRows(t, c.tenantId, 'orders')).toBe(0);
  });

  it('accepts a client-made id once; the same id again is 409', async () => {
    const id = crypto.randomUUID();
    const quote = await createQuote({ id });
    expect(quote.id).toBe(id);
    const again = await call('POST', '/api/quotes', body({ id }));
    expect(again.statusCode).toBe(409);
  });

  it('sanitises the notes (sanitising twice changes nothing)', async () => {
    const quote = await createQuote({
      notes:
        '<p onclick="x()">Hi <b>there</b><script>alert(1)</script> <a href="javascript:alert(1)">bad</a> <a href="https://ex.com">ok</a></p>',
    });
    expect(quote.notes).toBe(
      '<p>Hi <b>there</b> <a>bad</a> <a href="https://ex.com" rel="noopener noreferrer nofollow" target="_blank">ok</a></p>',
    );
    const res = await call('PUT', `/api/quotes/${quote.id}`, { notes: quote.notes });
    expect(res.json().version).toBe(quote.version); // nothing changed, nothing written
  });
});

describe('numbering', () => {
  it('gives 20 concurrent creations 20 distinct consecutive numbers', async () => {
    const tenant = await registerTenant(t, 'Busy Co');
    const r = await makeRecipient(t, tenant.tenantId);
    const product = await makeProduct(t, tenant.tenantId);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(
          'POST',
          '/api/quotes',
          {
            customerId: r.customer.id,
            contactId: r.contact.id,
            items: [{ productId: product.id, quantity: 1 }],
          },
          tenant.token,
        ),
      ),
    );
    for (const res of results) expect(res.statusCode, res.body).toBe(201);
    const numbers = results.map((res) => (res.json() as Quote).quoteNumber).sort();
    expect(numbers).toEqual(
      Array.from({ length: 20 }, (_, i) => `Q-${String(i + 1).padStart(4, '0')}`),
    );
  });

  it('grows past Q-9999 and numbers each tenant on its own', async () => {
    const tenant = await registerTenant(t, 'Big Numbers');
    const r = await makeRecipient(t, tenant.tenantId);
    const product = await makeProduct(t, tenant.tenantId);
    const db = await tenantDb(t, tenant.tenantId);
    await db.updateTable('counters').set({ value: 9999 }).where('name', '=', 'quote').execute();
    const payload = {
      customerId: r.customer.id,
      contactId: r.contact.id,
      items: [{ productId: product.id, quantity: 1 }],
    };
    const res = await call('POST', '/api/quotes', payload, tenant.token);
    expect(res.json().quoteNumber).toBe('Q-10000');
  });

  it('does not use up a number when the creation fails', async () => {
    const tenant = await registerTenant(t, 'Gapless');
    const r = await makeRecipient(t, tenant.tenantId);
    const product = await makeProduct(t, tenant.tenantId);
    const ok = {
      customerId: r.customer.id,
      contactId: r.contact.id,
      items: [{ productId: product.id, quantity: 1 }],
    };
    expect((await call('POST', '/api/quotes', ok, tenant.token)).json().quoteNumber).toBe('Q-0001');
    expect((await call('POST', '/api/quotes', { ...ok, items: [] }, tenant.token)).statusCode).toBe(
      400,
    );
    expect((await call('POST', '/api/quotes', ok, tenant.token)).json().quoteNumber).toBe('Q-0002');
  });
});

describe('read', () => {
  it('lists newest first with X-Total-Count, limit, offset and q (number or customer name)', async () => {
    const tenant = await registerTenant(t, 'Lister');
    const r1 = await makeRecipient(t, tenant.tenantId, { customer: { name: 'Alpha 100% Ltd' } });
    const r2 = await makeRecipient(t, tenant.tenantId, { customer: { name: 'Beta_Corp' } });
    const product = await makeProduct(t, tenant.tenantId);
    const make = (r: typeof r1) =>
      call(
        'POST',
        '/api/quotes',
        {
          customerId: r.customer.id,
          contactId: r.contact.id,
          items: [{ productId: product.id, quantity: 2 }],
        },
        tenant.token,
      );
    for (const r of [r1, r2, r1]) expect((await make(r)).statusCode).toBe(201);

    const all = await call('GET', '/api/quotes', undefined, tenant.token);
    expect(all.headers['x-total-count']).toBe('3');
    const list = all.json() as Quote[];
    expect(list.map((q) => q.quoteNumber)).toEqual(['Q-0003', 'Q-0002', 'Q-0001']);
    expect(list[0]!.items).toHaveLength(1);
    expect(list[0]!.customer?.name).toBe('Alpha 100% Ltd');

    const page = await call('GET', '/api/quotes?limit=1&offset=1', undefined, tenant.token);
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json().map((q: Quote) => q.quoteNumber)).toEqual(['Q-0002']);
    // A page past the end still carries the total; a search matching nothing counts 0.
    const past = await call('GET', '/api/quotes?limit=2&offset=5', undefined, tenant.token);
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('3');
    const none = await call('GET', '/api/quotes?q=nobody', undefined, tenant.token);
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');

    const byName = await call(
      'GET',
      `/api/quotes?q=${encodeURIComponent('beta_')}`,
      undefined,
      tenant.token,
    );
    expect(byName.json().map((q: Quote) => q.quoteNumber)).toEqual(['Q-0002']);
    const percent = await call(
      'GET',
      `/api/quotes?q=${encodeURIComponent('100%')}`,
      undefined,
      tenant.token,
    );
    expect(percent.headers['x-total-count']).toBe('2');
    const wildcard = await call(
      'GET',
      `/api/quotes?q=${encodeURIComponent('%')}`,
      undefined,
      tenant.token,
    );
    expect(wildcard.headers['x-total-count']).toBe('2'); // only the name with a literal %
    const byNumber = await call('GET', '/api/quotes?q=q-0003', undefined, tenant.token);
    expect(byNumber.json().map((q: Quote) => q.quoteNumber)).toEqual(['Q-0003']);
  });

  it('lists 100 quotes with a fixed number of queries', async () => {
    const tenant = await registerTenant(t, 'Hundred');
    const r = await makeRecipient(t, tenant.tenantId);
    const product = await makeProduct(t, tenant.tenantId);
    const db = await tenantDb(t, tenant.tenantId);
    const ids = Array.from({ length: 100 }, () => crypto.randomUUID());
    await db
      .insertInto('quotes')
      .values(
        ids.map((id, i) => ({
          id,
          quote_number: `Q-${1000 + i}`,
          customer_id: r.customer.id,
          contact_id: r.contact.id,
          currency_code: 'USD',
          status: 'Draft' as const,
          notes: '',
          subtotal: '10.00',
          tax_rate: '0',
          tax_amount: '0.00',
          total: '10.00',
          access_token: null,
          viewed_at: null,
          accepted_at: null,
          rejected_at: null,
          version: '1',
        })),
      )
      .execute();
    await db
      .insertInto('quote_items')
      .values(
        ids.map((id) => ({
          id: crypto.randomUUID(),
          quote_id: id,
          product_id: product.id,
          product_name: product.name,
          product_sku: null,
          position: 0,
          quantity: 1,
          unit_price: '10.00',
          subtotal: '10.00',
        })),
      )
      .execute();
    // Count the statements the pool's clients run while the list is served.
    let queries = 0;
    let counting = false;
    t.ctx.database.pool.on('acquire', (client) => {
      const c = client as unknown as { query: (...args: unknown[]) => unknown; counted?: boolean };
      if (c.counted) return;
      c.counted = true;
      const query = c.query.bind(client);
      c.query = (...args: unknown[]) => {
        if (counting) queries += 1;
        return query(...args);
      };
    });
    counting = true;
    const res = await call('GET', '/api/quotes?limit=100', undefined, tenant.token);
    counting = false;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(100);
    expect(res.json()[0].items).toHaveLength(1);
    // authentication (1) + the page with its total + the lines, whatever the number of quotes
    expect(queries).toBeLessThanOrEqual(3);
  });

  it("answers 404 for unknown, malformed and other tenants' ids", async () => {
    const quote = await createQuote();
    for (const url of [
      `/api/quotes/${crypto.randomUUID()}`,
      '/api/quotes/not-a-uuid',
      '/api/quotes/1%27%20OR%201=1',
    ])
      expect((await call('GET', url)).statusCode).toBe(404);
    const foreign = [
      call('GET', `/api/quotes/${quote.id}`, undefined, b.token),
      call('PUT', `/api/quotes/${quote.id}`, { status: 'Sent' }, b.token),
      call('DELETE', `/api/quotes/${quote.id}`, undefined, b.token),
      call('POST', `/api/quotes/${quote.id}/send`, undefined, b.token),
      call('POST', `/api/quotes/${quote.id}/convert`, undefined, b.token),
    ];
    for (const res of await Promise.all(foreign)) expect(res.statusCode).toBe(404);
    const still = (await call('GET', `/api/quotes/${quote.id}`)).json();
    expect(still).toMatchObject({ status: 'Draft', version: quote.version });
    expect((await call('GET', '/api/quotes', undefined, b.token)).json()).toEqual([]);
  });

  it('requires a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/quotes' });
    expect(res.statusCode).toBe(401);
  });
});

describe('update', () => {
  it('edits a draft; kept lines keep their unit price, new lines take the current price', async () => {
    const product = await makeProduct(t, a.tenantId, { price: '5.00' });
    const quote = await createQuote({ items: [{ productId: product.id, quantity: 1 }] });
    await setProductPrice(t, a.tenantId, product.id, '7.50');
    const line = quote.items[0]!;
    const res = await call('PUT', `/api/quotes/${quote.id}`, {
      ...body(),
      id: quote.id,
      items: [
        { id: line.id, productId: product.id, quantity: 3 },
        { productId: product.id, quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json() as Quote;
    expect(updated.items.map((i) => [i.unitPrice, i.subtotal])).toEqual([
      [5, 15],
      [7.5, 7.5],
    ]);
    expect(updated.items[0]!.id).toBe(line.id);
    expect(updated.items[0]!.product.price).toBe(7.5);
    // 22.50 at 9.975 % = 2.2443750 → 2.24
    expect(updated).toMatchObject({ subtotal: 22.5, taxAmount: 2.24, total: 24.74 });
    expect(BigInt(updated.version)).toBeGreaterThan(BigInt(quote.version));
    expect(updated.quoteNumber).toBe(quote.quoteNumber);

    // Without ids, lines at the same position with the same product keep their price too.
    const again = await call('PUT', `/api/quotes/${quote.id}`, {
      items: [
        { productId: product.id, quantity: 4 },
        { productId: product.id, quantity: 1 },
      ],
    });
    expect(again.json().items.map((i: { unitPrice: number }) => i.unitPrice)).toEqual([5, 7.5]);
    expect(again.json().total).toBe(
      toMoneyNumber(
        documentTotals(
          [
            { unitPrice: '5', quantity: 4 },
            { unitPrice: '7.5', quantity: 1 },
          ],
          '9.975',
        ).total,
      ),
    );
  });

  it('changing the currency re-totals with its tax rate; partial input keeps the rest', async () => {
    const quote = await createQuote();
    const res = await call('PUT', `/api/quotes/${quote.id}`, { currencyCode: 'USD' });
    expect(res.json()).toMatchObject({
      currencyCode: 'USD',
      taxRate: 0,
      total: 60.27,
      notes: '<p>Thanks</p>',
    });
    expect(res.json().items).toHaveLength(2);
  });

  it('rejects a body id that differs from the URL', async () => {
    const quote = await createQuote();
    const res = await call('PUT', `/api/quotes/${quote.id}`, {
      id: crypto.randomUUID(),
      status: 'Sent',
    });
    expect(res.statusCode).toBe(400);
  });

  it('only drafts change content; the status alone can be set to any of the five', async () => {
    const quote = await createQuote();
    const full = {
      ...body(),
      id: quote.id,
      items: quote.items.map((i) => ({ id: i.id, productId: i.productId, quantity: i.quantity })),
    };
    const sent = await call('PUT', `/api/quotes/${quote.id}`, { ...full, status: 'Sent' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().status).toBe('Sent');

    for (const change of [
      { notes: '<p>changed</p>' },
      { items: [{ productId: p1.id, quantity: 9 }] },
      { currencyCode: 'USD' },
      { contactId: (await makeContact(t, a.tenantId, recipient.customer.id)).id },
    ]) {
      const res = await call('PUT', `/api/quotes/${quote.id}`, {
        ...full,
        status: 'Sent',
        ...change,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(QUOTE_MESSAGES.notDraft);
    }

    const accepted = await call('PUT', `/api/quotes/${quote.id}`, { ...full, status: 'Accepted' });
    expect(accepted.json()).toMatchObject({ status: 'Accepted', total: quote.total });
    expect(accepted.json().acceptedAt).not.toBeNull();
    for (const status of ['Rejected', 'Converted', 'Draft', 'Sent']) {
      const res = await call('PUT', `/api/quotes/${quote.id}`, { status });
      expect(res.json().status).toBe(status);
    }
    const bad = await call('PUT', `/api/quotes/${quote.id}`, { status: 'Archived' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(QUOTE_MESSAGES.invalidStatus);

    // Back to Draft: editable again.
    await call('PUT', `/api/quotes/${quote.id}`, { status: 'Draft' });
    const edited = await call('PUT', `/api/quotes/${quote.id}`, { notes: '<p>changed</p>' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().notes).toBe('<p>changed</p>');
  });
});

describe('delete', () => {
  it('deletes with a tombstone; then 404', async () => {
    const quote = await createQuote();
    const res = await call('DELETE', `/api/quotes/${quote.id}`);
    expect(res.statusCode).toBe(204);
    expect((await call('GET', `/api/quotes/${quote.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/quotes/${quote.id}`)).statusCode).toBe(404);
    const db = await tenantDb(t, a.tenantId);
    const tomb = await db
      .selectFrom('tombstones')
      .selectAll()
      .where('id', '=', quote.id)
      .executeTakeFirst();
    expect(tomb?.entity).toBe('quotes');
    expect(BigInt(tomb!.version)).toBeGreaterThan(BigInt(quote.version));
  });

  it('keeps the order made from a deleted quote', async () => {
    const quote = await createQuote();
    const order = (await call('POST', `/api/quotes/${quote.id}/convert`)).json() as Order;
    expect((await call('DELETE', `/api/quotes/${quote.id}`)).statusCode).toBe(204);
    const after = await call('GET', `/api/orders/${order.id}`);
    expect(after.json()).toMatchObject({ quoteId: null, orderNumber: order.orderNumber });
    expect(BigInt(after.json().version)).toBeGreaterThan(BigInt(order.version));
  });
});

describe('send', () => {
  it('sends a draft: status Sent, a fresh token, an e-mail with the public link to the contact', async () => {
    const quote = await createQuote();
    const res = await call('POST', `/api/quotes/${quote.id}/send`);
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json() as Quote;
    expect(sent.status).toBe('Sent');
    expect(sent.accessToken).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    const mail = mailsTo(t.mailDir, recipient.contact.email).at(-1)!;
    expect(mail).toContain(`Quote ${quote.quoteNumber} from Quote Makers Ltd`);
    expect(mail).toContain('for C$66.28'); // the currency's own symbol
    expect(mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain(
      `http://app.test/quote/${a.tenantId}/${quote.id}/view?token=${sent.accessToken}`,
    );

    const again = (await call('POST', `/api/quotes/${quote.id}/send`)).json() as Quote;
    expect(again.status).toBe('Sent');
    expect(again.accessToken).not.toBe(sent.accessToken);
    expect((await call('GET', `/api/quotes/${quote.id}`)).json().accessToken).toBe(
      again.accessToken,
    );
  });

  it('needs a contact (400) and a Draft or Sent quote (409)', async () => {
    const r = await makeRecipient(t, a.tenantId);
    const quote = await createQuote({ customerId: r.customer.id, contactId: r.contact.id });
    const db = await tenantDb(t, a.tenantId);
    await db.deleteFrom('contacts').where('id', '=', r.contact.id).execute();
    const res = await call('POST', `/api/quotes/${quote.id}/send`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(QUOTE_MESSAGES.selectContact);

    const other = await createQuote();
    await call('PUT', `/api/quotes/${other.id}`, { status: 'Accepted' });
    const closed = await call('POST', `/api/quotes/${other.id}/send`);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(QUOTE_MESSAGES.cannotSend);
  });
});

describe('convert', () => {
  // Issue 33.2 replaced the spec's fixed 10 % order tax: the order keeps the quote's taxes.
  it("makes a Pending order with the quote's lines, prices and taxes, and marks the quote Converted", async () => {
    const product = await makeProduct(t, a.tenantId, { price: '33.33' });
    const quote = await createQuote({ items: [{ productId: product.id, quantity: 1 }] });
    await setProductPrice(t, a.tenantId, product.id, '40.00');
    const res = await call('POST', `/api/quotes/${quote.id}/convert`);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as Order;
    expect(order.orderNumber).toMatch(/^SO-\d{4,}$/);
    // 33.33 × 9.975 % (the quote's CAD rate) = 3.3246675 → 3.32
    expect(order).toMatchObject({
      quoteId: quote.id,
      customerId: quote.customerId,
      contactId: quote.contactId,
      currencyCode: 'CAD',
      notes: quote.notes,
      status: 'Pending',
      subtotal: 33.33,
      taxRate: 9.975,
      taxAmount: 3.32,
      total: 36.65,
      invoiceId: null,
    });
    expect(order.items.map((i) => [i.productId, i.quantity, i.unitPrice, i.subtotal])).toEqual([
      [product.id, 1, 33.33, 33.33],
    ]);
    expect(order.items[0]!.id).not.toBe(quote.items[0]!.id);
    const after = (await call('GET', `/api/quotes/${quote.id}`)).json() as Quote;
    expect(after.status).toBe('Converted');
    expect(after.version).toBe(order.version); // one transaction, one version

    const again = await call('POST', `/api/quotes/${quote.id}/convert`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `This quote was already converted to order ${order.orderNumber}`,
    );
  });

  it('converts concurrently only once', async () => {
    const quote = await createQuote();
    const results = await Promise.all(
      [1, 2, 3].map(() => call('POST', `/api/quotes/${quote.id}/convert`)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });
});
