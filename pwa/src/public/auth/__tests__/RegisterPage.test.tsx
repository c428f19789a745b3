import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, sentBody, settle } from '../../../test/helpers';
import { renderScreen } from '../../../test/render';
import RegisterPage from '../RegisterPage';

const RULE =
  'Password must be at least 8 characters and include uppercase, lowercase, number, and special character';

function fill(values: Partial<Record<'company' | 'email' | 'password' | 'confirm', string>>) {
  const set = (label: RegExp, value: string | undefined) => {
    if (value !== undefined) fireEvent.change(screen.getByLabelText(label), { target: { value } });
  };
  set(/business name/i, values.company);
  set(/^email/i, values.email);
  set(/^password/i, values.password);
  set(/confirm password/i, values.confirm);
}

const signUp = () => fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

const pingOk = (url: string) =>
  url.endsWith('/api/auth/ping') ? { body: { ok: true, text: 'pong' } } : null;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('RegisterPage', () => {
  it('shows the API connectivity banner and disables Sign Up when ping fails', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    renderScreen('/register', <RegisterPage />);
    expect(await screen.findByText('API connectivity issue')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeDisabled();
  });

  it('validates company, email and the password rules with the spec messages', async () => {
    const fetch = mockFetch((url) => pingOk(url) ?? { status: 500 });
    renderScreen('/register', <RegisterPage />);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    signUp();
    expect(screen.getByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText(RULE)).toBeInTheDocument();

    fill({ company: 'Acme', email: 'ann@acme.test', password: 'Passw0rd!', confirm: 'Passw0rd?' });
    signUp();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();

    fill({ password: 'password1!', confirm: 'password1!' });
    signUp();
    expect(screen.getByText(RULE)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1); // only the ping: nothing was submitted
  });

  it('shows the server message on failure', async () => {
    mockFetch(
      (url) =>
        pingOk(url) ?? {
          status: 409,
          body: {
            statusCode: 409,
            error: 'Conflict',
            message: 'An account with this email already exists.',
          },
        },
    );
    renderScreen('/register', <RegisterPage />);
    fill({ company: 'Acme', email: 'ann@acme.test', password: 'Passw0rd!', confirm: 'Passw0rd!' });
    signUp();
    expect(
      await screen.findByText('An account with this email already exists.'),
    ).toBeInTheDocument();
  });

  it('maps a 404 and a message-less error to the spec texts', async () => {
    let status = 404;
    mockFetch((url) => pingOk(url) ?? { status, text: '' });
    renderScreen('/register', <RegisterPage />);
    fill({ company: 'Acme', email: 'ann@acme.test', password: 'Passw0rd!', confirm: 'Passw0rd!' });
    signUp();
    expect(
      await screen.findByText(
        'The registration service is currently unavailable. Please try again later.',
      ),
    ).toBeInTheDocument();
    status = 502;
    signUp();
    expect(await screen.findByText('Registration failed with status: 502')).toBeInTheDocument();
  });

  it('on success shows the message and goes to /verify-email with the email after 2 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fetch = mockFetch(
      (url) =>
        pingOk(url) ?? {
          status: 201,
          body: { success: true, message: 'Registration successful! Check your inbox.' },
        },
    );
    renderScreen('/register', <RegisterPage />);
    fill({
      company: ' Acme Ltd ',
      email: 'ann@acme.test',
      password: 'Passw0rd!',
      confirm: 'Passw0rd!',
    });
    await settle();
    signUp();
    await settle();
    expect(screen.getByText('Registration successful! Check your inbox.')).toBeInTheDocument();
    expect(sentBody(fetch, 1)).toEqual({
      email: 'ann@acme.test',
      password: 'Passw0rd!',
      confirmPassword: 'Passw0rd!',
      tenantNaturalName: 'Acme Ltd',
      country: 'US',
      locale: 'en-US',
    });
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('location')).toHaveTextContent('/verify-email');
    expect(screen.getByTestId('location-state')).toHaveTextContent('{"email":"ann@acme.test"}');
  });

  it('asks the country, first the browser’s, and sends it with the browser’s language (issue 34.2)', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-AT');
    const fetch = mockFetch(
      (url) => pingOk(url) ?? { status: 201, body: { success: true, message: 'Done.' } },
    );
    renderScreen('/register', <RegisterPage />);
    expect(screen.getByDisplayValue('Austria')).toBeInTheDocument();
    fill({
      company: 'Wien GmbH',
      email: 'ann@wien.test',
      password: 'Passw0rd!',
      confirm: 'Passw0rd!',
    });
    await settle();
    signUp();
    await screen.findByText('Done.');
    expect(sentBody(fetch, 1)).toMatchObject({ country: 'AT', locale: 'de-AT' });
    vi.restoreAllMocks();
  });
});
