import type { FormEvent, ReactNode } from 'react';
import { Alert, Stack } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { OfflineNotice } from '../../components/OfflineNotice';

export interface Message {
  kind: 'success' | 'error' | 'info';
  text: string;
}

/** A form-level success, error or info message. */
export function FormMessage({ message }: { message: Message | null }) {
  if (!message) return null;
  const color = message.kind === 'success' ? 'green' : message.kind === 'error' ? 'red' : 'brand';
  const Icon =
    message.kind === 'success'
      ? IconCircleCheck
      : message.kind === 'error'
        ? IconAlertCircle
        : IconInfoCircle;
  return (
    <Alert
      color={color}
      variant="light"
      icon={<Icon size={18} />}
      role={message.kind === 'error' ? 'alert' : 'status'}
    >
      {message.text}
    </Alert>
  );
}

/**
 * An account screen's form: what works offline said first, then `notice` (the screen's own
 * warning), the outcome of the last submit, and the fields.
 */
export function AuthForm({
  label,
  offlineAction,
  notice,
  message,
  onSubmit,
  children,
}: {
  /** The form's accessible name. */
  label: string;
  /** What cannot be done offline ("Signing in"). */
  offlineAction: string;
  notice?: ReactNode;
  message: Message | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="md">
        <OfflineNotice action={offlineAction} />
        {notice}
        <FormMessage message={message} />
        {children}
      </Stack>
    </form>
  );
}
