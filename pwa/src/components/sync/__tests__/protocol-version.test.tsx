import 'fake-indexeddb/auto';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '@smb/shared-types/sync';
import { theme } from '../../../app/theme';
import type { SmbDatabase } from '../../../db/database';
import { setMeta } from '../../../db/meta';
import { createCustomer } from '../../../features/customers/data/customers';
import type { SyncEngine } from '../../../sync/engine';
import { createSyncStatusStore, type SyncStatusStore } from '../../../sync/status';
import type { SyncFetch } from '../../../sync/transport';
import { FakeSyncServer } from '../../../sync/__tests__/fake-server';
import { testEngine } from '../../../sync/__tests__/helpers';
import { closeTestDatabase, useTestDatabase } from '../../../test/local-store';
import { saveDeviceName } from '../../device/ThisDeviceCard';
import { SyncIndicator } from '../SyncIndicator';

/**
 * Issue 22.1: a server that no longer accepts this app's protocol version answers 409
 * `clientTooOld`; the outbox stays as it was, the user is told an update is needed, the app is
 * asked to update, and after the update the same changes are sent. A server older than the app
 * (`clientTooNew`) is waited for, the outbox kept.
 */

let db: SmbDatabase;
let store: SyncStatusStore;
let engine: SyncEngine | null = null;
beforeEach(async () => {
  db = useTestDatabase();
  store = createSyncStatusStore();
  await setMeta(db, 'userId', 'user-1');
});
afterEach(() => {
  engine?.stop();
  engine = null;
  closeTestDatabase(db);
});

const UPDATE_NEEDED = 'An update is needed to send your changes — they are kept on this device';

async function setup() {
  const server = await new FakeSyncServer().init();
  const sent: unknown[] = [];
  const transport = server.transport();
  const fetch: SyncFetch = async (url, init) => {
    sent.push(JSON.parse(init.body));
    return transport(url, init);
  };
  let updates = 0;
  engine = testEngine(db, fetch, { status: store, onUpdateRequired: () => (updates += 1) });
  engine.start();
  expect((await engine.syncNow()).ok).toBe(true);
  return { server, sent, updates: () => updates };
}

describe('protocol version', () => {
  it('sends the protocol version with every push and pull, and the device name with pushes', async () => {
    const { sent } = await setup();
    await saveDeviceName(db, "  Anna's tablet ");
    await createCustomer({ name: 'Versioned', email: 'v@versioned.test' }, db);
    await engine!.syncNow();
    expect(sent.length).toBeGreaterThanOrEqual(2);
    for (const body of sent) expect(body).toMatchObject({ protocolVersion: PROTOCOL_VERSION });
    // The device's name goes with every push (conflicts name the device).
    const pushes = sent.filter((b) => (b as { mutations?: unknown }).mutations);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ deviceName: "Anna's tablet" });
  });

  it('a client too old keeps its outbox untouched, says an update is needed, asks for it, and replays after it', async () => {
    const { server, updates } = await setup();
    await createCustomer({ name: 'Trade Fair Ltd', email: 'fair@trade.test' }, db);
    const outbox = await db.outbox.toArray();
    expect(outbox).toHaveLength(1);

    // A new server no longer accepts this version.
    server.protocol = { min: PROTOCOL_VERSION + 1, max: PROTOCOL_VERSION + 1 };
    expect((await engine!.syncNow()).ok).toBe(false);
    expect(store.get().lastFailure).toMatchObject({ kind: 'clientTooOld', status: 409 });
    expect(updates()).toBe(1);
    expect(await db.outbox.toArray()).toEqual(outbox);
    expect(await db.rejections.count()).toBe(0);
    expect(await server.rows('customers')).toEqual([]);

    render(
      <MantineProvider theme={theme}>
        <SyncIndicator userId="user-1" store={store} />
      </MantineProvider>,
    );
    const indicator = screen.getByTestId('sync-indicator');
    await waitFor(() => expect(indicator).toHaveTextContent('Update needed'));
    fireEvent.click(indicator);
    const alert = await screen.findByTestId('sync-failure');
    expect(alert).toHaveTextContent(`${UPDATE_NEEDED}.`);
    expect(alert).toHaveTextContent('1 change waiting to sync.');

    // The updated app speaks the server's version: the same change is sent, once.
    server.protocol = { min: PROTOCOL_VERSION, max: PROTOCOL_VERSION + 1 };
    expect((await engine!.syncNow()).ok).toBe(true);
    expect(await db.outbox.count()).toBe(0);
    expect((await server.rows('customers')).map((c) => c.name)).toEqual(['Trade Fair Ltd']);
  });

  it('a server older than the app is waited for, the outbox kept and no update asked for', async () => {
    const { server, updates } = await setup();
    await createCustomer({ name: 'Rolled Back', email: 'rb@rolled.test' }, db);
    server.protocol = { min: 1, max: PROTOCOL_VERSION - 1 };
    expect((await engine!.syncNow()).ok).toBe(false);
    expect(store.get().lastFailure).toMatchObject({ kind: 'clientTooNew', status: 409 });
    expect(store.get().nextRetryAt).not.toBeNull();
    expect(updates()).toBe(0);
    expect(await db.outbox.count()).toBe(1);

    render(
      <MantineProvider theme={theme}>
        <SyncIndicator userId="user-1" store={store} />
      </MantineProvider>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('sync-indicator')).toHaveTextContent('Waiting for the server'),
    );
  });
});
