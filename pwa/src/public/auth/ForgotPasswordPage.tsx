import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Stepper } from '@mantine/core';
import { AUTH_MESSAGES, passwordError } from '@smb/shared-types/auth';
import { useUpdateGuard } from '../../lib/useUpdateGuard';
import { OfflineNotice } from '../../components/OfflineNotice';
import { forgotPassword, resetPassword } from '../../features/auth/data/auth-api';
import { AuthFrame } from './AuthFrame';
import { CodeField, EmailField, FooterLink, PasswordField } from './fields';
import { FormMessage, type Message } from './FormMessage';
import { always, useAuthAction } from './useAuthAction';
import { useFinish } from './useFinish';

export const RESET_REDIRECT_MS = 3000;

type Step = 0 | 1 | 2;

/** Three steps: e-mail → code (only checked for presence here) → new password (the server checks the code). */
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
  const { done, finishToSignIn } = useFinish(setMessage);
  useUpdateGuard('form:reset-password', !done && (otpCode !== '' || newPassword !== ''));

  const request = useAuthAction(
    async () => {
      await forgotPassword(email.trim());
      setMessage({ kind: 'info', text: AUTH_MESSAGES.resetRequested });
      setStep(1);
    },
    setMessage,
    {
      service: 'password reset',
      statusFallback: always('Failed to request password reset'),
      fallback: 'Failed to request password reset',
    },
  );
  const resetAction = useAuthAction(
    async () => {
      const response = await resetPassword({
        email: email.trim(),
        otpCode: otpCode.trim(),
        newPassword,
      });
      finishToSignIn(
        response?.message || 'Your password has been reset.',
        email.trim(),
        RESET_REDIRECT_MS,
      );
    },
    setMessage,
    {
      service: 'password reset',
      statusFallback: always('Failed to reset password'),
      fallback: 'Failed to reset password',
    },
  );
  const busy = request.busy || resetAction.busy;

  const requestCode = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    if (!email.trim()) {
      setError({ email: AUTH_MESSAGES.enterEmail });
      return;
    }
    setError({});
    void request.run();
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

  const reset = (event: FormEvent) => {
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
    void resetAction.run();
  };

  return (
    <AuthFrame
      title="Reset your password"
      subtitle="We’ll email you a code to choose a new password."
      footer={<FooterLink text="Remembered it?" to="/login" label="Back to sign in" />}
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
          <form onSubmit={requestCode} noValidate aria-label="Request reset code">
            <Stack gap="md">
              <EmailField
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
              <CodeField
                value={otpCode}
                onChange={(event) => setOtpCode(event.currentTarget.value)}
                error={error.otpCode}
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
          <form onSubmit={reset} noValidate aria-label="Choose new password">
            <Stack gap="md">
              <PasswordField
                label="New password"
                setsNew
                hint
                value={newPassword}
                onChange={(event) => setNewPassword(event.currentTarget.value)}
                error={error.newPassword}
              />
              <PasswordField
                label="Confirm new password"
                setsNew
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
