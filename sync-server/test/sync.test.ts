import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATCH_UP_PAGE_SIZE, PULL_PAGE_SIZE } from '@smb/shared-types';
import { pull } from '../src/sync/pull';
import { findUserWithTenant } from '../src/modules/auth/auth.repository';
import { bearer, createTestApp, registerTenant, type TestApp } from './helpers';
import { TestClient, applyPatch, customerArgs } from './sync-helpers';

let t: TestApp;
let admin: Awaited<ReturnType<typeof registerTenant>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await registerTenant(t, 'Sync Co');
});
afterAll(async () => {
  await t?.close();
});

const client = () => new TestClient(t, admin.token);

async function productId(c: TestClient): Promise<string> {
  const id = randomUUID();
  const schema = (await findUserWithTenant(t.ctx.database.db, admin.userId))!.tenant.schema_name;
  const db = t.ctx.database.tenantDb(schema);
  await db.transaction().execute(async (trx) => {
    const { nextVersion } = await import('../src/db/version');
    const version = await nextVersion(trx);
    await trx
      .insertInto('products')
      .values({ id, name: 'Widget', sku: 'W-1', price: '19.99', currency_code: 'USD', version })
      .execute();
  });
  void c;
  return id;
}

describe('push', () => {
  it('applies a batch once: a replayed batch is skipped entirely', async () => {
    const c = client();
    const args = customerArgs();
    const batch = [
      c.mutation('customer.create', args),
      c.mutation('customer.update', {
        id: args.id,
        baseVersion: null,
        changes: { phoneNumber: '555-0199' },
        base: { phoneNumber: '555-0100' },
      }),
    ];
    const first = await c.push(batch);
    expect(first.status).toBe(200);
    expect(first.body.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    const again = await c.push(batch);
    expect(again.body.results.map((r) => r.status)).toEqual(['skipped', 'skipped']);
    expect(again.body.lastMutationId).toBe(2);

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/customers?q=${args.name}`,
      headers: bearer(admin.token),
    });
    expect(list.json().filter((x: { id: string }) => x.id === args.id)).toHaveLength(1);
    const contacts = await t.app.inject({
      method: 'GET',
      url: `/api/contacts/customer/${args.id}`,
      headers: bearer(admin.token),
    });
    expect(contacts.json()).toEqual([
      expect.objectContaining({ name: 'Hank Scorpio', role: 'Primary' }),
    ]);
  });

  it('stops at a gap and applies nothing after it', async () => {
    const c = client();
    const one = c.mutation('customer.create', customerArgs());
    c.nextId++; // skip id 2
    const three = c.mutation('customer.create', customerArgs());
    const res = await c.push([one, three]);
    expect(res.body).toMatchObject({
      lastMutationId: 1,
      gapAt: 3,
      results: [{ id: 1, status: 'applied' }],
    });
    const pulled = await c.pullOnce(null);
    expect(pulled.patch.some((p) => p.id === three.args.id)).toBe(false);
  });

  it('records a permanent error as a rejection, advances, and tells the client again on pull', async () => {
    const c = client();
    const bad = c.mutation('contact.create', {
      id: randomUUID(),
      customerId: randomUUID(),
      name: 'Nobody',
      email: 'no@body.test',
    });
    const wrongType = c.mutation('customer.create', { id: randomUUID(), name: 42, email: 'x@y.z' });
    const good = c.mutation('customer.create', customerArgs());
    const res = await c.push([bad, wrongType, good]);
    expect(res.body.results).toEqual([
      { id: 1, status: 'rejected', error: { statusCode: 404, message: expect.any(String) } },
      {
        id: 2,
        status: 'rejected',
        error: { statusCode: 400, message: expect.stringMatching(/name/) },
      },
      { id: 3, status: 'applied' },
    ]);
    expect(res.body.lastMutationId).toBe(3);
    const [page] = await c.pull();
    expect(page!.lastMutationIds[c.clientId]).toBe(3);
    expect(page!.rejections.map((r) => [r.mutationId, r.statusCode])).toEqual([
      [1, 404],
      [2, 400],
    ]);
  });

  it('tells an up-to-date device about a rejection that changed no data, with nothing else', async () => {
    const c = client();
    await c.push([c.mutation('customer.create', customerArgs())]);
    await c.pull();
    const head = c.cursor;
    const res = await c.push([
      c.mutation('contact.create', {
        id: randomUUID(),
        customerId: randomUUID(),
        name: 'N',
        email: 'n@n.test',
      }),
    ]);
    expect(res.body.results[0]).toMatchObject({ status: 'rejected' });
    const page = await c.pullOnce(head);
    // The acknowledgement moved the version (so every instance hears of it), with no row.
    expect(page).toMatchObject({
      cursor: String(BigInt(head!) + 1n),
      hasMore: false,
      clear: false,
      patch: [],
      remaining: 0,
    });
    expect(page.lastMutationIds).toEqual({ [c.clientId]: 2 });
    expect(page.rejections).toEqual([
      {
        mutationId: 2,
        name: 'contact.create',
        statusCode: 404,
        message: expect.any(String),
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
    ]);
    expect(page.tenant).toMatchObject({ id: expect.any(String), naturalName: expect.any(String) });
  });

  it('refuses a client id used by another user', async () => {
    const c = client();
    await c.push([c.mutation('customer.create', customerArgs())]);
    const other = await registerTenant(t, 'Other Co');
    const thief = new TestClient(t, other.token);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: bearer(thief.token),
      payload: {
        clientGroupId: c.clientGroupId,
        clientId: c.clientId,
        mutations: [thief.mutation('customer.create', customerArgs())],
      },
    });
    // The other tenant has its own sync_clients table: the id is simply new there.
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0].status).toBe('applied');
  });

  it('needs a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sync/pull',
      payload: { clientGroupId: randomUUID(), clientId: randomUUID(), cursor: null },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('pull', () => {
  it('returns deletes for every cascaded child of a deleted customer', async () => {
    const c = client();
    const args = customerArgs();
    const product = await productId(c);
    const quoteId = randomUUID();
    await c.push([
      c.mutation('customer.create', args),
      c.mutation('quote.create', {
        id: quoteId,
        customerId: args.id,
        contactId: args.mainContact.id,
        currencyCode: 'USD',
        notes: '',
        items: [{ productId: product, quantity: 2 }],
      }),
    ]);
    await c.pull();
    expect(c.get('quotes', quoteId)).toMatchObject({
      customerId: args.id,
      total: 39.98,
      items: [expect.objectContaining({ quantity: 2, unitPrice: 19.99 })],
    });
    expect(c.get('contacts', args.mainContact.id)).toBeDefined();

    await c.push([c.mutation('customer.delete', { id: args.id })]);
    const pages = await c.pull();
    const dels = pages
      .flatMap((p) => p.patch)
      .filter((p) => p.op === 'del')
      .map((p) => `${p.entity}/${p.id}`);
    expect(dels).toEqual(
      expect.arrayContaining([
        `customers/${args.id}`,
        `contacts/${args.mainContact.id}`,
        `quotes/${quoteId}`,
      ]),
    );
    expect(c.get('customers', args.id)).toBeUndefined();
    expect(c.get('quotes', quoteId)).toBeUndefined();
  });

  it('gives a device far behind pages of 5,000 rows, then pages of 1,000 once it is close', async () => {
    // Its own tenant: a catch-up of thousands of rows, written straight into the schema.
    const far = await registerTenant(t, 'Catch Up Co');
    const scope = (await findUserWithTenant(t.ctx.database.db, far.userId))!;
    const s = { ...scope, db: t.ctx.database.tenantDb(scope.tenant.schema_name) };
    const bulk = CATCH_UP_PAGE_SIZE + PULL_PAGE_SIZE + 500;
    const { version } = await s.db
      .selectFrom('sync_state')
      .select('version')
      .executeTakeFirstOrThrow();
    const base = Number(version);
    const schema = sql.id(scope.tenant.schema_name);
    await sql`INSERT INTO ${schema}.products (id, name, sku, price, currency_code, cost, stock,
                category, supplier, description, created_at, version, updated_at)
              SELECT gen_random_uuid(), 'Bulk ' || i, 'BULK-' || i, 1, 'USD', 0, 0, 'Bulk', 'Bulk',
                '', now(), ${base} + i, now()
              FROM generate_series(1, ${bulk}::int) AS i`.execute(t.ctx.database.db);
    await sql`UPDATE ${schema}.sync_state SET version = ${base + bulk}`.execute(t.ctx.database.db);

    const c = new TestClient(t, far.token);
    const sizes: number[] = [];
    const ids = new Set<string>();
    let cursor: string | null = null;
    for (;;) {
      const page = await pull(s, c.clientGroupId, c.clientId, cursor);
      sizes.push(page.patch.length);
      for (const op of page.patch) ids.add(op.id);
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    // A page stops before the version it would split (here the version of the 5,000th row).
    const near = (n: number, size: number) => n > size - 10 && n <= size;
    expect(sizes).toHaveLength(3);
    expect(near(sizes[0]!, CATCH_UP_PAGE_SIZE), `pages ${sizes.join(', ')}`).toBe(true);
    expect(near(sizes[1]!, PULL_PAGE_SIZE), `pages ${sizes.join(', ')}`).toBe(true);
    expect(ids.size).toBe(sizes.reduce((a, b) => a + b, 0));
    expect(ids.size).toBeGreaterThan(bulk);
  });

  it('gives the same state from any cursor as a fresh full pull, with small pages that never split a version', async () => {
    const c = client();
    const scope = await findUserWithTenant(t.ctx.database.db, admin.userId);
    const s = { ...scope!, db: t.ctx.database.tenantDb(scope!.tenant.schema_name) };

    async function pullAll(cursor: string | null, pageSize: number) {
      const patch = [];
      let next = cursor;
      let pages = 0;
      for (;;) {
        const page = await pull(s, c.clientGroupId, c.clientId, next, { pageSize });
        pages++;
        // A version never straddles two pages.
        if (page.hasMore) {
          const versions = page.patch
            .filter((p) => p.op === 'put')
            .map((p) => String((p as { value: Record<string, unknown> }).value.version));
          expect(versions).not.toContain(String(BigInt(page.cursor) + 1n));
        }
        patch.push(...page.patch);
        next = page.cursor;
        if (!page.hasMore) return { patch, pages, cursor: next };
      }
    }
    async function snapshot() {
      const rows = new Map<string, Record<string, unknown>>();
      const all = await pullAll(null, 1000);
      applyPatch(rows, all.patch);
      return { rows, cursor: all.cursor };
    }

    // A device's state at several moments, with the cursor it had then.
    const moments: Awaited<ReturnType<typeof snapshot>>[] = [await snapshot()];
    const made: string[] = [];
    for (let i = 0; i < 6; i++) {
      const args = customerArgs({ name: `Paged ${i}` });
      made.push(args.id);
      await c.push([c.mutation('customer.create', args)]);
      if (i % 2 === 0)
        await c.push([
          c.mutation('customer.update', {
            id: args.id,
            baseVersion: null,
            changes: { address: `Street ${i}` },
            base: {},
          }),
        ]);
      if (i >= 3) await c.push([c.mutation('customer.delete', { id: made[i - 3] })]);
      moments.push(await snapshot());
    }
    const full = new Map<string, Record<string, unknown>>();
    const fullPull = await pullAll(null, 3);
    expect(fullPull.pages).toBeGreaterThan(1);
    applyPatch(full, fullPull.patch);
    for (const moment of moments) {
      const state = new Map(moment.rows);
      applyPatch(state, (await pullAll(moment.cursor, 2)).patch);
      expect(Object.fromEntries(state)).toEqual(Object.fromEntries(full));
    }
  });

  it('never skips rows written by REST and push concurrently with pulls', async () => {
    const c = client();
    const seen = new Map<string, Record<string, unknown>>();
    let cursor: string | null = null;
    let writing = true;
    const writes = (async () => {
      const jobs: Promise<unknown>[] = [];
      for (let i = 0; i < 15; i++) {
        jobs.push(
          t.app.inject({
            method: 'POST',
            url: '/api/customers',
            headers: bearer(admin.token),
            payload: { name: `REST ${i}`, email: `rest${i}@x.test` },
          }),
        );
        const pusher = new TestClient(t, admin.token);
        jobs.push(
          pusher.push([pusher.mutation('customer.create', customerArgs({ name: `Push ${i}` }))]),
        );
      }
      await Promise.all(jobs);
      writing = false;
    })();
    while (writing) {
      const page = await c.pullOnce(cursor);
      applyPatch(seen, page.patch);
      cursor = page.cursor;
    }
    await writes;
    for (;;) {
      const page = await c.pullOnce(cursor);
      applyPatch(seen, page.patch);
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    const fresh = new Map<string, Record<string, unknown>>();
    for (let next: string | null = null; ;) {
      const page = await c.pullOnce(next);
      applyPatch(fresh, page.patch);
      next = page.cursor;
      if (!page.hasMore) break;
    }
    expect([...seen.keys()].sort()).toEqual([...fresh.keys()].sort());
  });

  it('numbers quotes gaplessly when they arrive by push', async () => {
    const c = client();
    const args = customerArgs();
    const product = await productId(c);
    const ids = Array.from({ length: 5 }, () => randomUUID());
    await c.push([
      c.mutation('customer.create', args),
      ...ids.map((id) =>
        c.mutation('quote.create', {
          id,
          customerId: args.id,
          contactId: args.mainContact.id,
          currencyCode: 'USD',
          notes: '',
          items: [{ productId: product, quantity: 1 }],
        }),
      ),
    ]);
    await c.pull();
    const numbers = ids.map((id) => Number(String(c.get('quotes', id)!.quoteNumber).slice(2)));
    for (let i = 1; i < numbers.length; i++) expect(numbers[i]).toBe(numbers[i - 1]! + 1);
  });
});

describe('mutators', () => {
  it('applies every documented write by push, from master data to a paid invoice', async () => {
    const c = client();
    const currencyId = randomUUID();
    const productId = randomUUID();
    const customer = customerArgs();
    const contactId = randomUUID();
    const quoteId = randomUUID();
    const orderId = randomUUID();
    const invoiceId = randomUUID();
    const draftId = randomUUID();
    const doc = (id: string, quantity: number) => ({
      id,
      customerId: customer.id,
      contactId,
      currencyCode: 'EUR',
      notes: '<p>Hi</p>',
      items: [{ productId, quantity }],
    });
    const mutations = [
      c.mutation('currency.create', {
        id: currencyId,
        code: 'EUR',
        name: 'Euro',
        symbol: '€',
        taxRate: 20,
        dollarExchangeRate: 1.08,
        isDefault: false,
      }),
      c.mutation('currency.update', {
        id: currencyId,
        baseVersion: null,
        changes: { taxRate: 19 },
        base: { taxRate: 20 },
      }),
      c.mutation('product.create', {
        id: productId,
        name: 'Gadget',
        sku: 'G-1',
        price: 10.5,
        currencyCode: 'EUR',
      }),
      c.mutation('product.update', {
        id: productId,
        baseVersion: null,
        changes: { price: 12.25 },
        base: { price: 10.5 },
      }),
      c.mutation('customer.create', customer),
      c.mutation('contact.create', {
        id: contactId,
        customerId: customer.id,
        name: 'Buyer',
        email: 'buyer@globex.test',
        role: 'Purchasing',
      }),
      c.mutation('contact.update', {
        id: contactId,
        baseVersion: null,
        changes: { role: 'Head of Purchasing' },
        base: { role: 'Purchasing' },
      }),
      c.mutation('quote.create', doc(quoteId, 3)),
      c.mutation('quote.update', {
        id: quoteId,
        baseVersion: null,
        changes: { items: [{ productId, quantity: 4 }] },
        base: {},
      }),
      c.mutation('quote.send', { id: quoteId }),
      c.mutation('quote.setStatus', { id: quoteId, status: 'Accepted' }),
      c.mutation('quote.convert', { id: quoteId, orderId }),
      c.mutation('order.update', {
        id: orderId,
        baseVersion: null,
        changes: { notes: '<p>Rush</p>' },
        base: {},
      }),
      c.mutation('order.createInvoice', { id: orderId, invoiceId }),
      c.mutation('invoice.setStatus', { id: invoiceId, status: 'Paid' }),
      c.mutation('quote.create', doc(draftId, 1)),
      c.mutation('quote.delete', { id: draftId }),
      c.mutation('order.create', doc(randomUUID(), 1)),
      c.mutation('tenant.update', { naturalName: 'Sync Co Renamed' }),
    ];
    const res = await c.push(mutations);
    expect(res.body.results.filter((r) => r.status !== 'applied')).toEqual([]);
    const [page] = await c.pull();
    expect(page!.tenant.naturalName).toBe('Sync Co Renamed');
    expect(c.get('currencies', currencyId)).toMatchObject({ code: 'EUR', taxRate: 19 });
    expect(c.get('products', productId)).toMatchObject({ price: 12.25 });
    expect(c.get('contacts', contactId)).toMatchObject({ role: 'Head of Purchasing' });
    // 4 × 12.25 = 49.00; 19 % tax = 9.31
    expect(c.get('quotes', quoteId)).toMatchObject({
      status: 'Converted',
      subtotal: 49,
      taxAmount: 9.31,
      total: 58.31,
    });
    expect(c.get('quotes', draftId)).toBeUndefined();
    // Issue 33.2 (replacing the fixed 10 % of orders): the order keeps the quote's EUR 19 %.
    expect(c.get('orders', orderId)).toMatchObject({
      quoteId,
      notes: '<p>Rush</p>',
      subtotal: 49,
      taxAmount: 9.31,
      total: 58.31,
    });
    expect(c.get('invoices', invoiceId)).toMatchObject({
      orderId,
      status: 'Paid',
      total: 58.31,
      items: [expect.objectContaining({ quantity: 4 })],
    });
    expect(c.get('invoices', invoiceId)!.paidAt).toEqual(expect.any(String));

    const rename = await c.push([c.mutation('tenant.update', { naturalName: '  ' })]);
    expect(rename.body.results[0]).toMatchObject({
      status: 'rejected',
      error: { statusCode: 400, message: 'Company name is required' },
    });
  });
});

describe('conflicts', () => {
  it('merges edits of different fields, and keeps the overwritten value when both edit one field', async () => {
    const a = client();
    const b = client();
    const args = customerArgs({ name: 'Merge Inc', phoneNumber: '111', address: 'Old Road' });
    await a.push([a.mutation('customer.create', args)]);
    await a.pull();
    await b.pull();
    const base = a.get('customers', args.id)!;

    await a.push([
      a.mutation('customer.update', {
        id: args.id,
        baseVersion: base.version,
        changes: { phoneNumber: '222' },
        base: { phoneNumber: '111' },
      }),
    ]);
    await b.push([
      b.mutation('customer.update', {
        id: args.id,
        baseVersion: base.version,
        changes: { address: 'New Road' },
        base: { address: 'Old Road' },
      }),
    ]);
    await b.pull();
    expect(b.get('customers', args.id)).toMatchObject({ phoneNumber: '222', address: 'New Road' });

    await a.push([
      a.mutation('customer.update', {
        id: args.id,
        baseVersion: base.version,
        changes: { name: 'Merge A' },
        base: { name: 'Merge Inc' },
      }),
    ]);
    await b.push([
      b.mutation('customer.update', {
        id: args.id,
        baseVersion: base.version,
        changes: { name: 'Merge B' },
        base: { name: 'Merge Inc' },
      }),
    ]);
    await a.pull();
    expect(a.get('customers', args.id)).toMatchObject({ name: 'Merge B' });
    const conflicts = [...a.rows.values()].filter((r) => r.entityId === args.id);
    expect(conflicts).toEqual([
      expect.objectContaining({
        entity: 'customers',
        field: 'name',
        overwrittenValue: 'Merge A',
        winningValue: 'Merge B',
        resolved: false,
      }),
    ]);

    await a.push([a.mutation('conflict.resolve', { id: conflicts[0]!.id })]);
    await b.pull();
    expect(b.get('conflicts', conflicts[0]!.id as string)).toMatchObject({ resolved: true });
  });

  it('a device that edits one field twice offline overwrites only itself: no conflict', async () => {
    const a = client();
    const args = customerArgs({ name: 'Twice Ltd', phoneNumber: '111' });
    await a.push([a.mutation('customer.create', args)]);
    await a.pull();
    const base = a.get('customers', args.id)!;
    // Both edits were made offline on the same server copy, so both name it as their base.
    const edit = (phoneNumber: string) =>
      a.mutation('customer.update', {
        id: args.id,
        baseVersion: base.version,
        changes: { phoneNumber },
        base: { phoneNumber: '111' },
      });
    await a.push([edit('222'), edit('333')]);
    await a.pull();
    expect(a.get('customers', args.id)).toMatchObject({ phoneNumber: '333' });
    expect([...a.rows.values()].filter((r) => r.entityId === args.id)).toEqual([]);
  });

  it('rejects an edit of a quote that is no longer a draft, with the reason', async () => {
    const c = client();
    const args = customerArgs();
    const product = await productId(c);
    const quoteId = randomUUID();
    await c.push([
      c.mutation('customer.create', args),
      c.mutation('quote.create', {
        id: quoteId,
        customerId: args.id,
        contactId: args.mainContact.id,
        currencyCode: 'USD',
        notes: '<p>v1</p>',
        items: [{ productId: product, quantity: 1 }],
      }),
      c.mutation('quote.send', { id: quoteId }),
    ]);
    const res = await c.push([
      c.mutation('quote.update', {
        id: quoteId,
        baseVersion: null,
        changes: { notes: '<p>v2</p>' },
        base: { notes: '<p>v1</p>' },
      }),
    ]);
    expect(res.body.results[0]).toMatchObject({ status: 'rejected', error: { statusCode: 409 } });
    await c.pull();
    expect(c.get('quotes', quoteId)).toMatchObject({ status: 'Sent', notes: '<p>v1</p>' });
  });
});

describe('events', () => {
  it('streams a poke when the tenant version moves, and nothing without a token', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const anonymous = await fetch(`http://127.0.0.1:${port}/api/sync/events`);
    expect(anonymous.status).toBe(401);

    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/sync/events`, {
      headers: bearer(admin.token),
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    /** Reads the stream until it holds `needle` (fails after 10 s, a bound for a loaded machine). */
    const received = (needle: string) =>
      Promise.race([
        (async () => {
          while (!text.includes(needle)) {
            const { value, done } = await reader.read();
            if (done) throw new Error(`stream ended without ${needle}: ${text}`);
            text += decoder.decode(value);
          }
        })(),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`no ${needle} in: ${text}`)), 10_000).unref(),
        ),
      ]);
    // Subscribed: the server writes this line and, in the same tick, starts the read that takes
    // the tenant's current version as the watcher's baseline.
    await received(': connected');
    const c = client();
    await c.push([c.mutation('customer.create', customerArgs())]);
    // A second change, after the first one's push has answered: the baseline read was sent before
    // either push, so it has ended by now and this change is a move the watcher must report
    // (the first may have landed before the baseline and then rightly pokes nobody).
    await c.push([c.mutation('customer.create', customerArgs())]);
    const schema = (await findUserWithTenant(t.ctx.database.db, admin.userId))!.tenant.schema_name;
    const { version } = await t.ctx.database
      .tenantDb(schema)
      .selectFrom('sync_state')
      .select('version')
      .executeTakeFirstOrThrow();
    await received(`event: poke\ndata: {"version":"${String(version)}"}\n\n`);
    controller.abort();
  });
});

describe('hostile mutations', () => {
  it('rejects a mutation with a NUL byte alone and goes on with the batch', async () => {
    const c = client();
    const res = await c.push([
      c.mutation('customer.create', customerArgs({ name: 'Bad\u0000Name' })),
      c.mutation('customer.create', customerArgs()),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r) => r.status)).toEqual(['rejected', 'applied']);
    expect(res.body.results[0]!.error!.message).toMatch(/NUL/);
  });

  it('accepts a full batch of long notes (over the 1 MB limit of other routes)', async () => {
    const c = client();
    const notes = `<p>${'x'.repeat(20_000)}</p>`;
    const mutations = Array.from({ length: 100 }, () =>
      c.mutation('customer.create', customerArgs({ address: notes.slice(0, 290), name: 'Long' })),
    );
    // 100 customers with long addresses plus padding to exceed 1 MB in total.
    const payload = JSON.stringify({
      clientGroupId: c.clientGroupId,
      clientId: c.clientId,
      mutations: mutations.map((m) => ({ ...m, args: { ...m.args, padding: notes } })),
    });
    expect(payload.length).toBeGreaterThan(1024 * 1024);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { ...bearer(admin.token), 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.every((r: { status: string }) => r.status === 'applied')).toBe(true);
  });
});
