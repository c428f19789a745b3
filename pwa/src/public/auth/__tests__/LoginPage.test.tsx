import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeToken, mockFetch, sentBody, storeSession } from '../../../test/helpers';
import { renderScreen } from '../../../test/render';
import { noteSessionExpired, writeSession } from '../../../lib/session';
import LoginPage from '../LoginPage';

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const signIn = () => fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'storage');
});

describe('LoginPage', () => {
  it('sends signed-in visitors to /dashboard', () => {
    storeSession();
    renderScreen('/login', <LoginPage />);
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('after a session expiry says that unsynced changes are kept, with the same email filled in', () => {
    renderScreen('/login', <LoginPage />, {
      pathname: '/login',
      state: { sessionExpired: true, email: 'rep@fair.test' },
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your session has expired. Please log in again — changes not yet synced are kept on this device and are sent once you have logged in.',
    );
    expect(screen.getByLabelText(/Email/)).toHaveValue('rep@fair.test');
  });

  it('still says so after a reload (noted in this tab), until the next login clears it', () => {
    noteSessionExpired('rep@fair.test');
    const first = renderScreen('/login', <LoginPage />);
    expect(screen.getByText(/Your session has expired/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveValue('rep@fair.test');
    first.unmount();
    writeSession(makeToken({ sub: 'u1' }), undefined);
    localStorage.clear();
    renderScreen('/login', <LoginPage />);
    expect(screen.queryByText(/Your session has expired/)).toBeNull();
  });

  it('says nothing about an expiry when the visitor simply opened /login', () => {
    renderScreen('/login', <LoginPage />);
    expect(screen.queryByText(/Your session has expired/)).toBeNull();
  });

  it('requires email and password', () => {
    const fetch = mockFetch(() => ({ status: 500 }));
    renderScreen('/login', <LoginPage />);
    signIn();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the credentials message on 401 and the verification message on 403', async () => {
    let reply = {
      status: 401,
      body: { statusCode: 401, error: 'Unauthorized' } as Record<string, unknown>,
    };
    mockFetch(() => reply);
    renderScreen('/login', <LoginPage />);
    type(/^email/i, 'ann@acme.test');
    type(/^password/i, 'wrong');
    signIn();
    expect(
      await screen.findByText('Login failed. Please check your credentials.'),
    ).toBeInTheDocument();

    reply = {
      status: 403,
      body: {
        statusCode: 403,
        error: 'Forbidden',
        message: 'Please verify your email address before logging in.',
      },
    };
    signIn();
    expect(
      await screen.findByText('Please verify your email address before logging in.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Your email address is not verified yet.')).toBeInTheDocument();
  });

  it('maps 404 and non-JSON answers to the spec texts', async () => {
    let reply: { status: number; text: string } = { status: 404, text: '' };
    mockFetch(() => reply);
    renderScreen('/login', <LoginPage />);
    type(/^email/i, 'ann@acme.test');
    type(/^password/i, 'Passw0rd!');
    signIn();
    expect(
      await screen.findByText(
        'The login service is currently unavailable. Please try again later.',
      ),
    ).toBeInTheDocument();
    reply = { status: 200, text: '<html>proxy page</html>' };
    signIn();
    expect(await screen.findByText('Server response was not valid JSON')).toBeInTheDocument();
  });

  it('resend verification asks for the email first, then shows the server message', async () => {
    const fetch = mockFetch(() => ({
      body: { success: true, message: 'A new verification code is on its way.' },
    }));
    renderScreen('/login', <LoginPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(
      screen.getByText('Please enter your email address to resend verification'),
    ).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    type(/^email/i, 'ann@acme.test');
    fireEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('A new verification code is on its way.')).toBeInTheDocument();
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/auth/resend-verification');
    expect(sentBody(fetch)).toEqual({ email: 'ann@acme.test' });
  });

  it('shows the resend failure text', async () => {
    mockFetch(() => ({ status: 500, text: '' }));
    renderScreen('/login', <LoginPage />);
    type(/^email/i, 'ann@acme.test');
    fireEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Failed to resend verification email')).toBeInTheDocument();
  });

  it('stores the session, asks for persistent storage and opens the dashboard', async () => {
    const persist = vi.fn().mockResolvedValue(true);
    Object.defineProperty(navigator, 'storage', { value: { persist }, configurable: true });
    const token = makeToken({
      sub: 'u1',
      IsTenantAdmin: 'true',
      exp: Math.floor(Date.now() / 1000) + 7200,
    });
    const expiresAt = new Date(Date.now() + 7_200_000).toISOString();
    const fetch = mockFetch(() => ({ body: { success: true, message: 'ok', token, expiresAt } }));
    renderScreen('/login', <LoginPage />);
    type(/^email/i, ' ann@acme.test ');
    type(/^password/i, 'Passw0rd!');
    signIn();
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    expect(sentBody(fetch)).toEqual({ email: 'ann@acme.test', password: 'Passw0rd!' });
    expect(localStorage.getItem('token')).toBe(token);
    expect(localStorage.getItem('tokenExpiry')).toBe(String(Date.parse(expiresAt)));
    expect(Number(localStorage.getItem('lastActivity'))).toBeGreaterThan(0);
    expect(persist).toHaveBeenCalled();
  });
});
