import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { databaseName, openDatabase, SCHEMA_VERSIONS, SmbDatabase } from '../database';

describe('local database', () => {
  it('is named per tenant and user', () => {
    expect(databaseName('t1', 'u1')).toBe('smb-t1-u1');
    const db = openDatabase('t2', 'u2');
    expect(db.name).toBe('smb-t2-u2');
    db.close();
  });

  it('never drops the outbox or meta in any schema version', () => {
    for (const { stores } of SCHEMA_VERSIONS) {
      expect(stores.outbox).toBeTruthy();
      expect(stores.meta).toBeTruthy();
    }
    const versions = SCHEMA_VERSIONS.map((v) => v.version);
    expect([...versions].sort((a, b) => a - b)).toEqual(versions);
  });

  it('keeps queued mutations when the database is reopened', async () => {
    const name = `reopen-${Math.random()}`;
    const first = new SmbDatabase(name);
    await first.outbox.add({
      clientId: 'c',
      mutationId: 1,
      name: 'customer.delete',
      args: { id: 'x' },
      createdAt: 1,
      status: 'pending',
      keys: ['customers:x'],
    });
    first.close();
    const second = new SmbDatabase(name);
    expect(await second.outbox.count()).toBe(1);
    expect(second.verno).toBe(SCHEMA_VERSIONS[SCHEMA_VERSIONS.length - 1]?.version);
    second.close();
  });

  it('upgrades a version 1 database to payments, keeping pending outbox entries and rows', async () => {
    const name = `upgrade-${Math.random()}`;
    const v1 = new Dexie(name);
    v1.version(1).stores(SCHEMA_VERSIONS[0]!.stores);
    await v1.open();
    await v1.table('outbox').add({
      clientId: 'c',
      mutationId: 7,
      name: 'invoice.setStatus',
      args: { id: 'inv-1', status: 'Paid' },
      createdAt: 1,
      status: 'pending',
      keys: ['invoices:inv-1'],
    });
    await v1.table('invoices').put({ id: 'inv-1', createdAt: '2026-01-01', status: 'Unpaid' });
    v1.close();

    const db = new SmbDatabase(name);
    await db.open();
    expect(db.verno).toBe(SCHEMA_VERSIONS.at(-1)!.version);
    expect(await db.outbox.where('status').equals('pending').toArray()).toMatchObject([
      { mutationId: 7, name: 'invoice.setStatus', args: { id: 'inv-1', status: 'Paid' } },
    ]);
    expect(await db.invoices.get('inv-1')).toMatchObject({ status: 'Unpaid' });
    await db.payments.put({
      id: 'p1',
      invoiceId: 'inv-1',
      amount: 5,
      paidOn: '2026-01-02',
      method: 'cash',
      reference: null,
      note: null,
      createdBy: null,
      createdAt: '2026-01-02T00:00:00.000Z',
      version: null,
      updatedAt: '2026-01-02T00:00:00.000Z',
    });
    expect(await db.payments.where('invoiceId').equals('inv-1').count()).toBe(1);
    db.close();
  });
});
