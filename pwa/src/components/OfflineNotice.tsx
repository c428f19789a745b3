import { Alert } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconWifiOff } from '@tabler/icons-react';

/** Online-only screens (sign-in, user management, contact form) say clearly that they need a connection. */
export function OfflineNotice({ action }: { action: string }) {
  const { online } = useNetwork();
  if (online) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconWifiOff size={18} />} title="You are offline">
      {action} needs an internet connection. Your work on this page is kept until you are back
      online.
    </Alert>
  );
}
