import 'fake-indexeddb/auto';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCurrentDatabase } from '../../db/current';
import type { SmbDatabase } from '../../db/database';
import { setMeta } from '../../db/meta';
import { updateTenant } from '../../features/tenant/data/tenant';
import { newClientDb } from '../../sync/__tests__/helpers';
import { mockFetch, storeSession, USER_CLAIMS } from '../../test/helpers';
import { renderApp } from '../../test/render';
import { routes } from '../routes';

const SERVER = {
  id: 't1',
  naturalName: 'Acme (server)',
  schemaName: 'acme_x1y2',
  createdAt: '2026-01-01',
};
const LOCAL = { ...SERVER, naturalName: 'Acme Plumbing Ltd' };

let db: SmbDatabase;
beforeEach(() => {
  db = newClientDb();
  setCurrentDatabase(db);
  // No `sub` claim: the AuthProvider then opens no database of its own, so the test's one stays current.
  const { sub: _sub, ...claims } = USER_CLAIMS;
  storeSession(claims);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setCurrentDatabase(null);
  db.close();
});

const header = () => screen.getByTestId('tenant-name');

describe('header company name', () => {
  it('prefers the local tenant over the server and follows an offline rename at once', async () => {
    await setMeta(db, 'tenant', LOCAL);
    mockFetch(() => ({ body: SERVER }));
    renderApp(routes, '/dashboard');
    await waitFor(() => expect(header()).toHaveTextContent('Acme Plumbing Ltd'));
    // Offline: the rename is only in the local database and the outbox.
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await act(() => updateTenant('Acme Heating Group'));
    await waitFor(() => expect(header()).toHaveTextContent('Acme Heating Group'));
    expect(header()).toHaveAttribute('title', 'Acme Heating Group');
  });

  it('shows the server name before the first pull, then the tenant a pull stores', async () => {
    mockFetch(() => ({ body: SERVER }));
    renderApp(routes, '/dashboard');
    await waitFor(() => expect(header()).toHaveTextContent('Acme (server)'));
    await act(() => setMeta(db, 'tenant', { ...SERVER, naturalName: 'Renamed Elsewhere Ltd' }));
    await waitFor(() => expect(header()).toHaveTextContent('Renamed Elsewhere Ltd'));
  });

  it("falls back to the claim's company name when neither the device nor the server knows it", async () => {
    mockFetch(() => ({ status: 500, text: '' }));
    renderApp(routes, '/dashboard');
    expect(header()).toHaveTextContent('Loading...');
    await waitFor(() => expect(header()).toHaveTextContent('Acme'));
    expect(header()).not.toHaveTextContent('Loading...');
  });
});
