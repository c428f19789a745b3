import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The dismissible error banner of list and form screens. */
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
