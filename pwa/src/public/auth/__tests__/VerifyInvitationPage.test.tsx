import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeToken, mockFetch, sentBody, settle } from '../../../test/helpers';
import { renderScreen } from '../../../test/render';
import VerifyInvitationPage from '../VerifyInvitationPage';

const accept = () => fireEvent.click(screen.getByRole('button', { name: 'Accept Invitation' }));
const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const PATH = '/verify-invitation';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('VerifyInvitationPage', () => {
  it('reads ?email= and validates with the invitation messages', () => {
    const fetch = mockFetch(() => ({ status: 500 }));
    renderScreen(PATH, <VerifyInvitationPage />, `${PATH}?email=bob%40acme.test`);
    expect(screen.getByLabelText(/^email/i)).toHaveValue('bob@acme.test');
    type(/^email/i, '');
    accept();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Verification code is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    type(/^password/i, 'short');
    accept();
    expect(screen.getByText('Password does not meet complexity requirements')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('with a token: signs in and opens /dashboard after 1.5 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const token = makeToken({ sub: 'u2', exp: Math.floor(Date.now() / 1000) + 7200 });
    const fetch = mockFetch(() => ({
      body: { success: true, message: 'Welcome aboard.', token, expiresAt: '' },
    }));
    renderScreen(PATH, <VerifyInvitationPage />, `${PATH}?email=bob%40acme.test`);
    type(/verification code/i, '222333');
    type(/^password/i, 'Passw0rd!');
    accept();
    await settle();
    expect(screen.getByText(/Welcome aboard\./)).toBeInTheDocument();
    expect(sentBody(fetch)).toEqual({
      email: 'bob@acme.test',
      otpCode: '222333',
      password: 'Passw0rd!',
    });
    expect(localStorage.getItem('token')).toBe(token);
    act(() => vi.advanceTimersByTime(1499));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('without a token: goes to /login after 1.5 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mockFetch(() => ({ body: { success: true, message: 'Invitation accepted.' } }));
    renderScreen(PATH, <VerifyInvitationPage />, `${PATH}?email=bob%40acme.test`);
    type(/verification code/i, '222333');
    type(/^password/i, 'Passw0rd!');
    accept();
    await settle();
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows the failure and resend texts', async () => {
    mockFetch(() => ({ status: 500, text: '' }));
    renderScreen(PATH, <VerifyInvitationPage />, `${PATH}?email=bob%40acme.test`);
    type(/verification code/i, '222333');
    type(/^password/i, 'Passw0rd!');
    accept();
    expect(
      await screen.findByText('Failed to verify your invitation. Please try again.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Resend invitation' }));
    expect(
      await screen.findByText('Failed to resend invitation. Please try again later.'),
    ).toBeInTheDocument();
    type(/^email/i, '');
    fireEvent.click(screen.getByRole('button', { name: 'Resend invitation' }));
    expect(screen.getByText('Email is required to resend invitation')).toBeInTheDocument();
  });
});
