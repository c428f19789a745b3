import 'fake-indexeddb/auto';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import type { SmbDatabase } from '../../../db/database';
import { setMeta } from '../../../db/meta';
import type { ConflictRow } from '../../../db/types';
import { createCustomer } from '../../../features/customers/data/customers';
import type { SyncEngine } from '../../../sync/engine';
import type * as SessionModule from '../../../sync/session';
import {
  createSyncStatusStore,
  STORAGE_FULL_MESSAGE,
  type SyncFailure,
  type SyncStatusStore,
} from '../../../sync/status';
import type { SyncFetch } from '../../../sync/transport';
import { FakeSyncServer } from '../../../sync/__tests__/fake-server';
import { testEngine } from '../../../sync/__tests__/helpers';
import { closeTestDatabase, syncedCustomer, useTestDatabase } from '../../../test/local-store';
import { SyncBanners } from '../SyncBanners';
import { SyncIndicator } from '../SyncIndicator';

// The panel's Retry / Sync now buttons run the session's engine: a test engine here.
const session = vi.hoisted(() => ({ engine: null as SyncEngine | null }));
vi.mock('../../../sync/session', async (importOriginal) => ({
  ...(await importOriginal<typeof SessionModule>()),
  currentEngine: () => session.engine,
}));

let db: SmbDatabase;
let store: SyncStatusStore;
const customer = syncedCustomer(1, { name: 'Acme', phoneNumber: '555-0000' });

beforeEach(async () => {
  db = useTestDatabase();
  store = createSyncStatusStore();
  await db.customers.put(customer);
  await setMeta(db, 'userId', 'user-1');
});
afterEach(() => {
  session.engine?.stop();
  session.engine = null;
  closeTestDatabase(db);
});

const wrap = (ui: React.ReactNode) => render(<MantineProvider theme={theme}>{ui}</MantineProvider>);
const indicator = () => screen.getByTestId('sync-indicator');

