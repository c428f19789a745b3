import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '@smb/shared-types/sync';
import { SCHEMA_VERSIONS, SmbDatabase } from '../database';
import { getMeta, newId } from '../meta';
import { invoiceSummary, paymentSummary, quoteSummary, unpackSummaries } from '../summaries';
import type { ConflictRow } from '../types';
import { invoice, payment, quote } from '../../features/dashboard/data/__tests__/dashboard-fixture';
import { createCustomer, updateCustomer } from '../../features/customers/data/customers';
import { FakeSyncServer } from '../../sync/__tests__/fake-server';
import { drain, testEngine } from '../../sync/__tests__/helpers';
import { syncedCustomer } from '../../test/local-store';

/**
 * Issue 22.3: a real upgrade of the local database version. The database is written at the
 * previous schema version (as the installed build left it), then opened by a build that declares
 * one version more than today's — without adding that version to the app's SCHEMA_VERSIONS.
 */
// The build before the dashboard summaries (version 4): the upgrade adds them (and every later
// version, e.g. issue 33's tax rates) in one go.
const PREVIOUS = SCHEMA_VERSIONS.filter((v) => v.version < 4);
const CURRENT = SCHEMA_VERSIONS.at(-1)!.version;
const NEXT = [
  ...SCHEMA_VERSIONS,
  {
    // What a later build might do: index an existing table differently and add a table.
    version: CURRENT + 1,
    stores: {
      customers: 'id, name, email, updatedAt',
      conflicts: 'id, entityId, createdAt, resolved',
      drafts: 'id, updatedAt',
    },
  },
];

