import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';

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
