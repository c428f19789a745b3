import 'fake-indexeddb/auto';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import type { SmbDatabase } from '../../../db/database';
import { setMeta } from '../../../db/meta';
import type { ConflictRow } from '../../../db/types';
import { createCustomer } from '../../../features/customers/data/customers';
import {
  createSyncStatusStore,
  STORAGE_FULL_MESSAGE,
  type SyncStatusStore,
} from '../../../sync/status';
import { closeTestDatabase, syncedCustomer, useTestDatabase } from '../../../test/local-store';
import { SyncBanners } from '../SyncBanners';
import { SyncIndicator } from '../SyncIndicator';

let db: SmbDatabase;
let store: SyncStatusStore;
const customer = syncedCustomer(1, { name: 'Acme', phoneNumber: '555-0000' });

beforeEach(async () => {
  db = useTestDatabase();
  store = createSyncStatusStore();
  await db.customers.put(customer);
  await setMeta(db, 'userId', 'user-1');
});
afterEach(() => closeTestDatabase(db));

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
