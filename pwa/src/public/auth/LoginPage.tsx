import { useState } from 'react';
import { Anchor, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { AUTH_MESSAGES } from '@smb/shared-types/auth';
import { useUpdateGuard } from '../../lib/useUpdateGuard';
import {
  authErrorMessage,
  loginRequest,
  resendVerification,
} from '../../features/auth/data/auth-api';
import { useAction } from '../../lib/useAction';
import { useAuth } from '../../lib/auth-context';
import { SESSION_EXPIRED_MESSAGE, sessionExpiredNotice } from '../../lib/session';
import { ApiError } from '../../lib/api-client';
import { AuthFrame } from './AuthFrame';
import { EmailField, FooterLink, PasswordField } from './fields';
import { AuthForm, FormMessage, type Message } from './FormMessage';
import { TextAction } from './TextAction';
import { always, submitChecked, useAuthAction } from './useAuthAction';

function emailFromState(state: unknown): string {
  if (state && typeof state === 'object' && 'email' in state && typeof state.email === 'string')
    return state.email;
  return '';
}

/**
 * Sent here by a session expiry (RootLayout's navigation state, or noted in this tab so that a
 * reload keeps it): say that unsynced changes are kept.
 */
function expiredFromState(state: unknown): Message | null {
  const expired =
    (state &&
      typeof state === 'object' &&
      'sessionExpired' in state &&
      state.sessionExpired === true) ||
    sessionExpiredNotice() !== null;
  return expired ? { kind: 'info', text: SESSION_EXPIRED_MESSAGE } : null;
}

export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) {
    const data = error.data;
    const serverText = data && typeof data === 'object' && 'message' in data ? data.message : null;
    return typeof serverText === 'string' && serverText
      ? serverText
      : AUTH_MESSAGES.invalidCredentials;
  }
  return authErrorMessage(error, {
    service: 'login',
    statusFallback: always('Login failed. Please try again.'),
    fallback: 'Login failed. Please try again.',
  });
}

export default function LoginPage() {
  const { isAuthenticated, signIn } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [email, setEmail] = useState(
    () => emailFromState(location.state) || (sessionExpiredNotice()?.email ?? ''),
  );
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [message, setMessage] = useState<Message | null>(() => expiredFromState(location.state));
  const [resendMessage, setResendMessage] = useState<Message | null>(null);
  const [notVerified, setNotVerified] = useState(false);
  useUpdateGuard('form:login', password !== '');
  const login = useAction(
    async () => {
      const response = await loginRequest({ email: email.trim(), password });
      if (!response?.token) {
        setMessage({ kind: 'error', text: response?.message || 'Login failed' });
        return;
      }
      signIn(response.token, response.expiresAt);
      navigate('/dashboard', { replace: true });
    },
    (error) => {
      setNotVerified(error instanceof ApiError && error.status === 403);
      setMessage({ kind: 'error', text: loginErrorMessage(error) });
    },
  );
  const resend = useAuthAction(
    async () => {
      const response = await resendVerification(email.trim());
      setResendMessage({
        kind: 'success',
        text:
          response?.message ||
          'If your account needs verification, a new code has been sent to your email.',
      });
    },
    setResendMessage,
    {
      service: 'verification',
      statusFallback: always('Failed to resend verification email'),
      fallback: 'Failed to resend verification email',
    },
  );

  if (isAuthenticated) return <Navigate to="/dashboard" replace />;

  const submit = submitChecked(
    () => ({
      email: email.trim() ? undefined : AUTH_MESSAGES.emailRequired,
      password: password ? undefined : AUTH_MESSAGES.passwordRequired,
    }),
    setErrors,
    () => {
      setMessage(null);
      setResendMessage(null);
    },
    login.run,
  );

  const askResend = () => {
    setResendMessage(null);
    if (email.trim()) void resend.run();
    else setResendMessage({ kind: 'error', text: AUTH_MESSAGES.enterEmailToResend });
  };

  return (
    <AuthFrame
      title="Welcome back"
      subtitle="Sign in to your SMB Finance account."
      footer={<FooterLink text="New to SMB Finance?" to="/register" label="Create an account" />}
    >
      <AuthForm label="Login" offlineAction="Signing in" message={message} onSubmit={submit}>
        <EmailField
          placeholder="you@company.com"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={errors.email}
        />
        <PasswordField
          label="Password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" size="md" loading={login.busy}>
          Sign In
        </Button>
      </AuthForm>
      <Divider my="lg" />
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {notVerified
            ? 'Your email address is not verified yet.'
            : 'Didn’t get your verification email?'}{' '}
          <TextAction onClick={askResend} disabled={resend.busy}>
            Resend verification email
          </TextAction>
        </Text>
        <Text size="sm" c="dimmed">
          Already have a code?{' '}
          <Anchor
            component={Link}
            to="/verify-email"
            state={{ email: email.trim() }}
            size="sm"
            fw={600}
          >
            Verify your email
          </Anchor>
        </Text>
        <FormMessage message={resendMessage} />
      </Stack>
    </AuthFrame>
  );
}
