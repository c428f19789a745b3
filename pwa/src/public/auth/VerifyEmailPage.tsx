import { useState, type FormEvent } from 'react';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { AUTH_MESSAGES } from '@smb/shared-types/auth';
import { OfflineNotice } from '../../components/OfflineNotice';
import {
  authErrorMessage,
  resendVerification,
  verifyEmailOtp,
} from '../../features/auth/data/auth-api';
import { AuthFrame } from './AuthFrame';
import { FormMessage, type Message } from './FormMessage';
import { useDelayedNavigate } from './useDelayedNavigate';
import { TextAction } from './TextAction';

export const VERIFY_REDIRECT_MS = 3000;

function emailFromState(state: unknown): string | null {
  if (state && typeof state === 'object' && 'email' in state && typeof state.email === 'string')
    return state.email;
  return null;
}

export default function VerifyEmailPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(
    () => emailFromState(location.state) ?? params.get('email') ?? '',
  );
  const [otpCode, setOtpCode] = useState('');
  const [errors, setErrors] = useState<{ email?: string; otpCode?: string }>({});
  const [message, setMessage] = useState<Message | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [resending, setResending] = useState(false);
  const [done, setDone] = useState(false);
  const navigateLater = useDelayedNavigate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found = {
      email: email.trim() ? undefined : AUTH_MESSAGES.enterEmail,
      otpCode: otpCode.trim() ? undefined : AUTH_MESSAGES.enterCode,
    };
    setErrors(found);
    if (found.email || found.otpCode) return;
    setSubmitting(true);
    try {
      const response = await verifyEmailOtp({ email: email.trim(), otpCode: otpCode.trim() });
      if (response && response.success === false) {
        setMessage({ kind: 'error', text: response.message || 'Email verification failed' });
        return;
      }
      setDone(true);
      setMessage({
        kind: 'success',
        text: `${response?.message || 'Your email has been verified.'} Redirecting you to sign in…`,
      });
      navigateLater('/login', VERIFY_REDIRECT_MS, { state: { email: email.trim() } });
    } catch (error) {
      setMessage({
        kind: 'error',
        text: authErrorMessage(error, {
          service: 'verification',
          statusFallback: () => 'Email verification failed',
          fallback: 'Email verification failed. Please try again or contact support.',
        }),
      });
    } finally {
      setSubmitting(false);
    }
  };

  const resend = async () => {
    setMessage(null);
    if (!email.trim()) {
      setErrors({ email: AUTH_MESSAGES.enterEmail });
      return;
    }
    setResending(true);
    try {
      const response = await resendVerification(email.trim());
      setMessage({
        kind: 'info',
        text: response?.message || 'A new verification code has been sent to your email.',
      });
    } catch (error) {
      setMessage({
        kind: 'error',
        text: authErrorMessage(error, {
          service: 'verification',
          statusFallback: () => 'Failed to resend verification code',
          fallback: 'Failed to resend verification code',
        }),
      });
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthFrame
      title="Verify your email"
      subtitle="Enter the 6-digit code we sent to your inbox."
      footer={
        <>
          Already verified?{' '}
          <Anchor component={Link} to="/login" fw={600}>
            Sign in
          </Anchor>
        </>
      }
    >
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Verify email">
        <Stack gap="md">
          <OfflineNotice action="Verifying your email" />
          <FormMessage message={message} />
          <TextInput
            label="Email"
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={errors.email}
          />
          <TextInput
            label="Verification code"
            placeholder="123456"
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            value={otpCode}
            onChange={(event) => setOtpCode(event.currentTarget.value)}
            error={errors.otpCode}
            styles={{ input: { letterSpacing: '0.3em', fontWeight: 600 } }}
          />
          <Button type="submit" size="md" loading={submitting} disabled={done}>
            Verify Email
          </Button>
          <Text size="sm" c="dimmed" ta="center">
            Didn’t get a code?{' '}
            <TextAction onClick={() => void resend()} disabled={resending}>
              Resend code
            </TextAction>
          </Text>
        </Stack>
      </form>
    </AuthFrame>
  );
}
