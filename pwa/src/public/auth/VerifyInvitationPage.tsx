import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { AUTH_MESSAGES, isStrongPassword } from '@smb/shared-types/auth';
import { useUpdateGuard } from '../../lib/useUpdateGuard';
import { resendInvitation, verifyInvitation } from '../../features/auth/data/auth-api';
import { useAuth } from '../../lib/auth-context';
import { AuthFrame } from './AuthFrame';
import { CodeField, EmailField, signInFooter, PasswordField } from './fields';
import { AuthForm, type Message } from './FormMessage';
import { useFinish } from './useFinish';
import { useFields } from '../useFields';
import { TextAction } from './TextAction';
import { always, useAuthAction } from './useAuthAction';

export const INVITATION_REDIRECT_MS = 1500;

type Field = 'email' | 'otpCode' | 'password';

export function validateInvitation(values: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.email.trim()) errors.email = AUTH_MESSAGES.emailRequired;
  if (!values.otpCode.trim()) errors.otpCode = AUTH_MESSAGES.codeRequired;
  if (!values.password) errors.password = AUTH_MESSAGES.passwordRequired;
  else if (!isStrongPassword(values.password))
    errors.password = AUTH_MESSAGES.invitationPasswordRule;
  return errors;
}

/** Accept an invitation: e-mail (optionally from ?email=), the code from the invitation mail, a password. */
export default function VerifyInvitationPage() {
  const [params] = useSearchParams();
  const { signIn } = useAuth();
  const { values, setErrors, field } = useFields<Field>({
    email: params.get('email') ?? '',
    otpCode: '',
    password: '',
  });
  const [message, setMessage] = useState<Message | null>(null);
  const { done, finish } = useFinish(setMessage);
  useUpdateGuard('form:invitation', !done && (values.otpCode !== '' || values.password !== ''));

  const accept = useAuthAction(
    async () => {
      const response = await verifyInvitation({
        email: values.email.trim(),
        otpCode: values.otpCode.trim(),
        password: values.password,
      });
      if (response?.token) {
        signIn(response.token, response.expiresAt);
        finish(
          `${response.message || 'Invitation accepted.'} Opening your dashboard…`,
          '/dashboard',
          INVITATION_REDIRECT_MS,
          { replace: true },
        );
      } else {
        finish(
          `${response?.message || 'Invitation accepted.'} Please sign in.`,
          '/login',
          INVITATION_REDIRECT_MS,
          { state: { email: values.email.trim() } },
        );
      }
    },
    setMessage,
    {
      service: 'invitation',
      statusFallback: always('Failed to verify your invitation. Please try again.'),
      fallback: 'Failed to verify your invitation. Please try again.',
    },
  );

  const submit = accept.submitWhen(() => validateInvitation(values), setErrors);

  const resend = async () => {
    setMessage(null);
    if (!values.email.trim()) {
      setMessage({ kind: 'error', text: 'Email is required to resend invitation' });
      return;
    }
    try {
      const response = await resendInvitation(values.email.trim());
      setMessage({
        kind: 'info',
        text: response?.message || 'A new invitation code has been sent to your email.',
      });
    } catch {
      setMessage({ kind: 'error', text: 'Failed to resend invitation. Please try again later.' });
    }
  };

  return (
    <AuthFrame
      title="Accept your invitation"
      subtitle="Enter the code from your invitation email and choose a password."
      footer={signInFooter}
    >
      <AuthForm
        label="Accept invitation"
        offlineAction="Accepting an invitation"
        message={message}
        onSubmit={submit}
      >
        <EmailField {...field('email')} />
        <CodeField {...field('otpCode')} />
        <PasswordField label="Password" setsNew hint {...field('password')} />
        <Button type="submit" size="md" loading={accept.busy} disabled={done}>
          Accept Invitation
        </Button>
        <Text size="sm" c="dimmed" ta="center">
          Code expired? <TextAction onClick={() => void resend()}>Resend invitation</TextAction>
        </Text>
      </AuthForm>
    </AuthFrame>
  );
}
