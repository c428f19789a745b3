import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, expectStatus, schemaOf, type Client } from './api-helpers';
import { makeCustomer, makeProduct, makeRecipient, type CustomerFixture } from './factories';
import { createTestApp, registerTenant, type TestApp } from './helpers';
import { sql, type Kysely } from 'kysely';
import { loadConfig } from '../src/config';
import type { AppDatabase } from '../src/db/app-tables';
import { prepared } from '../src/db/prepared';

// One connection, so what the server prepared is what the test sees on it.
let t: TestApp;
let api: Client;
let tenantId: string;
let customer: CustomerFixture;

beforeAll(async () => {
  t = await createTestApp({ poolSize: 1 });
  const tenant = await registerTenant(t, 'Prepared Co');
  tenantId = tenant.tenantId;
  api = client(t, tenant.token);
  customer = await makeCustomer(t, tenantId);
});
afterAll(async () => {
  await t?.close();
});

const preparedStatements = async () =>
  (
    await t.ctx.database.pool.query<{ name: string; statement: string }>(
      'SELECT name, statement FROM pg_prepared_statements',
    )
  ).rows;

describe('the hottest statements', () => {
  it('are parsed once per connection and run by name after that', async () => {
    for (let i = 0; i < 3; i++) expectStatus(await api.get(`/api/customers/${customer.id}`), 200);
    const schema = await schemaOf(t, tenantId);
    const byId = (await preparedStatements()).filter((s) =>
      s.statement.includes(`"${schema}"."customers"`),
    );
    expect(byId).toHaveLength(1);
    expect(byId[0]!.name).toMatch(/^smb_[0-9a-f]{8}_[0-9a-f]{24}$/);
  });

  it('are planned once, when prepared, for any value: not again on each of their first runs', async () => {
    const other = await makeCustomer(t, tenantId);
    const schema = await schemaOf(t, tenantId);
    const plans = async () =>
      (
        await t.ctx.database.pool.query<{ generic: string; custom: string }>(
          `SELECT generic_plans AS generic, custom_plans AS custom FROM pg_prepared_statements
            WHERE statement LIKE '%' || $1 || '%'`,
          [`"${schema}"."customers"`],
        )
      ).rows;
    const before = await plans();
    expect(before).toHaveLength(1);
    for (const id of [other.id, customer.id, other.id])
      expectStatus(await api.get(`/api/customers/${id}`), 200);
    const after = await plans();
    expect(Number(after[0]!.generic)).toBe(Number(before[0]!.generic) + 3);
    expect(Number(after[0]!.custom)).toBe(0);
  });

  it('keep answering when a migration adds a column while the server runs', async () => {
    expectStatus(await api.get(`/api/customers/${customer.id}`), 200);
    const schema = await schemaOf(t, tenantId);
    await t.ctx.database.pool.query(`ALTER TABLE "${schema}".customers ADD COLUMN nickname text`);
    const res = await api.get(`/api/customers/${customer.id}`);
    expect(expectStatus(res, 200)).toMatchObject({ id: customer.id, name: customer.name });
  });
});

/** A new quote or order for one line of `quantity` of the product, as the API answers it. */
async function createDocument<T extends { id: string }>(
  url: '/api/quotes' | '/api/orders',
  recipient: Awaited<ReturnType<typeof makeRecipient>>,
  productId: string,
  quantity = 1,
): Promise<T> {
  const body = {
    customerId: recipient.customer.id,
    contactId: recipient.contact.id,
    items: [{ productId, quantity }],
  };
  return expectStatus<T>(await api.post(url, body), 201);
}

describe('the quote and order lists', () => {
  it("run prepared — the page with its total, the search, the lines, the creation's look-up and write — and survive a new column", async () => {
    const schema = await schemaOf(t, tenantId);
    const recipient = await makeRecipient(t, tenantId, { customer: { name: 'Listed Ltd' } });
    const product = await makeProduct(t, tenantId);
    const quote = await createDocument<{ id: string }>('/api/quotes', recipient, product.id, 2);
    const list = async (query: string) => {
      const res = await api.get(`/api/quotes${query}`);
      return {
        quotes: expectStatus(res, 200) as { id: string }[],
        total: res.headers['x-total-count'],
      };
    };
    const before = await list('?limit=10');
    for (let i = 0; i < 2; i++) await list('?limit=10&q=listed');
    const named = (await preparedStatements()).filter((s) =>
      /"(quotes|quote_items)"/.test(s.statement),
    );
    // all quotes, the matching ones, their lines, and the creation's one write
    expect(named).toHaveLength(4);
    expect(
      named.filter((s) => s.statement.includes(`insert into "${schema}"."quotes"`)),
    ).toHaveLength(1);
    // the creation's one look-up of customer, contact, currency and products
    const references = (await preparedStatements()).filter((s) =>
      s.statement.includes(`"${schema}"."currencies"`),
    );
    expect(references).toHaveLength(1);
    expect(before.quotes.map((q) => q.id)).toContain(quote.id);

    await t.ctx.database.pool.query(`ALTER TABLE "${schema}".quotes ADD COLUMN reference text`);
    await t.ctx.database.pool.query(`ALTER TABLE "${schema}".quote_items ADD COLUMN note text`);
    expect(await list('?limit=10')).toEqual(before);
    expect((await list('?limit=10&q=listed')).quotes.map((q) => q.id)).toEqual([quote.id]);
    expect(await list('?limit=10&offset=50')).toEqual({ quotes: [], total: before.total });
    const another = await createDocument<{ id: string }>('/api/quotes', recipient, product.id, 1);
    expect(expectStatus(await api.get(`/api/quotes/${another.id}`), 200)).toEqual(another);
  });
  it('orders and invoices too: their lists answer the same after a new column', async () => {
    const schema = await schemaOf(t, tenantId);
    const recipient = await makeRecipient(t, tenantId);
    const product = await makeProduct(t, tenantId);
    const order = await createDocument<{ id: string; orderNumber: string }>(
      '/api/orders',
      recipient,
      product.id,
      3,
    );
    expectStatus(await api.post(`/api/orders/${order.id}/create-invoice`, {}), 201);
    const lists = async () =>
      Promise.all(
        ['/api/orders?limit=5', '/api/invoices?limit=5', `/api/orders?q=${order.orderNumber}`].map(
          async (url) => expectStatus<unknown[]>(await api.get(url), 200),
        ),
      );
    const before = await lists();
    expect(before.map((list) => list.length)).toEqual([1, 1, 1]);
    for (const table of ['orders', 'order_items', 'invoices', 'invoice_items'])
      await t.ctx.database.pool.query(`ALTER TABLE "${schema}".${table} ADD COLUMN extra text`);
    expect(await lists()).toEqual(before);
  });
});

