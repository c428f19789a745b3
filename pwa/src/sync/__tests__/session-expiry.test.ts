import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { newId } from '../../db/meta';
import { createCustomer, updateCustomer } from '../../features/customers/data/customers';
import { closeSync, startSync, stopSync } from '../session';
import { FakeSyncServer } from './fake-server';

afterEach(() => closeSync());

/**
 * Issue 22: a session that expired during a week offline stops syncing (`stopSync`, what the
 * app's expiry does) but keeps the database and its outbox; after the same user logs in again
 * (`startSync` with the new token) the outbox replays, each change reaching the server once.
 */
describe('session expiry and the outbox', () => {
  it('keeps the outbox through an expiry and replays it after the same user logs in again', async () => {
    const server = await new FakeSyncServer().init();
    let token: string | null = 'token-1';
    const options = {
      tenantId: 't-1',
      userId: 'user-1',
      getToken: () => token,
      fetch: server.transport(),
      engine: { listenToWindow: false, eventSource: null, locks: null, intervalMs: 3_600_000 },
    };
    const { db, engine } = startSync(options);
    await engine.syncNow();

    // Offline changes (the engine is not asked to sync; the server never sees them yet).
    engine.stop();
    const id = await createCustomer({ name: 'Fair Stand GmbH', email: 'stand@fair.test' }, db);
    await updateCustomer(id, { phoneNumber: '555-0101' }, db);
    await createCustomer({ name: 'Booth 12 Ltd', email: 'b12@fair.test' }, db);
    expect(await db.outbox.count()).toBe(3);

    // Back online, the expired session is ended: syncing stops, nothing is deleted.
    server.validTokens.delete('token-1');
    token = null;
    stopSync();
    expect(await db.outbox.count()).toBe(3);
    expect(await db.customers.count()).toBe(2);

    // The same user logs in again: the same database and engine resume and replay.
    token = 'token-2';
    server.validTokens.add('token-2');
    server.tokenUsers.set('token-2', 'user-1');
    const again = startSync(options);
    expect(again.db).toBe(db);
    expect(again.engine).toBe(engine);
    await again.engine.syncNow();
    await again.engine.syncNow();
    expect(await db.outbox.count()).toBe(0);
    expect(server.applied).toHaveLength(3);
    expect(new Set(server.applied).size).toBe(3);
    expect((await server.rows('customers')).map((c) => c.name).sort()).toEqual([
      'Booth 12 Ltd',
      'Fair Stand GmbH',
    ]);
    expect((await server.rows('customers')).find((c) => c.id === id)).toMatchObject({
      phoneNumber: '555-0101',
    });
  });

  it('a different user logging in closes the first user’s database without touching its outbox', async () => {
    const server = await new FakeSyncServer().init();
    const tenantId = `t-${newId()}`;
    const first = startSync({
      tenantId,
      userId: 'user-1',
      getToken: () => 'token-1',
      fetch: server.transport(),
      engine: { listenToWindow: false, eventSource: null, locks: null },
    });
    first.engine.stop();
    await createCustomer({ name: 'Kept Ltd', email: 'kept@fair.test' }, first.db);
    stopSync();
    const name = first.db.name;
    startSync({
      tenantId,
      userId: 'user-2',
      getToken: () => null,
      fetch: server.transport(),
      engine: { listenToWindow: false, eventSource: null, locks: null },
    });
    expect(first.db.isOpen()).toBe(false);
    closeSync();
    const { SmbDatabase } = await import('../../db/database');
    const reopened = new SmbDatabase(name);
    expect(await reopened.outbox.count()).toBe(1);
    reopened.close();
  });
});
