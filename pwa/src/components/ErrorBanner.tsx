import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The dismissible error banner of list and form screens: the error's own text, else the fallback. */
export function ErrorBanner({ message, onClose }: { message: string | null; onClose: () => void }) {
  if (!message) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} />}
      withCloseButton
      closeButtonLabel="Dismiss error"
      onClose={onClose}
      role="alert"
    >
      {message}
    </Alert>
  );
}

/** The text to show for a failed action: the data layer's message (spec wording) or a fallback. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
