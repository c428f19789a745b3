// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmbDatabase } from '../../pwa/src/db/database';
import { createContact, deleteContact } from '../../pwa/src/features/contacts/data/contacts';
import { createCustomer, updateCustomer } from '../../pwa/src/features/customers/data/customers';
import { createProduct } from '../../pwa/src/features/products/data/products';
import { convertQuote, createQuote, sendQuote } from '../../pwa/src/features/quotes/data/quotes';
import { SyncEngine } from '../../pwa/src/sync/engine';
import { createSyncStatusStore } from '../../pwa/src/sync/status';
import type { SyncFetch } from '../../pwa/src/sync/transport';
import {
  bearer,
  createTestApp,
  registerTenant,
  type TestApp,
} from '../../sync-server/test/helpers';

/** The PWA's data layer (Dexie on fake-indexeddb) against the real sync routes via `app.inject`. */
describe('sync client ↔ server', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof registerTenant>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerTenant(t, 'Converge Ltd');
  });
  afterAll(async () => {
    await t?.close();
  });

  const inject: SyncFetch = async (url, init) => {
    const res = await t.app.inject({
      method: init.method,
      url,
      headers: init.headers,
      payload: init.body,
    });
    return { status: res.statusCode, json: async () => res.json() as unknown };
  };

  function device(name: string) {
    const db = new SmbDatabase(`smb-${admin.tenantId}-${admin.userId}-${name}-${Math.random()}`);
    const engine = new SyncEngine({
      db,
      transport: { fetch: inject, getToken: () => admin.token },
      status: createSyncStatusStore(),
      locks: null,
      eventSource: null,
      listenToWindow: false,
      onBusyChange: () => undefined,
      debounceMs: 3_600_000,
      intervalMs: 3_600_000,
    });
    engine.start();
    return { db, engine };
  }

  const sorted = async (
    db: SmbDatabase,
    entity: 'customers' | 'contacts' | 'products' | 'quotes' | 'orders',
  ) => (await db.entityTable(entity).toArray()).sort((a, b) => a.id.localeCompare(b.id));

  it('two devices create, update and delete offline and converge with the server', async () => {
    const a = device('a');
    const b = device('b');
    expect((await a.engine.syncNow()).ok).toBe(true);
    await b.engine.syncNow();

    // Device A, offline: a customer with its main contact, a product, a quote sent and converted.
    const customerId = await createCustomer(
      {
        name: 'Globex',
        email: 'info@globex.test',
        mainContactName: 'Hank',
        mainContactEmail: 'hank@globex.test',
      },
      a.db,
    );
    const mainContactId = (await a.db.contacts.where('customerId').equals(customerId).first())!.id;
    const currencyCode = (await a.db.currencies.filter((c) => c.isDefault).first())?.code ?? 'USD';
    const productId = await createProduct({ name: 'Gizmo', price: 12.5, currencyCode }, a.db);
    const quoteId = await createQuote(
      { customerId, contactId: mainContactId, currencyCode, items: [{ productId, quantity: 3 }] },
      a.db,
    );
    expect((await a.db.quotes.get(quoteId))?.quoteNumber).toBeNull();
    await sendQuote(quoteId, a.db);
    const orderId = await convertQuote(quoteId, a.db);
    const first = await a.engine.syncNow();
    expect(first).toMatchObject({ ok: true });
    expect(await a.db.outbox.count()).toBe(0);
    expect(await a.db.rejections.toArray()).toEqual([]);
    const quote = (await a.db.quotes.get(quoteId))!;
    expect(quote.quoteNumber).toMatch(/^Q-\d{4,}$/);
    expect(quote.status).toBe('Converted');
    expect((await a.db.orders.get(orderId))?.orderNumber).toMatch(/^SO-\d{4,}$/);

    // Device B pulls it all, then edits the customer and adds a contact; A deletes the main contact.
    await b.engine.syncNow();
    expect((await b.db.quotes.get(quoteId))?.total).toBe(quote.total);
    await updateCustomer(customerId, { name: 'Globex Corporation' }, b.db);
    const extraId = await createContact(
      { customerId, name: 'Mia', email: 'mia@globex.test', role: 'Buyer' },
      b.db,
    );
    await deleteContact(mainContactId, a.db);
    await b.engine.syncNow();
    await a.engine.syncNow();
    await b.engine.syncNow();

    for (const entity of ['customers', 'contacts', 'products', 'quotes', 'orders'] as const)
      expect(await sorted(b.db, entity)).toEqual(await sorted(a.db, entity));
    expect((await a.db.contacts.toArray()).map((c) => c.id)).toEqual([extraId]);
    expect(await a.db._server.count()).toBe(0);

    // And the REST API agrees.
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/customers/${customerId}`,
      headers: bearer(admin.token),
    });
    expect(res.json()).toMatchObject({ name: 'Globex Corporation' });
    a.engine.stop();
    b.engine.stop();
  });

  it('rolls back a change the server refuses and keeps its message', async () => {
    const a = device('c');
    await a.engine.syncNow();
    const customerId = await createCustomer({ name: 'Initech', email: 'hello@initech.test' }, a.db);
    await a.engine.syncNow();
    // Deleted elsewhere (REST) while this device edits it offline.
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/customers/${customerId}`,
      headers: bearer(admin.token),
    });
    expect(del.statusCode).toBeLessThan(300);
    await updateCustomer(customerId, { name: 'Initech 2' }, a.db);
    await a.engine.syncNow();
    expect(await a.db.customers.get(customerId)).toBeUndefined();
    expect(await a.db.outbox.count()).toBe(0);
    const [rejection] = await a.db.rejections.toArray();
    expect(rejection).toMatchObject({ name: 'customer.update', statusCode: 404 });
    expect(rejection!.message).toBeTruthy();
    a.engine.stop();
  });
});