const conflict: ConflictRow = {
  id: 'conflict-1',
  entity: 'customers',
  entityId: customer.id,
  field: 'phoneNumber',
  overwrittenValue: '555-1111',
  winningValue: '555-0000',
  overwrittenByUser: 'user-2',
  resolved: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  version: '5',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

async function seedRejection() {
  await db.rejections.put({
    mutationId: 7,
    name: 'customer.update',
    args: {
      id: customer.id,
      changes: { name: 'Acme Renamed' },
      base: { name: 'Acme' },
      baseVersion: '1',
    },
    statusCode: 403,
    message: 'You are not allowed to change this customer',
    createdAt: new Date().toISOString(),
  });
}

describe('sync indicator', () => {
  it('shows offline, syncing, pending changes and the last sync time', async () => {
    wrap(<SyncIndicator userId="user-1" store={store} />);
    expect(indicator()).toHaveTextContent('Not synced yet');

    act(() => store.set({ lastSyncedAt: Date.now() - 2 * 60_000 }));
    expect(indicator()).toHaveTextContent('Synced 2 min ago');

    await createCustomer({ name: 'Offline Co', email: 'o@offline.test' });
    await waitFor(() => expect(indicator()).toHaveTextContent('1 pending'));

    act(() => store.set({ syncing: true }));
    expect(indicator()).toHaveTextContent('Syncing…');

    act(() => store.set({ syncing: false, online: false }));
    expect(indicator()).toHaveTextContent('Offline');
  });

  it('lists a rejected change with the server reason; Discard forgets it, Retry queues it again', async () => {
    await seedRejection();
    wrap(<SyncIndicator userId="user-1" store={store} />);
    await waitFor(() => expect(indicator()).toHaveAccessibleName(/1 sync issue/));
    fireEvent.click(indicator());
    const drawer = await screen.findByRole('dialog', { name: 'Sync issues' });
    const card = await within(drawer).findByTestId('rejection');
    expect(card).toHaveTextContent('Changes to customer “Acme Renamed”');
    expect(card).toHaveTextContent('You are not allowed to change this customer');

    fireEvent.click(within(card).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(drawer).queryByTestId('rejection')).not.toBeInTheDocument());
    expect(await db.rejections.count()).toBe(0);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ name: 'customer.update' });
    expect(entry!.args).toMatchObject({ id: customer.id, changes: { name: 'Acme Renamed' } });

    await seedRejection();
    const again = await within(drawer).findByTestId('rejection');
    fireEvent.click(within(again).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(within(drawer).queryByTestId('rejection')).not.toBeInTheDocument());
    expect(await db.rejections.count()).toBe(0);
    expect(within(drawer).getByText('No sync issues')).toBeInTheDocument();
  });

  it('shows a conflict with both values; Keep mine restores the overwritten value', async () => {
    await db.conflicts.put(conflict);
    wrap(<SyncIndicator userId="user-1" store={store} />);
    fireEvent.click(indicator());
    const drawer = await screen.findByRole('dialog', { name: 'Sync issues' });
    const card = await within(drawer).findByTestId('conflict');
    await waitFor(() => expect(card).toHaveTextContent('Customer “Acme”: Phone number'));
    expect(card).toHaveTextContent('Their value555-0000');
    expect(card).toHaveTextContent('Your overwritten value555-1111');

    fireEvent.click(within(card).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(within(drawer).queryByTestId('conflict')).not.toBeInTheDocument());
    expect((await db.customers.get(customer.id))?.phoneNumber).toBe('555-1111');
    expect((await db.conflicts.get('conflict-1'))?.resolved).toBe(true);
    expect((await db.outbox.toArray()).map((e) => e.name)).toEqual([
      'customer.update',
      'conflict.resolve',
    ]);
  });

  it('names the device whose value was overwritten and who overwrote it, from which device', async () => {
    await db.conflicts.put({
      ...conflict,
      overwrittenByUser: 'user-1',
      overwrittenByUserEmail: 'anna@acme.test',
      overwrittenClientGroup: 'group-tablet',
      overwrittenDeviceName: "Anna's tablet",
      overwrittenByClientGroup: 'group-laptop',
      overwrittenByDeviceName: "Anna's laptop",
    });
    await db.conflicts.put({
      ...conflict,
      id: 'conflict-2',
      field: 'address',
      overwrittenValue: '1 Main St',
      overwrittenByUserEmail: 'bob@acme.test',
      overwrittenClientGroup: 'group-phone',
      overwrittenDeviceName: null,
      overwrittenByClientGroup: null,
    });
    wrap(<SyncIndicator userId="user-1" store={store} />);
    fireEvent.click(indicator());
    const drawer = await screen.findByRole('dialog', { name: 'Sync issues' });
    await waitFor(() => expect(within(drawer).getAllByTestId('conflict-origin')).toHaveLength(2));
    const origins = within(drawer)
      .getAllByTestId('conflict-origin')
      .map((e) => e.textContent);
    expect(origins).toContain("“555-1111” overwritten on Anna's tablet by you, from Anna's laptop");
    expect(origins).toContain('“1 Main St” overwritten on an unnamed device by bob@acme.test');
  });

  it('explains a recurring profile changed elsewhere; Keep mine restores its field', async () => {
    const profileId = 'f0000000-0000-4000-8000-000000000001';
    await db.recurring_profiles.put({
      id: profileId,
      customerId: customer.id,
      contactId: null,
      currencyCode: 'USD',
      pricesIncludeTax: false,
      notes: 'From the laptop',
      paymentTerms: null,
      startDate: '2027-01-31',
      frequencyUnit: 'month',
      frequencyEvery: 1,
      anchorDay: null,
      endKind: 'never',
      endCount: null,
      endDate: null,
      mode: 'draft',
      status: 'active',
      skipNext: false,
      nextIndex: 0,
      scheduleBase: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      version: '5',
      updatedAt: '2026-01-01T00:00:00.000Z',
      items: [],
    });
    await db.conflicts.put({
      ...conflict,
      entity: 'recurring_profiles',
      entityId: profileId,
      field: 'notes',
      overwrittenValue: 'From the phone',
      winningValue: 'From the laptop',
    });
    wrap(<SyncIndicator userId="user-1" store={store} />);
    fireEvent.click(indicator());
    const card = await screen.findByTestId('conflict');
    await waitFor(() => expect(card).toHaveTextContent('Recurring profile “Acme”: Notes'));
    expect(within(card).getByTestId('conflict-reason')).toHaveTextContent(
      'This recurring profile was changed elsewhere while you were offline; the later change applies from the next invoice on, and the invoices it already made do not change.',
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(screen.queryByTestId('conflict')).not.toBeInTheDocument());
    expect((await db.outbox.toArray()).map((e) => [e.name, e.args])).toEqual([
      [
        'recurringProfile.update',
        expect.objectContaining({ changes: { notes: 'From the phone' } }),
      ],
      ['conflict.resolve', { id: 'conflict-1' }],
    ]);
  });

  it('Keep theirs settles the conflict without changing the record', async () => {
    await db.conflicts.put(conflict);
    wrap(<SyncIndicator userId="user-1" store={store} />);
    fireEvent.click(indicator());
    const card = await screen.findByTestId('conflict');
    fireEvent.click(within(card).getByRole('button', { name: 'Keep theirs' }));
    await waitFor(() => expect(screen.queryByTestId('conflict')).not.toBeInTheDocument());
    expect((await db.customers.get(customer.id))?.phoneNumber).toBe('555-0000');
    expect((await db.outbox.toArray()).map((e) => e.name)).toEqual(['conflict.resolve']);
  });

  it('shows a storage error until dismissed', async () => {
    store.set({ storageError: STORAGE_FULL_MESSAGE });
    wrap(<SyncIndicator userId="user-1" store={store} />);
    fireEvent.click(indicator());
    const drawer = await screen.findByRole('dialog', { name: 'Sync issues' });
    expect(within(drawer).getByText(STORAGE_FULL_MESSAGE)).toBeInTheDocument();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Dismiss storage error' }));
    await waitFor(() =>
      expect(within(drawer).queryByText(STORAGE_FULL_MESSAGE)).not.toBeInTheDocument(),
    );
  });
});

