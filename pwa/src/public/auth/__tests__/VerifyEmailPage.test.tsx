import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, sentBody, settle } from '../../../test/helpers';
import { renderScreen } from '../../../test/render';
import VerifyEmailPage from '../VerifyEmailPage';

const verify = () => fireEvent.click(screen.getByRole('button', { name: 'Verify Email' }));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('VerifyEmailPage', () => {
  it('takes the email from navigation state', () => {
    renderScreen('/verify-email', <VerifyEmailPage />, {
      pathname: '/verify-email',
      state: { email: 'ann@acme.test' },
    });
    expect(screen.getByLabelText(/^email/i)).toHaveValue('ann@acme.test');
  });

  it('asks for the email and the code', () => {
    const fetch = mockFetch(() => ({ status: 500 }));
    renderScreen('/verify-email', <VerifyEmailPage />);
    verify();
    expect(screen.getByText('Please enter your email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter the verification code')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the server message for a bad code, and the fallback when there is none', async () => {
    let reply: { status: number; body?: unknown; text?: string } = {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'The verification code is invalid or has expired.',
      },
    };
    mockFetch(() => reply);
    renderScreen('/verify-email', <VerifyEmailPage />, {
      pathname: '/verify-email',
      state: { email: 'ann@acme.test' },
    });
    fireEvent.change(screen.getByLabelText(/verification code/i), { target: { value: '000000' } });
    verify();
    expect(
      await screen.findByText('The verification code is invalid or has expired.'),
    ).toBeInTheDocument();
    reply = { status: 400, text: '' };
    verify();
    expect(await screen.findByText('Email verification failed')).toBeInTheDocument();
  });

  it('on success goes to /login after 3 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fetch = mockFetch(() => ({ body: { success: true, message: 'Email verified.' } }));
    renderScreen('/verify-email', <VerifyEmailPage />, {
      pathname: '/verify-email',
      state: { email: 'ann@acme.test' },
    });
    fireEvent.change(screen.getByLabelText(/verification code/i), {
      target: { value: ' 123456 ' },
    });
    verify();
    await settle();
    expect(screen.getByText(/Email verified\./)).toBeInTheDocument();
    expect(sentBody(fetch)).toEqual({ email: 'ann@acme.test', otpCode: '123456' });
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('resend code failure shows the spec text', async () => {
    mockFetch(() => ({ status: 500, text: '' }));
    renderScreen('/verify-email', <VerifyEmailPage />, {
      pathname: '/verify-email',
      state: { email: 'ann@acme.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Failed to resend verification code')).toBeInTheDocument();
  });
});
