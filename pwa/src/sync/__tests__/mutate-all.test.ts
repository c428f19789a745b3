import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { SmbDatabase } from '../../db/database';
import { newId } from '../../db/meta';
import { syncedCustomer } from '../../test/local-store';
import { mutate, mutateAll } from '../mutate';
import { FakeSyncServer } from './fake-server';
import { drain, newClientDb, testEngine } from './helpers';

/**
 * Issue 20: `mutateAll` writes a batch of creates through a write buffer in bulk (the CSV import).
 * The store must end exactly as with `mutate` one by one — rows, server copies (rollback bases)
 * and outbox entries — and every mutation must reach the server.
 */
const opened: SmbDatabase[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

function open(): SmbDatabase {
  const db = newClientDb();
  opened.push(db);
  return db;
}

type Batch = Parameters<typeof mutateAll>[1];

function creates(count: number, existing: string): Batch {
  const batch: Batch = [];
  for (let k = 0; k < count; k++) {
    const id = `a0000000-0000-4000-8000-${String(k).padStart(12, '0')}`;
    batch.push({
      name: 'customer.create',
      args: {
        id,
        name: `Customer ${k}`,
        email: `c${k}@example.test`,
        phoneNumber: null,
        address: `${k} Main Street`,
        address2: null,
        ...(k % 2 === 0
          ? {
              mainContact: {
                id: `10000000-0000-4000-8000-${String(k).padStart(12, '0')}`,
                name: `Person ${k}`,
                email: `p${k}@example.test`,
                phoneNumber: null,
              },
            }
          : {}),
      },
    });
  }
  batch.push({
    name: 'contact.create',
    args: {
      id: '20000000-0000-4000-8000-000000000001',
      customerId: existing,
      name: 'Late Contact',
      email: 'late@example.test',
      phoneNumber: null,
      role: null,
    },
  });
  batch.push({
    name: 'product.create',
    args: {
      id: '30000000-0000-4000-8000-000000000001',
      name: 'Widget',
      sku: 'W-1',
      price: 9.99,
      currencyCode: 'USD',
      cost: null,
      stock: null,
      category: null,
      supplier: null,
      description: null,
    },
  });
  // Over a record the store already has (a synced row): its server copy must be the old row.
  batch.push({
    name: 'customer.create',
    args: {
      id: existing,
      name: 'Replaced',
      email: 'replaced@example.test',
      phoneNumber: null,
      address: null,
      address2: null,
    },
  });
  return batch;
}

/** The store's content without what differs between two runs (clock, client id, local ids). */
async function content(db: SmbDatabase) {
  const clock = <T extends object>(row: T | null) =>
    row && { ...row, createdAt: 'T', updatedAt: 'T' };
  return {
    customers: (await db.customers.orderBy('id').toArray()).map(clock),
    contacts: (await db.contacts.orderBy('id').toArray()).map(clock),
    products: (await db.products.orderBy('id').toArray()).map(clock),
    server: (await db._server.orderBy('key').toArray()).map((c) => ({
      ...c,
      row: clock(c.row as object | null),
    })),
    outbox: (await db.outbox.orderBy('mutationId').toArray()).map(
      ({ mutationId, name, args, status, keys }) => ({
        mutationId,
        name,
        args,
        status,
        keys: [...keys].sort(),
      }),
    ),
  };
}

describe('mutateAll over a batch of creates', () => {
  it('leaves the store exactly as mutate one by one (rows, server copies, outbox)', async () => {
    const synced = syncedCustomer(1, { name: 'Synced' });
    const batch = creates(300, synced.id);

    const oneByOne = open();
    await oneByOne.customers.put(synced);
    for (const m of batch) await mutate(oneByOne, m.name, m.args as never);

    const bulk = open();
    await bulk.customers.put(synced);
    await mutateAll(bulk, batch);

    const expected = await content(oneByOne);
    expect(expected.outbox).toHaveLength(303);
    expect(expected.contacts).toHaveLength(151);
    expect(expected.server.find((c) => c.id === synced.id)?.row).toMatchObject({
      name: 'Synced',
    });
    expect(await content(bulk)).toEqual(expected);
  });

  it('queues creates that all reach the server', async () => {
    const synced = syncedCustomer(1, { name: 'Synced' });
    // Without the last create (over an existing record: the server refuses that one).
    const batch = creates(300, synced.id).slice(0, -1);
    const bulk = open();
    await bulk.customers.put(synced);
    await mutateAll(bulk, batch);
    expect(await bulk.outbox.count()).toBe(302);

    const server = await new FakeSyncServer().init();
    await server.seed('customers', [
      {
        id: synced.id,
        name: synced.name,
        email: synced.email,
        phoneNumber: null,
        address: null,
        address2: null,
      },
    ]);
    await server.seed('currencies', [
      {
        id: newId(),
        code: 'USD',
        name: 'US Dollar',
        symbol: '$',
        taxRate: 0,
        dollarExchangeRate: 1,
        isDefault: true,
      },
    ]);
    const engine = testEngine(bulk, server.transport());
    engine.start();
    await drain(engine, bulk, 30);
    engine.stop();
    expect(await bulk.rejections.toArray()).toEqual([]);
    expect(await bulk.outbox.toArray()).toEqual([]);
    expect(await server.db.customers.count()).toBe(301);
    expect(await server.db.contacts.count()).toBe(151);
    expect(await server.db.products.count()).toBe(1);
    server.db.close();
  });
});