/** Resolves once `condition` holds, polling what the pool reports; fails after 10 s. */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('what a database session holds prepared', () => {
  it('is run by name on a connection that replaces one closed while idle, never prepared twice', async () => {
    const short = await createTestApp({ poolSize: 1, env: { DB_IDLE_TIMEOUT_MS: '100' } });
    try {
      const tenant = await registerTenant(short, 'Idle Co');
      const someone = await makeCustomer(short, tenant.tenantId);
      const idleApi = client(short, tenant.token);
      const { pool } = short.ctx.database;
      for (let round = 1; round <= 3; round++) {
        expect(expectStatus(await idleApi.get(`/api/customers/${someone.id}`), 200)).toMatchObject({
          id: someone.id,
        });
        await until(() => pool.totalCount === 0, `the idle connection closed (round ${round})`);
      }
      // PostgreSQL ended each of those sessions with its connection; PGlite's one session kept
      // the statement all along, prepared once.
      const schema = await schemaOf(short, tenant.tenantId);
      const { rows } = await pool.query<{ statement: string }>(
        'SELECT statement FROM pg_prepared_statements',
      );
      const held = rows.filter((r) => r.statement.includes(`"${schema}"."customers"`));
      expect(held).toHaveLength(short.ctx.database.kind === 'embedded' ? 1 : 0);
    } finally {
      await short.close();
    }
  });

  it('keeps one copy of a statement that dropped out of the names run lately and came back', async () => {
    // More statement texts than the server names at once (as with thousands of companies), the
    // first of them run again at the end.
    const texts = Array.from({ length: 600 }, (_, i) =>
      prepared((db: Kysely<AppDatabase>) => db.selectNoFrom(sql<number>`${sql.lit(i)}`.as('n'))),
    );
    const { db } = t.ctx.database;
    for (const run of texts) await run(db);
    await texts[0]!(db);
    const copies = (await preparedStatements()).filter((s) =>
      /^select 0 as "n"$/i.test(s.statement),
    );
    expect(copies).toHaveLength(1);
  });

  it('is prepared again, within the same request, when the session lost it', async () => {
    expectStatus(await api.get(`/api/customers/${customer.id}`), 200);
    const before = await preparedStatements();
    expect(before.length).toBeGreaterThan(0);
    await t.ctx.database.pool.query('DEALLOCATE ALL'); // the pool's one connection: the same session
    expect(await preparedStatements()).toEqual([]);
    const res = await api.get(`/api/customers/${customer.id}`);
    expect(expectStatus(res, 200)).toMatchObject({ id: customer.id, name: customer.name });
    const after = await preparedStatements();
    expect(after).toHaveLength(1);
    expect(before).toContainEqual(after[0]);
  });
});

describe('DB_PREPARED_STATEMENTS', () => {
  it('is on by default; 0 runs every statement unnamed (for a pooler that cannot keep them)', async () => {
    const dataDir = t.config.dataDir;
    expect(loadConfig({ DATA_DIR: dataDir }).preparedStatements).toBe(true);
    expect(() => loadConfig({ DATA_DIR: dataDir, DB_PREPARED_STATEMENTS: '2' })).toThrow(
      'DB_PREPARED_STATEMENTS must be a whole number from 0 to 1',
    );
    const off = await createTestApp({ poolSize: 1, env: { DB_PREPARED_STATEMENTS: '0' } });
    try {
      const tenant = await registerTenant(off, 'Unprepared Co');
      const someone = await makeCustomer(off, tenant.tenantId);
      expectStatus(await client(off, tenant.token).get(`/api/customers/${someone.id}`), 200);
      const { rows } = await off.ctx.database.pool.query('SELECT name FROM pg_prepared_statements');
      expect(rows).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
