import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, sentBody, settle } from '../../../test/helpers';
import { renderScreen } from '../../../test/render';
import ForgotPasswordPage from '../ForgotPasswordPage';

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ForgotPasswordPage (three steps)', () => {
  it('walks email → code → new password, validating each step, then goes to /login after 3 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fetch = mockFetch((url) =>
      url.endsWith('/forgot-password')
        ? { body: { success: true, message: 'sent' } }
        : { body: { success: true, message: 'Your password has been reset.' } },
    );
    renderScreen('/forgot-password', <ForgotPasswordPage />);

    click('Send Reset Code');
    expect(screen.getByText('Please enter your email address')).toBeInTheDocument();
    type(/^email/i, 'ann@acme.test');
    click('Send Reset Code');
    await settle();
    expect(
      screen.getByText(
        'If your email is registered, a verification code has been sent to your inbox.',
      ),
    ).toBeInTheDocument();

    // Step 2 checks the code locally only.
    click('Continue');
    expect(screen.getByText('Please enter the verification code')).toBeInTheDocument();
    type(/verification code/i, '654321');
    click('Continue');
    expect(fetch).toHaveBeenCalledTimes(1);

    click('Reset Password');
    expect(screen.getByText('Please enter your new password')).toBeInTheDocument();
    type(/^new password/i, 'weak');
    type(/confirm new password/i, 'weak');
    click('Reset Password');
    expect(
      screen.getByText(
        'Password must be at least 8 characters and include uppercase, lowercase, number, and special character',
      ),
    ).toBeInTheDocument();
    type(/^new password/i, 'Passw0rd!');
    type(/confirm new password/i, 'Passw0rd?');
    click('Reset Password');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    type(/confirm new password/i, 'Passw0rd!');
    click('Reset Password');
    await settle();
    expect(screen.getByText(/Your password has been reset\./)).toBeInTheDocument();
    expect(sentBody(fetch, 1)).toEqual({
      email: 'ann@acme.test',
      otpCode: '654321',
      newPassword: 'Passw0rd!',
    });
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('shows the server message when the code is rejected, and the fallback otherwise', async () => {
    let reset: { status: number; body?: unknown; text?: string } = {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'The verification code is invalid or has expired.',
      },
    };
    mockFetch((url) =>
      url.endsWith('/forgot-password') ? { body: { success: true, message: 'ok' } } : reset,
    );
    renderScreen('/forgot-password', <ForgotPasswordPage />);
    type(/^email/i, 'ann@acme.test');
    click('Send Reset Code');
    type(
      await screen.findByLabelText(/verification code/i).then(() => /verification code/i),
      '111111',
    );
    click('Continue');
    type(/^new password/i, 'Passw0rd!');
    type(/confirm new password/i, 'Passw0rd!');
    click('Reset Password');
    expect(
      await screen.findByText('The verification code is invalid or has expired.'),
    ).toBeInTheDocument();
    reset = { status: 500, text: '' };
    click('Reset Password');
    expect(await screen.findByText('Failed to reset password')).toBeInTheDocument();
  });

  it('shows the request failure text', async () => {
    mockFetch(() => ({ status: 500, text: '' }));
    renderScreen('/forgot-password', <ForgotPasswordPage />);
    type(/^email/i, 'ann@acme.test');
    click('Send Reset Code');
    expect(await screen.findByText('Failed to request password reset')).toBeInTheDocument();
  });
});