const opened: SmbDatabase[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

const synced = syncedCustomer(1, { name: 'Original', address: 'Old street' });
const conflict: ConflictRow = {
  id: 'conflict-1',
  entity: 'customers',
  entityId: synced.id,
  field: 'phoneNumber',
  overwrittenValue: '555-1111',
  winningValue: '555-0000',
  overwrittenByUser: 'user-2',
  overwrittenDeviceName: "Anna's tablet",
  overwrittenByDeviceName: 'Office PC',
  resolved: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  version: '5',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('a local schema upgrade', () => {
  it('keeps pending changes, rows made offline and unresolved conflicts, and sends the changes after', async () => {
    expect(PREVIOUS.length).toBeGreaterThan(0);
    const name = `upgrade-${newId()}`;

    // The installed build: the synced customer, then offline work.
    const old = new SmbDatabase(name, undefined, PREVIOUS);
    opened.push(old);
    await old.open();
    expect(old.verno).toBe(PREVIOUS.at(-1)!.version);
    await old.customers.put(synced);
    const createdId = await createCustomer({ name: 'Made Offline', email: 'm@offline.test' }, old);
    await updateCustomer(synced.id, { companyName: 'Renamed offline' }, old);
    await old.conflicts.put(conflict);
    // Documents stored before the dashboard summaries existed.
    const quotes = [quote('q1', { status: 'Sent', total: 12.5 }), quote('q2', { total: 3 })];
    const invoices = [invoice('i1', { total: 40, amountPaid: 15, issueDate: '2026-11-02' })];
    const payments = [payment('p1', 'i1', 15, '2026-11-03')];
    await old.quotes.bulkPut(quotes);
    await old.invoices.bulkPut(invoices);
    await old.payments.bulkPut(payments);
    expect(old.tables.map((t) => t.name)).not.toContain('summaries');
    const before = {
      outbox: await old.outbox.orderBy('mutationId').toArray(),
      server: await old._server.orderBy('key').toArray(),
      customers: await old.customers.orderBy('id').toArray(),
      contacts: await old.contacts.orderBy('id').toArray(),
      clientId: await getMeta(old, 'clientId'),
      nextMutationId: await getMeta(old, 'nextMutationId'),
    };
    expect(before.outbox.map((e) => [e.name, e.status])).toEqual([
      ['customer.create', 'pending'],
      ['customer.update', 'pending'],
    ]);
    // The row made offline has no server copy (the server has never seen it).
    expect(before.server.find((c) => c.id === createdId)?.row).toBeNull();
    old.close();

    // The next build opens the same database at a higher version.
    const next = new SmbDatabase(name, undefined, NEXT);
    opened.push(next);
    await next.open();
    expect(next.verno).toBe(CURRENT + 1);
    expect(await next.outbox.orderBy('mutationId').toArray()).toEqual(before.outbox);
    expect(await next.outbox.where('status').equals('pending').count()).toBe(2);
    expect(await next._server.orderBy('key').toArray()).toEqual(before.server);
    expect(await next.customers.orderBy('id').toArray()).toEqual(before.customers);
    expect(await next.contacts.orderBy('id').toArray()).toEqual(before.contacts);
    expect(await next.customers.get(createdId)).toMatchObject({ name: 'Made Offline' });
    expect(await next.customers.get(synced.id)).toMatchObject({ name: 'Renamed offline' });
    expect(await next.conflicts.filter((c) => !c.resolved).toArray()).toEqual([conflict]);
    expect(await getMeta(next, 'clientId')).toBe(before.clientId);
    expect(await getMeta(next, 'nextMutationId')).toBe(before.nextMutationId);
    // The upgrade filled the dashboard summaries from the documents already stored.
    const summaries = unpackSummaries(await next.summaries.toArray());
    summaries.quotes.sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(summaries).toEqual({
      quotes: quotes.map(quoteSummary),
      invoices: invoices.map(invoiceSummary),
      payments: payments.map(paymentSummary),
    });
    // The new version's own shape works (its new index and table).
    expect(await next.table('customers').orderBy('updatedAt').count()).toBe(2);
    await next.table('drafts').put({ id: 'd1', updatedAt: 'now' });

    // After the upgrade the device sends what it kept, each change once.
    const server = await new FakeSyncServer().init();
    const { id, name: company, email, phoneNumber, address, address2 } = synced;
    await server.seed('customers', [{ id, name: company, email, phoneNumber, address, address2 }]);
    const engine = testEngine(next, server.transport());
    engine.start();
    await drain(engine, next);
    engine.stop();
    expect(server.applied).toHaveLength(2);
    expect(await server.db.customers.get(createdId)).toMatchObject({ name: 'Made Offline' });
    expect(await server.db.customers.get(synced.id)).toMatchObject({
      name: 'Renamed offline',
      address: 'Old street',
    });
    expect(await next.outbox.count()).toBe(0);
    server.db.close();
  });
});

describe('schema version 3: outbox entries know their protocol version', () => {
  it('stamps entries an older build queued as protocol 1; they are sent upcast to this build’s shape', async () => {
    const name = `upgrade-v3-${newId()}`;
    const v2 = SCHEMA_VERSIONS.filter((v) => v.version <= 2);
    const old = new SmbDatabase(name, undefined, v2);
    opened.push(old);
    await old.open();
    await old.customers.put(synced);
    // What a protocol 1 build queued: the form's aliases, no version on the entry.
    const { clientId } = await import('../meta').then((m) => m.clientIdentity(old));
    await old.outbox.add({
      clientId,
      mutationId: 1,
      name: 'customer.update',
      args: {
        id: synced.id,
        changes: { companyName: 'Renamed by v1', companyPhoneNumber: '555-0101' },
        base: { companyName: synced.name, companyPhoneNumber: synced.phoneNumber },
      },
      createdAt: Date.UTC(2026, 0, 5),
      status: 'pending',
      keys: [`customers:${synced.id}`],
    });
    await old._server.put({
      key: `customers:${synced.id}`,
      entity: 'customers',
      id: synced.id,
      row: synced,
    });
    await old.meta.put({ key: 'nextMutationId', value: 2 });
    old.close();

    const next = new SmbDatabase(name);
    opened.push(next);
    await next.open();
    expect(next.verno).toBe(SCHEMA_VERSIONS.at(-1)!.version);
    expect(await next.outbox.toArray()).toMatchObject([{ mutationId: 1, protocolVersion: 1 }]);
    // A change made after the update is written in this build's version.
    await createCustomer({ name: 'After Update', email: 'after@update.test' }, next);
    expect((await next.outbox.orderBy('mutationId').last())?.protocolVersion).toBe(
      PROTOCOL_VERSION,
    );

    const server = await new FakeSyncServer().init();
    const { id, name: company, email, phoneNumber, address, address2 } = synced;
    await server.seed('customers', [{ id, name: company, email, phoneNumber, address, address2 }]);
    const sent: { protocolVersion?: number; mutations: { args: Record<string, unknown> }[] }[] = [];
    const transport = server.transport();
    const engine = testEngine(next, async (url, init) => {
      if (url.endsWith('/api/sync/push')) sent.push(JSON.parse(init.body) as (typeof sent)[number]);
      return transport(url, init);
    });
    engine.start();
    await drain(engine, next);
    engine.stop();
    expect(sent[0]?.protocolVersion).toBe(PROTOCOL_VERSION);
    expect(sent[0]?.mutations[0]?.args).toEqual({
      id: synced.id,
      changes: { name: 'Renamed by v1', phoneNumber: '555-0101' },
      base: { name: synced.name, phoneNumber: synced.phoneNumber },
    });
    expect(await server.db.customers.get(synced.id)).toMatchObject({
      name: 'Renamed by v1',
      phoneNumber: '555-0101',
    });
    expect(server.applied).toHaveLength(2);
    server.db.close();
  });
});
