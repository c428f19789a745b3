import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { useLocation, useSearchParams } from 'react-router-dom';
import { AUTH_MESSAGES } from '@smb/shared-types/auth';
import { resendVerification, verifyEmailOtp } from '../../features/auth/data/auth-api';
import { AuthFrame } from './AuthFrame';
import { CodeField, EmailField, FooterLink } from './fields';
import { AuthForm, type Message } from './FormMessage';
import { refusal, useFinish } from './useFinish';
import { TextAction } from './TextAction';
import { always, useAuthAction } from './useAuthAction';

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
  const { done, finishToSignIn } = useFinish(setMessage);

  const verify = useAuthAction(
    async () => {
      const response = await verifyEmailOtp({ email: email.trim(), otpCode: otpCode.trim() });
      const refused = refusal(response, 'Email verification failed');
      if (refused) return setMessage(refused);
      finishToSignIn(
        response?.message || 'Your email has been verified.',
        email.trim(),
        VERIFY_REDIRECT_MS,
      );
    },
    setMessage,
    {
      service: 'verification',
      statusFallback: always('Email verification failed'),
      fallback: 'Email verification failed. Please try again or contact support.',
    },
  );
  const resend = useAuthAction(
    async () => {
      const response = await resendVerification(email.trim());
      setMessage({
        kind: 'info',
        text: response?.message || 'A new verification code has been sent to your email.',
      });
    },
    setMessage,
    {
      service: 'verification',
      statusFallback: always('Failed to resend verification code'),
      fallback: 'Failed to resend verification code',
    },
  );

  const submit = verify.submitWhen(
    () => ({
      email: email.trim() ? undefined : AUTH_MESSAGES.enterEmail,
      otpCode: otpCode.trim() ? undefined : AUTH_MESSAGES.enterCode,
    }),
    setErrors,
  );

  const askResend = () => {
    setMessage(null);
    if (email.trim()) void resend.run();
    else setErrors({ email: AUTH_MESSAGES.enterEmail });
  };

  return (
    <AuthFrame
      title="Verify your email"
      subtitle="Enter the 6-digit code we sent to your inbox."
      footer={<FooterLink text="Already verified?" to="/login" label="Sign in" />}
    >
      <AuthForm
        label="Verify email"
        offlineAction="Verifying your email"
        message={message}
        onSubmit={submit}
      >
        <EmailField
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={errors.email}
        />
        <CodeField
          maxLength={12}
          value={otpCode}
          onChange={(event) => setOtpCode(event.currentTarget.value)}
          error={errors.otpCode}
        />
        <Button type="submit" size="md" loading={verify.busy} disabled={done}>
          Verify Email
        </Button>
        <Text size="sm" c="dimmed" ta="center">
          Didn’t get a code?{' '}
          <TextAction onClick={askResend} disabled={resend.busy}>
            Resend code
          </TextAction>
        </Text>
      </AuthForm>
    </AuthFrame>
  );
}
