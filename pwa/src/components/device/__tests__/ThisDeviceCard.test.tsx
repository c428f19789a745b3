import 'fake-indexeddb/auto';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { theme } from '../../../app/theme';
import type { SmbDatabase } from '../../../db/database';
import { getMeta } from '../../../db/meta';
import { closeTestDatabase, useTestDatabase } from '../../../test/local-store';
import { createCustomer } from '../../../features/customers/data/customers';
import { formatBytes, type StorageManagerLike } from '../storage';
import { ThisDeviceCard } from '../ThisDeviceCard';
import { SyncIndicator } from '../../sync/SyncIndicator';
import { createSyncStatusStore } from '../../../sync/status';

let db: SmbDatabase;
beforeEach(() => {
  db = useTestDatabase();
});
afterEach(() => closeTestDatabase(db));

const MB = 1024 * 1024;
const wrap = (storage: StorageManagerLike) =>
  render(
    <MantineProvider theme={theme}>
      <ThisDeviceCard storage={storage} />
    </MantineProvider>,
  );

describe('This device', () => {
  it('shows persistent storage, space used and left, and the changes waiting to sync', async () => {
    await createCustomer({ name: 'Waiting Co', email: 'w@waiting.test' }, db);
    await createCustomer({ name: 'Queued Co', email: 'q@queued.test' }, db);
    wrap({
      persisted: async () => true,
      estimate: async () => ({ usage: 1.5 * MB, quota: 100 * MB }),
    });
    await waitFor(() =>
      expect(screen.getByTestId('storage-pending')).toHaveTextContent('2 changes waiting to sync'),
    );
    expect(screen.getByTestId('storage-persisted')).toHaveTextContent(
      'Offline data is kept: the browser will not clear it when space runs low',
    );
    expect(screen.getByTestId('storage-usage')).toHaveTextContent('1.5 MB used · 99 MB left');
  });

  it('counts the changes waiting exactly as the sync indicator does (one source)', async () => {
    // Sent but not yet acknowledged by a pull: still waiting, for the indicator and for the card.
    await createCustomer({ name: 'Sent Co', email: 's@sent.test' }, db);
    await db.outbox.toCollection().modify({ status: 'pushed' });
    render(
      <MantineProvider theme={theme}>
        <SyncIndicator userId="user-1" store={createSyncStatusStore()} />
        <ThisDeviceCard storage={{ persisted: async () => true }} />
      </MantineProvider>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('sync-indicator')).toHaveTextContent('1 pending'),
    );
    await waitFor(() =>
      expect(screen.getByTestId('storage-pending')).toHaveTextContent('1 change waiting to sync'),
    );
  });

  it('warns when storage is not persistent, and says so when the browser cannot tell', async () => {
    const { unmount } = wrap({ persisted: async () => false });
    await waitFor(() =>
      expect(screen.getByTestId('storage-persisted')).toHaveTextContent(
        'The browser may clear offline data when space runs low',
      ),
    );
    expect(screen.getByTestId('storage-usage')).toHaveTextContent(
      'This browser does not say how much space is used',
    );
    expect(screen.getByTestId('storage-pending')).toHaveTextContent('No changes waiting to sync');
    unmount();
    wrap({});
    await waitFor(() =>
      expect(screen.getByTestId('storage-persisted')).toHaveTextContent(
        'This browser does not say whether it keeps offline data',
      ),
    );
  });

  it('saves the device name on this device, trimmed', async () => {
    wrap({});
    const input = await screen.findByLabelText('Device name');
    fireEvent.change(input, { target: { value: "  Anna's tablet " } });
    fireEvent.click(screen.getByRole('button', { name: 'Save device name' }));
    await waitFor(() => expect(screen.getByText('Device name saved')).toBeInTheDocument());
    expect(await getMeta(db, 'deviceName')).toBe("Anna's tablet");
  });

  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(250 * MB)).toBe('250 MB');
  });
});
