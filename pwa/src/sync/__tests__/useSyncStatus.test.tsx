import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setCurrentDatabase } from '../../db/current';
import { createCustomer } from '../../features/customers/data/customers';
import { createSyncStatusStore } from '../status';
import { usePendingIds, useSyncStatus } from '../useSyncStatus';
import { newClientDb } from './helpers';

afterEach(() => setCurrentDatabase(null));

describe('useSyncStatus', () => {
  it('shows pending changes, engine state and failed mutations; marks unsynced rows', async () => {
    const db = newClientDb();
    setCurrentDatabase(db);
    const store = createSyncStatusStore();
    const { result } = renderHook(() => ({
      status: useSyncStatus(store),
      pending: usePendingIds('customers'),
    }));
    expect(result.current.status.pendingCount).toBe(0);

    const id = await createCustomer({ name: 'Acme', email: 'a@acme.test' }, db);
    await waitFor(() => expect(result.current.status.pendingCount).toBe(1));
    await waitFor(() => expect(result.current.pending.has(id)).toBe(true));

    act(() => store.set({ syncing: true, needsLogin: true }));
    expect(result.current.status).toMatchObject({ syncing: true, needsLogin: true });

    await db.rejections.put({
      mutationId: 9,
      name: 'customer.update',
      args: null,
      statusCode: 403,
      message: 'Not allowed',
      createdAt: '',
    });
    await waitFor(() =>
      expect(result.current.status.rejections).toMatchObject([{ message: 'Not allowed' }]),
    );
    await act(() => result.current.status.discardRejection(9));
    await waitFor(() => expect(result.current.status.rejections).toEqual([]));
    db.close();
  });
});
