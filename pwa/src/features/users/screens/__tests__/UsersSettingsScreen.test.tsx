import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  mockFetch,
  sentBody,
  storeSession,
  USER_CLAIMS,
  type FetchHandler,
} from '../../../../test/helpers';
import { renderScreen } from '../../../../test/render';
import UsersSettingsScreen from '../UsersSettingsScreen';

const ME = {
  id: 'user-1',
  email: 'ann@acme.test',
  isVerified: true,
  isTenantAdmin: true,
  isPendingApproval: false,
  createdAt: '2026-01-05T10:00:00.000Z',
};
const BOB = {
  id: 'user-2',
  email: 'bob@acme.test',
  isVerified: true,
  isTenantAdmin: false,
  isPendingApproval: false,
  createdAt: '2026-02-10T10:00:00.000Z',
};
const CAROL = {
  id: 'user-3',
  email: 'carol@acme.test',
  isVerified: false,
  isTenantAdmin: true,
  isPendingApproval: true,
  createdAt: '2026-03-15T10:00:00.000Z',
};

let token: string;
beforeEach(() => {
  token = storeSession({ ...USER_CLAIMS, IsTenantAdmin: 'true' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});

/** The list for GET /api/users; other calls answered by `other`. */
function serve(other: FetchHandler = () => ({ status: 500 })) {
  return mockFetch((url, init) =>
    url === '/api/users' && (init?.method ?? 'GET') === 'GET'
      ? { body: [ME, BOB, CAROL] }
      : other(url, init),
  );
}

const renderUsers = () => renderScreen('/dashboard/settings/users', <UsersSettingsScreen />);
const rowOf = (email: string) =>
  screen.getAllByTestId('user-row').find((r) => within(r).queryByText(email)) as HTMLElement;

describe('UsersSettingsScreen', () => {
  it('lists users with verification, role and creation date; the own row is (You) without actions', async () => {
    const fetch = serve();
    renderUsers();
    expect(screen.getByRole('status', { name: 'Loading users' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(3));
    expect(fetch.mock.calls[0]?.[1]?.headers).toMatchObject({ Authorization: `Bearer ${token}` });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Email',
      'Verification',
      'Role',
      'Created',
      'Actions',
    ]);
    const me = rowOf('ann@acme.test');
    expect(within(me).getByText('(You)')).toBeInTheDocument();
    expect(within(me).queryAllByRole('button')).toHaveLength(0);
    expect(within(me).getByText('Administrator')).toBeInTheDocument();

    const bob = within(rowOf('bob@acme.test'))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(bob).toEqual([
      'bob@acme.test ',
      'Verified',
      'Regular User',
      new Date(BOB.createdAt).toLocaleDateString(),
      'Make Admin',
    ]);
    expect(within(rowOf('carol@acme.test')).getByText('Pending Verification')).toBeInTheDocument();
    expect(within(rowOf('carol@acme.test')).getByText('Administrator')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete bob@acme.test' })).toBeEnabled();
    expect(screen.getAllByText('(You)')).toHaveLength(1);
  });

  it("shows 'Failed to load users. Please try again later.' and loads again on request", async () => {
    let fail = true;
    mockFetch(() => (fail ? { status: 500, body: { message: 'boom' } } : { body: [ME, BOB] }));
    renderUsers();
    expect(
      await screen.findByText('Failed to load users. Please try again later.'),
    ).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(2));
    expect(
      screen.queryByText('Failed to load users. Please try again later.'),
    ).not.toBeInTheDocument();
  });

  it('validates the invitation e-mail, then invites as administrator', async () => {
    const NEW = {
      ...BOB,
      id: 'user-9',
      email: 'dan@acme.test',
      isVerified: false,
      isTenantAdmin: true,
    };
    const fetch = serve((url) =>
      url === '/api/users/invite' ? { status: 201, body: NEW } : { status: 500 },
    );
    renderUsers();
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(3));
    const email = screen.getByRole('textbox', { name: /Email/ });
    const send = screen.getByRole('button', { name: 'Send Invitation' });

    fireEvent.click(send);
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    fireEvent.click(send);
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);

    fireEvent.change(email, { target: { value: ' dan@acme.test ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Administrator/ }));
    fireEvent.click(send);
    expect(await screen.findByText('Invitation sent to dan@acme.test.')).toBeInTheDocument();
    expect(fetch.mock.calls[1]?.[0]).toBe('/api/users/invite');
    expect(fetch.mock.calls[1]?.[1]?.method).toBe('POST');
    expect(sentBody(fetch, 1)).toEqual({ email: 'dan@acme.test', isTenantAdmin: true });
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(4));
    expect(email).toHaveValue('');
  });

  it("shows 'Failed to invite user. The email may already be registered.' when the invite fails", async () => {
    serve((url) =>
      url === '/api/users/invite'
        ? { status: 409, body: { message: 'An account with this email already exists.' } }
        : { status: 500 },
    );
    renderUsers();
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(3));
    fireEvent.change(screen.getByRole('textbox', { name: /Email/ }), {
      target: { value: 'bob@acme.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(
      await screen.findByText('Failed to invite user. The email may already be registered.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue('bob@acme.test');
  });

  it('toggles the administrator role, and says so when that fails', async () => {
    let fail = false;
    const fetch = serve((url, init) =>
      fail
        ? { status: 409, body: { message: 'A company must keep at least one administrator' } }
        : url === '/api/users/user-2/role'
          ? {
              body: {
                ...BOB,
                isTenantAdmin: (JSON.parse(String(init?.body)) as { isTenantAdmin: boolean })
                  .isTenantAdmin,
              },
            }
          : { status: 500 },
    );
    renderUsers();
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Make bob@acme.test an administrator' }));
    await waitFor(() =>
      expect(within(rowOf('bob@acme.test')).getByText('Administrator')).toBeInTheDocument(),
    );
    expect(fetch.mock.calls[1]?.[1]?.method).toBe('PUT');
    expect(sentBody(fetch, 1)).toEqual({ isTenantAdmin: true });
    expect(screen.getByText('bob@acme.test is now an administrator.')).toBeInTheDocument();

    fail = true;
    fireEvent.click(
      screen.getByRole('button', { name: 'Remove administrator role from carol@acme.test' }),
    );
    expect(
      await screen.findByText('Failed to update user role. Please try again.'),
    ).toBeInTheDocument();
    expect(within(rowOf('carol@acme.test')).getByText('Administrator')).toBeInTheDocument();
  });

  it('deletes a user after confirmation', async () => {
    const fetch = serve((url, init) =>
      url === '/api/users/user-2' && init?.method === 'DELETE'
        ? { body: { success: true, message: 'User deleted' } }
        : { status: 500 },
    );
    renderUsers();
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Delete bob@acme.test' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete this user? This action cannot be undone.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(2));
    expect(fetch.mock.calls[1]?.[1]?.method).toBe('DELETE');
    expect(screen.queryByText('bob@acme.test', { selector: 'p' })).not.toBeInTheDocument();
  });

  it("shows 'Failed to delete user. Please try again.' and keeps the user when the delete fails", async () => {
    serve(() => ({ status: 500 }));
    renderUsers();
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Delete carol@acme.test' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Failed to delete user. Please try again.')).toBeInTheDocument();
    expect(screen.getAllByTestId('user-row')).toHaveLength(3);
  });

  it('offline: says user management needs a connection and makes no request', async () => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    const fetch = serve();
    renderUsers();
    expect(await screen.findByText('You are offline')).toBeInTheDocument();
    expect(screen.getByText(/User management needs an internet connection/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Invitation' })).toBeDisabled();
    expect(screen.queryByTestId('user-row')).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();

    // Back online: the list loads.
    Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(3));
    expect(screen.queryByText('You are offline')).not.toBeInTheDocument();
  });
});

describe('UsersSettingsScreen on a phone', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows cards; the own card is (You) without actions', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          onchange: null,
          addListener: () => undefined,
          removeListener: () => undefined,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    serve();
    renderUsers();
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(3));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(rowOf('ann@acme.test')).getByText('(You)')).toBeInTheDocument();
    expect(within(rowOf('ann@acme.test')).queryAllByRole('button')).toHaveLength(0);
    expect(
      within(rowOf('bob@acme.test')).getByRole('button', { name: 'Delete bob@acme.test' }),
    ).toBeEnabled();
    expect(within(rowOf('carol@acme.test')).getByText('Pending Verification')).toBeInTheDocument();
  });
});
