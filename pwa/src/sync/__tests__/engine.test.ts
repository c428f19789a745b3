import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { QUOTE_MESSAGES } from '@smb/shared-types/quotes';
import type { SmbDatabase } from '../../db/database';
import { getMeta, setMeta } from '../../db/meta';
import { createCustomer, updateCustomer } from '../../features/customers/data/customers';
import { createProduct } from '../../features/products/data/products';
import { createQuote, updateQuote } from '../../features/quotes/data/quotes';
import { resolveConflict } from '../conflicts';
import type { SyncEngine } from '../engine';
import { discardRejection, retryRejection } from '../rejections';
import { createSyncStatusStore } from '../status';
import { applyPullPage } from '../pull';
import type { SyncFetch } from '../transport';
import { FakeSyncServer, Refusal } from './fake-server';
import { drain, fakeLocks, newClientDb, testEngine } from './helpers';

const open: { db: SmbDatabase; engine?: SyncEngine }[] = [];
function client(server: FakeSyncServer, options: Parameters<typeof testEngine>[2] = {}) {
  const db = newClientDb();
  const engine = testEngine(db, server.transport(), options);
  open.push({ db, engine });
  return { db, engine };
}
afterEach(() => {
  for (const { db, engine } of open.splice(0)) {
    engine?.stop();
    db.close();
  }
});

const customerRow = (id: string, name: string) => ({
  id,
  name,
  email: `${id}@x.test`,
  phoneNumber: null,
  address: 'Old street',
  address2: null,
});

