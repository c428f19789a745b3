import 'fake-indexeddb/auto';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession, USER_CLAIMS } from '../../test/helpers';
import { AuthProvider } from './AuthProvider';
import { useAuth, type AuthContextValue } from '../../lib/auth-context';

const sync = vi.hoisted(() => ({
  startSync: vi.fn(),
  stopSync: vi.fn(),
  closeSync: vi.fn(),
  requestPersistentStorage: vi.fn(async () => true),
}));
vi.mock('../../sync/session', () => sync);

afterEach(() => vi.clearAllMocks());

function renderAuth() {
  const auth: { current: AuthContextValue | null } = { current: null };
  function Probe() {
    auth.current = useAuth();
    return null;
  }
  render(
    <AuthProvider>
      <Probe />
    </AuthProvider>,
  );
  return auth;
}

describe('AuthProvider and the sync engine', () => {
  it('starts sync for the token’s tenant and user on app start, and closes it on logout', async () => {
    const token = storeSession();
    const auth = renderAuth();
    await waitFor(() => expect(sync.startSync).toHaveBeenCalledOnce());
    const options = sync.startSync.mock.calls[0]![0] as {
      tenantId: string;
      userId: string;
      getToken: () => string | null;
    };
    expect(options).toMatchObject({ tenantId: USER_CLAIMS.tenantId, userId: USER_CLAIMS.sub });
    expect(options.getToken()).toBe(token);
    expect(sync.requestPersistentStorage).toHaveBeenCalled();

    act(() => auth.current!.signOut());
    await waitFor(() => expect(sync.closeSync).toHaveBeenCalledOnce());
    expect(sync.stopSync).not.toHaveBeenCalled();
    expect(options.getToken()).toBeNull();
  });

  it('only stops syncing when the session expired (the local data stays open for the same user)', async () => {
    storeSession();
    const auth = renderAuth();
    await waitFor(() => expect(sync.startSync).toHaveBeenCalledOnce());
    localStorage.setItem('lastActivity', String(Date.now() - 3 * 60 * 60 * 1000));
    act(() => auth.current!.signOut());
    await waitFor(() => expect(sync.stopSync).toHaveBeenCalledOnce());
    expect(sync.closeSync).not.toHaveBeenCalled();
  });

  it('offline, an expired session keeps syncing set up (outbox and database open); online it only stops', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    storeSession(undefined, Date.now() - 3 * 60 * 60 * 1000);
    const auth = renderAuth();
    // Expired a while ago, but the device is offline: still signed in, the local store opened.
    expect(auth.current!.isAuthenticated).toBe(true);
    await waitFor(() => expect(sync.startSync).toHaveBeenCalledOnce());

    online.mockReturnValue(true);
    act(() => auth.current!.signOut());
    await waitFor(() => expect(sync.stopSync).toHaveBeenCalledOnce());
    // Expiry never closes (nor deletes) the database: the same user's outbox replays after login.
    expect(sync.closeSync).not.toHaveBeenCalled();
    online.mockRestore();
  });

  it('starts sync after login', async () => {
    const auth = renderAuth();
    expect(sync.startSync).not.toHaveBeenCalled();
    const token = storeSession();
    act(() => auth.current!.signIn(token));
    await waitFor(() => expect(sync.startSync).toHaveBeenCalledOnce());
  });
});
