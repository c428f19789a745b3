import { useState, type FormEvent } from 'react';
import { Anchor, Button, Group, PasswordInput, Stack, Stepper, TextInput } from '@mantine/core';
import { Link } from 'react-router-dom';
import { AUTH_MESSAGES, passwordError } from '@smb/shared-types/auth';
import { useUpdateGuard } from '../../lib/useUpdateGuard';
import { OfflineNotice } from '../../components/OfflineNotice';
import { authErrorMessage, forgotPassword, resetPassword } from '../../features/auth/data/auth-api';
import { AuthFrame } from './AuthFrame';
import { FormMessage, type Message } from './FormMessage';
import { PASSWORD_HINT } from './RegisterPage';
import { useDelayedNavigate } from './useDelayedNavigate';

export const RESET_REDIRECT_MS = 3000;

type Step = 0 | 1 | 2;

/** Spec §4: email request → code entry (checked locally only) → new password (server checks the code). */
export default function ForgotPasswordPage() {
  const [step, setStep] = useState<Step>(0);
  const [email, setEmail] = useState('');
  const [otpCode, setOtpCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<{
    email?: string;
    otpCode?: string;
    newPassword?: string;
    confirm?: string;
  }>({});
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const navigateLater = useDelayedNavigate();
  useUpdateGuard('form:reset-password', !done && (otpCode !== '' || newPassword !== ''));

  const requestCode = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    if (!email.trim()) {
      setError({ email: AUTH_MESSAGES.enterEmail });
      return;
    }
    setError({});
    setBusy(true);
    try {
      await forgotPassword(email.trim());
      setMessage({ kind: 'info', text: AUTH_MESSAGES.resetRequested });
      setStep(1);
    } catch (failure) {
      setMessage({
        kind: 'error',
        text: authErrorMessage(failure, {
          service: 'password reset',
          statusFallback: () => 'Failed to request password reset',
          fallback: 'Failed to request password reset',
        }),
      });
    } finally {
      setBusy(false);
    }
  };

  const enterCode = (event: FormEvent) => {
    event.preventDefault();
    if (!otpCode.trim()) {
      setError({ otpCode: AUTH_MESSAGES.enterCode });
      return;
    }
    setError({});
    setMessage(null);
    setStep(2);
  };

  const reset = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    if (!newPassword) {
      setError({ newPassword: AUTH_MESSAGES.enterNewPassword });
      return;
    }
    const rule = passwordError(newPassword, confirmPassword);
    if (rule) {
      setError(
        rule === AUTH_MESSAGES.passwordsDoNotMatch ? { confirm: rule } : { newPassword: rule },
      );
      return;
    }
    setError({});
    setBusy(true);
    try {
      const response = await resetPassword({
        email: email.trim(),
        otpCode: otpCode.trim(),
        newPassword,
      });
      setDone(true);
      setMessage({
        kind: 'success',
        text: `${response?.message || 'Your password has been reset.'} Redirecting you to sign in…`,
      });
      navigateLater('/login', RESET_REDIRECT_MS, { state: { email: email.trim() } });
    } catch (failure) {
      setMessage({
        kind: 'error',
        text: authErrorMessage(failure, {
          service: 'password reset',
          statusFallback: () => 'Failed to reset password',
          fallback: 'Failed to reset password',
        }),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame
      title="Reset your password"
      subtitle="We’ll email you a code to choose a new password."
      footer={
        <>
          Remembered it?{' '}
          <Anchor component={Link} to="/login" fw={600}>
            Back to sign in
          </Anchor>
        </>
      }
    >
      <Stack gap="md">
        <OfflineNotice action="Resetting your password" />
        <Stepper
          active={step}
          size="xs"
          allowNextStepsSelect={false}
          onStepClick={(s) => setStep(s as Step)}
        >
          <Stepper.Step label="Email" />
          <Stepper.Step label="Code" />
          <Stepper.Step label="New password" />
        </Stepper>
        <FormMessage message={message} />
        {step === 0 && (
          <form
            onSubmit={(event) => void requestCode(event)}
            noValidate
            aria-label="Request reset code"
          >
            <Stack gap="md">
              <TextInput
                label="Email"
                type="email"
                required
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
                error={error.email}
              />
              <Button type="submit" size="md" loading={busy}>
                Send Reset Code
              </Button>
            </Stack>
          </form>
        )}
        {step === 1 && (
          <form onSubmit={enterCode} noValidate aria-label="Enter reset code">
            <Stack gap="md">
              <TextInput
                label="Verification code"
                placeholder="123456"
                required
                inputMode="numeric"
                autoComplete="one-time-code"
                value={otpCode}
                onChange={(event) => setOtpCode(event.currentTarget.value)}
                error={error.otpCode}
                styles={{ input: { letterSpacing: '0.3em', fontWeight: 600 } }}
              />
              <Group grow>
                <Button variant="default" onClick={() => setStep(0)}>
                  Back
                </Button>
                <Button type="submit">Continue</Button>
              </Group>
            </Stack>
          </form>
        )}
        {step === 2 && (
          <form onSubmit={(event) => void reset(event)} noValidate aria-label="Choose new password">
            <Stack gap="md">
              <PasswordInput
                label="New password"
                description={PASSWORD_HINT}
                required
                autoComplete="new-password"
                value={newPassword}
                onChange={(event) => setNewPassword(event.currentTarget.value)}
                error={error.newPassword}
              />
              <PasswordInput
                label="Confirm new password"
                required
                autoComplete="new-password"
                value={confirmPassword}
                onChange={(event) => setConfirmPassword(event.currentTarget.value)}
                error={error.confirm}
              />
              <Group grow>
                <Button variant="default" onClick={() => setStep(1)} disabled={busy || done}>
                  Back
                </Button>
                <Button type="submit" loading={busy} disabled={done}>
                  Reset Password
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </AuthFrame>
  );
}