describe('sync engine against the in-memory server', () => {
  it('pushes offline creations, then pulls the server rows with their numbers', async () => {
    const server = await new FakeSyncServer().init();
    const { db, engine } = client(server);
    const customerId = await createCustomer(
      {
        name: 'Acme',
        email: 'a@acme.test',
        mainContactName: 'Ann',
        mainContactEmail: 'ann@acme.test',
      },
      db,
    );
    const contactId = (await db.contacts.toArray())[0]!.id;
    const productId = await createProduct({ name: 'W', price: 2.5, currencyCode: 'USD' }, db);
    const quoteId = await createQuote(
      { customerId, contactId, items: [{ productId, quantity: 4 }] },
      db,
    );
    expect((await db.quotes.get(quoteId))?.quoteNumber).toBeNull();

    engine.start();
    const result = await engine.syncNow();
    expect(result.ok).toBe(true);
    expect(await db.outbox.count()).toBe(0);
    expect(await db._server.count()).toBe(0);
    expect(await db.quotes.get(quoteId)).toMatchObject({
      quoteNumber: 'Q-0001',
      total: 11,
      version: expect.any(String),
    });
    expect(await server.rows('customers')).toEqual(await db.customers.toArray());
    expect(await getMeta(db, 'tenant')).toMatchObject({ naturalName: 'Acme' });
    expect(await getMeta(db, 'cursor')).toBe(String(server.version));
  });

  it('a record made and then edited offline replays without a conflict with itself', async () => {
    const server = await new FakeSyncServer().init();
    const { db, engine } = client(server);
    const customerId = await createCustomer(
      {
        name: 'Fair',
        email: 'hello@fair.test',
        mainContactName: 'Fay',
        mainContactEmail: 'fay@fair.test',
      },
      db,
    );
    const contactId = (await db.contacts.toArray())[0]!.id;
    const productId = await createProduct({ name: 'Stand', price: 120, currencyCode: 'USD' }, db);
    const quoteId = await createQuote(
      { customerId, contactId, items: [{ productId, quantity: 3 }] },
      db,
    );
    // Days later, still offline: the same records change.
    await updateCustomer(customerId, { email: 'orders@fair.test' }, db);
    const item = (await db.quotes.get(quoteId))!.items[0]!;
    await updateQuote(quoteId, { items: [{ id: item.id, productId, quantity: 5 }] }, db);
    expect((await db.outbox.toArray()).at(-1)?.args).toMatchObject({
      baseVersion: null,
      base: { items: [expect.objectContaining({ productId, quantity: 3 })] },
    });

    engine.start();
    await drain(engine, db);
    expect(await server.rows('conflicts')).toEqual([]);
    expect(await db.conflicts.count()).toBe(0);
    expect(await server.rows('customers')).toMatchObject([{ email: 'orders@fair.test' }]);
    expect((await server.rows('quotes'))[0]).toMatchObject({
      items: [expect.objectContaining({ quantity: 5 })],
    });
  });

  it('rebases: a pending local edit survives a pull that changes the same row, and the other fields arrive', async () => {
    const server = await new FakeSyncServer().init();
    await server.seed('customers', [customerRow('c1', 'Original')]);
    const { db, engine } = client(server);
    engine.start();
    await engine.syncNow();

    // Offline edit, not pushed yet.
    await updateCustomer('c1', { name: 'Mine' }, db);
    // Someone else changes another field on the server.
    await server.externalUpdate('customers', 'c1', { address: 'New street' });
    // A pull arrives while the edit is still pending (made after the push began).
    const clientId = (await getMeta(db, 'clientId'))!;
    const cursor = (await getMeta(db, 'cursor')) ?? null;
    await applyPullPage(
      db,
      clientId,
      await server.pull({ clientId, clientGroupId: clientId, cursor }),
    );
    expect(await db.customers.get('c1')).toMatchObject({ name: 'Mine', address: 'New street' });
    expect(await db.outbox.count()).toBe(1);
    // The base copy follows the server.
    expect(await db._server.get('customers:c1')).toMatchObject({
      row: { name: 'Original', address: 'New street' },
    });

    await engine.syncNow();
    expect(await db.outbox.count()).toBe(0);
    expect(await server.rows('customers')).toMatchObject([{ name: 'Mine', address: 'New street' }]);
    expect(await db.customers.get('c1')).toMatchObject({ name: 'Mine', address: 'New street' });
  });

  it('rolls back a rejected mutation to the server copy and keeps the reason (discard, retry)', async () => {
    const server = await new FakeSyncServer().init();
    const { db, engine } = client(server);
    await db.transaction('rw', db.allTables, async () => {
      const customerId = await createCustomer(
        {
          name: 'Acme',
          email: 'a@acme.test',
          mainContactName: 'Ann',
          mainContactEmail: 'ann@acme.test',
        },
        db,
      );
      void customerId;
    });
    const customerId = (await db.customers.toArray())[0]!.id;
    const contactId = (await db.contacts.toArray())[0]!.id;
    const productId = await createProduct({ name: 'W', price: 1, currencyCode: 'USD' }, db);
    const quoteId = await createQuote(
      { customerId, contactId, notes: 'first', items: [{ productId, quantity: 1 }] },
      db,
    );
    engine.start();
    await engine.syncNow();

    // Another user sends the quote; this client, not yet aware, edits it.
    await server.externalUpdate('quotes', quoteId, { status: 'Sent' });
    await updateQuote(quoteId, { notes: 'edited offline' }, db);
    expect((await db.quotes.get(quoteId))?.notes).toBe('edited offline');

    await engine.syncNow();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.quotes.get(quoteId)).toMatchObject({ notes: 'first', status: 'Sent' });
    const [rejection] = await db.rejections.toArray();
    expect(rejection).toMatchObject({
      name: 'quote.update',
      statusCode: 409, // as the real server (tests/integration/mutation-parity.test.ts)
      message: QUOTE_MESSAGES.notDraft,
    });
    expect(rejection!.args).toMatchObject({ changes: { notes: 'edited offline' } });

    // Pulling again does not bring a discarded rejection back.
    await discardRejection(db, rejection!.mutationId);
    await engine.syncNow();
    expect(await db.rejections.count()).toBe(0);

    // Retry after the quote is a draft again.
    await server.externalUpdate('quotes', quoteId, { status: 'Draft' });
    await engine.syncNow();
    const refusedName = await updateCustomer(customerId, { name: 'Refused' }, db);
    expect(refusedName).toBe(true);
    server.rule = (m) => (m.name === 'customer.update' ? new Refusal(403, 'Not allowed') : null);
    await engine.syncNow();
    expect((await db.customers.get(customerId))?.name).toBe('Acme');
    const [refused] = await db.rejections.toArray();
    expect(refused).toMatchObject({ message: 'Not allowed', statusCode: 403 });
    server.rule = undefined;
    await retryRejection(db, refused!.mutationId);
    expect((await db.customers.get(customerId))?.name).toBe('Refused');
    await engine.syncNow();
    expect(await db.rejections.count()).toBe(0);
    expect(await server.rows('customers')).toMatchObject([{ name: 'Refused' }]);
  });

  it('on 401 mid-push keeps the outbox, stops and reports needsLogin; resumes after login', async () => {
    const server = await new FakeSyncServer().init();
    const status = createSyncStatusStore();
    let token: string | null = 'token-1';
    const { db, engine } = client(server, { status, token: () => token });
    engine.start();
    await engine.syncNow();
    await createCustomer({ name: 'A', email: 'a@x.test' }, db);
    await createCustomer({ name: 'B', email: 'b@x.test' }, db);
    server.validTokens.delete('token-1'); // the session expired on the server

    const result = await engine.syncNow();
    expect(result.ok).toBe(false);
    expect(status.get().needsLogin).toBe(true);
    expect(engine.isStarted).toBe(false);
    expect(await db.outbox.count()).toBe(2);
    expect(await db.customers.count()).toBe(2);
    expect((await engine.syncNow()).ok).toBe(false); // stopped: nothing is sent
    expect(await server.rows('customers')).toHaveLength(0);

    token = 'token-2';
    server.validTokens.add('token-2');
    engine.start();
    expect(status.get().needsLogin).toBe(false);
    await engine.syncNow();
    expect(await db.outbox.count()).toBe(0);
    expect(await server.rows('customers')).toHaveLength(2);
  });

  it('two tabs on one database: one leader pushes the other tab’s writes; the other takes over', async () => {
    const server = await new FakeSyncServer().init();
    const locks = fakeLocks();
    const name = `two-tabs-${Math.random()}`;
    const { newClientDb: make } = await import('./helpers');
    const tabA = make(name);
    const tabB = make(name);
    const engineA = testEngine(tabA, server.transport(), { locks });
    const engineB = testEngine(tabB, server.transport(), { locks, debounceMs: 5 });
    open.push({ db: tabA, engine: engineA }, { db: tabB, engine: engineB });
    engineA.start();
    engineB.start();
    await new Promise((r) => setTimeout(r, 20));
    expect(engineA.isLeader).toBe(true);
    expect(engineB.isLeader).toBe(false);

    // A write in tab B is one shared outbox; tab B cannot sync, tab A does.
    await createCustomer({ name: 'From B', email: 'b@x.test' }, tabB);
    expect((await engineB.syncNow()).ok).toBe(false);
    await engineA.syncNow();
    expect(await server.rows('customers')).toMatchObject([{ name: 'From B' }]);
    expect(await tabB.outbox.count()).toBe(0);
    expect(await tabB.customers.toArray()).toMatchObject([
      { name: 'From B', version: expect.any(String) },
    ]);

    // Tab A closes: tab B becomes the leader and syncs.
    engineA.stop();
    await new Promise((r) => setTimeout(r, 20));
    expect(engineB.isLeader).toBe(true);
    await createCustomer({ name: 'Later', email: 'l@x.test' }, tabB);
    await engineB.syncNow();
    expect(await server.rows('customers')).toHaveLength(2);
  });

  it('skips duplicates and closes a gap in mutation ids', async () => {
    const server = await new FakeSyncServer().init();
    const { db, engine } = client(server);
    await createCustomer({ name: 'A', email: 'a@x.test' }, db);
    // Replay the same push twice (a duplicated request): applied once.
    const clientId = (await getMeta(db, 'clientId'))!;
    const clientGroupId = (await getMeta(db, 'clientGroupId'))!;
    const entry = (await db.outbox.toArray())[0]!;
    const request = {
      clientId,
      clientGroupId,
      mutations: [{ id: 1, name: entry.name, args: entry.args }],
    };
    expect((await server.push(request)).results[0]?.status).toBe('applied');
    expect((await server.push(request)).results[0]?.status).toBe('skipped');
    engine.start();
    await engine.syncNow();
    expect(server.applied).toEqual([`${clientId}:1`]);
    expect(await server.rows('customers')).toHaveLength(1);

    // The outbox jumps ahead of the server (ids 2..4 lost): the engine renumbers and pushes.
    await setMeta(db, 'nextMutationId', 5);
    await createCustomer({ name: 'B', email: 'b@x.test' }, db);
    await createCustomer({ name: 'C', email: 'c@x.test' }, db);
    await engine.syncNow();
    expect(await db.outbox.count()).toBe(0);
    expect(await server.rows('customers')).toHaveLength(3);
    expect(server.lastMutationIds.get(clientId)).toBe(3);
  });

  it('reports first-sync progress from `remaining`, retries 5xx with backoff, and guards pushes', async () => {
    const server = await new FakeSyncServer({ pageSize: 2 }).init();
    for (let i = 0; i < 5; i++) await server.seed('customers', [customerRow(`c${i}`, `C${i}`)]);
    const status = createSyncStatusStore();
    const seen: number[] = [];
    status.subscribe(() => {
      const p = status.get().firstSync;
      if (p) seen.push(p.remaining);
    });
    let failNext = 1;
    const flaky: SyncFetch = async (url, init) => {
      if (failNext-- > 0) return { status: 503, json: async () => ({ message: 'down' }) };
      return server.transport()(url, init);
    };
    const busy: boolean[] = [];
    const { db, engine } = client(server, { status, onBusyChange: (b) => busy.push(b) });
    const flakyEngine = testEngine(db, flaky, { status, onBusyChange: (b) => busy.push(b) });
    open.push({ db, engine: flakyEngine });
    void engine;
    flakyEngine.start();
    const first = await flakyEngine.syncNow();
    expect(first.ok).toBe(false);
    expect(status.get().lastFailure).toMatchObject({ kind: 'server', status: 503 });
    await flakyEngine.syncNow();
    expect(await db.customers.count()).toBe(5);
    expect(seen).toEqual([3, 1]);
    expect(status.get().firstSync).toBeNull();
    expect(status.get().lastFailure).toBeNull();

    await createCustomer({ name: 'X', email: 'x@x.test' }, db);
    await flakyEngine.syncNow();
    expect(busy).toEqual([true, false]);
  });

  it('keeps the overwritten value as a conflict; keep mine restores it', async () => {
    const server = await new FakeSyncServer().init();
    server.tokenUsers.set('token-2', 'user-2');
    server.validTokens.add('token-2');
    await server.seed('customers', [customerRow('c1', 'Base')]);
    const a = client(server);
    const b = client(server, { token: () => 'token-2' });
    await a.db.meta.put({ key: 'userId', value: 'user-1' });
    a.engine.start();
    b.engine.start();
    await a.engine.syncNow();
    await b.engine.syncNow();
    await updateCustomer('c1', { name: 'From A' }, a.db);
    await updateCustomer('c1', { name: 'From B' }, b.db);
    await a.engine.syncNow();
    await b.engine.syncNow(); // later arrival wins, A's value is kept as a conflict
    await a.engine.syncNow();
    expect((await a.db.customers.get('c1'))?.name).toBe('From B');
    const [conflict] = await a.db.conflicts.toArray();
    expect(conflict).toMatchObject({
      field: 'name',
      overwrittenValue: 'From A',
      winningValue: 'From B',
      resolved: false,
    });

    await resolveConflict(a.db, conflict!.id, 'keepMine');
    expect((await a.db.customers.get('c1'))?.name).toBe('From A');
    expect((await a.db.conflicts.get(conflict!.id))?.resolved).toBe(true);
    await a.engine.syncNow();
    await b.engine.syncNow();
    expect((await b.db.customers.get('c1'))?.name).toBe('From A');
    expect(await server.rows('conflicts')).toMatchObject([{ resolved: true }]);
  });

  it('starts over when the server says `clear`', async () => {
    const server = await new FakeSyncServer().init();
    await server.seed('customers', [customerRow('c1', 'One'), customerRow('c2', 'Two')]);
    const { db, engine } = client(server);
    engine.start();
    await engine.syncNow();
    await server.externalDelete('customers', 'c2');
    server.compactTombstones();
    await createCustomer({ name: 'Pending', email: 'p@x.test' }, db);
    await engine.syncNow();
    expect((await db.customers.toArray()).map((c) => c.name).sort()).toEqual(['One', 'Pending']);
  });
});
