import 'fake-indexeddb/auto';
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
});