const clock = (time: number) =>
  new Date(time).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/** The state after a good sync 10 s ago and then failing pulls (the report). */
function failing(failure: Omit<SyncFailure, 'at'>, attempts = 3) {
  const syncedAt = Date.now() - 10_000;
  const since = Date.now() - 5_000;
  act(() =>
    store.set({
      lastSyncedAt: syncedAt,
      lastFailure: { ...failure, at: Date.now() },
      consecutiveFailures: attempts,
      failingSince: since,
      nextRetryAt: Date.now() + 30_000,
    }),
  );
  return { syncedAt, since };
}

describe('sync indicator while sync fails', () => {
  it('says the server cannot be reached, when it last synced, and never "Synced just now"', async () => {
    wrap(<SyncIndicator userId="user-1" store={store} />);
    act(() => store.set({ lastSyncedAt: Date.now() - 10_000 }));
    expect(indicator()).toHaveTextContent('Synced just now');

    const { syncedAt, since } = failing({ kind: 'network', message: 'Failed to fetch' });
    expect(indicator()).toHaveTextContent("Can't reach the server");
    expect(indicator()).not.toHaveTextContent(/Synced/);
    expect(indicator()).toHaveAccessibleName(
      `Sync status: Can't reach the server. Can't reach the server — your changes are kept on this device, last synced ${clock(syncedAt)}. Open sync issues`,
    );

    fireEvent.click(indicator());
    const drawer = await screen.findByRole('dialog', { name: 'Sync issues' });
    const alert = within(drawer).getByTestId('sync-failure');
    expect(alert).toHaveTextContent("Can't reach the server");
    expect(alert).toHaveTextContent(
      `Can't reach the server — your changes are kept on this device, last synced ${clock(syncedAt)}.`,
    );
    expect(alert).toHaveTextContent(
      `3 failed attempts since ${clock(since)}. Trying again automatically.`,
    );
    expect(within(alert).getByRole('button', { name: 'Retry now' })).toBeEnabled();
    expect(drawer).not.toHaveTextContent('Everything on this device matches the server');
    expect(drawer).not.toHaveTextContent('No sync issues');
  });

  it.each([
    [{ kind: 'server', status: 500 }, 'Server problem', 'The server has a problem (error 500)'],
    [{ kind: 'timeout' }, 'Server not responding', 'The server is not responding'],
    [
      { kind: 'refused', status: 413 },
      'Sync refused',
      'The server refused to sync (error 413): Too much at once',
    ],
  ] as const)('names the failure %o', async (failure, label, reason) => {
    await createCustomer({ name: 'Waiting Co', email: 'w@waiting.test' });
    wrap(<SyncIndicator userId="user-1" store={store} />);
    const { syncedAt } = failing({ ...failure, message: 'Too much at once' }, 1);
    await waitFor(() => expect(indicator()).toHaveAccessibleName(/1 change waiting to sync/));
    expect(indicator()).toHaveTextContent(label);
    fireEvent.click(indicator());
    const alert = await screen.findByTestId('sync-failure');
    expect(alert).toHaveTextContent(
      `${reason} — your changes are kept on this device, last synced ${clock(syncedAt)}.`,
    );
    expect(alert).toHaveTextContent('1 change waiting to sync.');
    expect(alert).toHaveTextContent('1 failed attempt since');
  });

  it('says Offline, not a server failure, when the browser is offline', async () => {
    wrap(<SyncIndicator userId="user-1" store={store} />);
    failing({ kind: 'offline', message: 'Failed to fetch' });
    act(() => store.set({ online: false }));
    expect(indicator()).toHaveTextContent('Offline');
    expect(indicator()).not.toHaveTextContent("Can't reach the server");
    fireEvent.click(indicator());
    const drawer = await screen.findByRole('dialog', { name: 'Sync issues' });
    expect(drawer).toHaveTextContent(
      'Changes you make are kept on this device and sync when you are back online.',
    );
    expect(drawer).not.toHaveTextContent('Everything on this device matches the server');

    // Back online the engine tries again at once: no server failure is claimed meanwhile.
    act(() => store.set({ online: true, syncing: true }));
    expect(indicator()).toHaveTextContent('Syncing…');
    expect(drawer).not.toHaveTextContent("Can't reach the server");
  });

  it('Retry now syncs at once; after the pull succeeds it says synced', async () => {
    const server = await new FakeSyncServer().init();
    let down = true;
    const fetch: SyncFetch = async (url, init) =>
      down
        ? { status: 500, json: async () => ({ message: 'Internal Server Error' }) }
        : server.transport()(url, init);
    const engine = testEngine(db, fetch, { status: store });
    session.engine = engine;
    engine.start(); // its first sync fails; automatic retries are an hour away in tests
    wrap(<SyncIndicator userId="user-1" store={store} />);
    await waitFor(() => expect(indicator()).toHaveTextContent('Server problem'));
    fireEvent.click(indicator());
    const drawer = await screen.findByRole('dialog', { name: 'Sync issues' });
    const alert = within(drawer).getByTestId('sync-failure');
    expect(alert).toHaveTextContent(
      'The server has a problem (error 500) — your changes are kept on this device, nothing has synced yet.',
    );

    // Still down: Retry fails again and says so.
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry now' }));
    await waitFor(() => expect(alert).toHaveTextContent('2 failed attempts since'));

    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry now' }));
    await waitFor(() => expect(indicator()).toHaveTextContent('Synced just now'));
    expect(within(drawer).queryByTestId('sync-failure')).not.toBeInTheDocument();
    expect(drawer).toHaveTextContent('Everything on this device matches the server.');
  });
});

describe('sync banners', () => {
  it('asks to log in again after a 401 and says pending changes are kept', async () => {
    await createCustomer({ name: 'Offline Co', email: 'o@offline.test' });
    const onLogin = vi.fn();
    wrap(<SyncBanners onLogin={onLogin} store={store} />);
    expect(screen.queryByText('Please log in again')).not.toBeInTheDocument();
    act(() => store.set({ needsLogin: true }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Please log in again');
    await waitFor(() => expect(banner).toHaveTextContent('Your change is kept on this device'));
    fireEvent.click(within(banner).getByRole('button', { name: 'Log in again' }));
    expect(onLogin).toHaveBeenCalledOnce();
  });

  it('shows the progress of the first sync of a large tenant', () => {
    wrap(<SyncBanners onLogin={() => undefined} store={store} />);
    act(() => store.set({ firstSync: { received: 2500, remaining: 7500 } }));
    expect(screen.getByText(/2,500 of 10,000 records/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'First sync progress' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    act(() => store.set({ firstSync: null }));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
