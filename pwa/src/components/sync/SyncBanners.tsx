import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconLogin } from '@tabler/icons-react';
import { syncStatus, type SyncStatusStore } from '../../sync/status';
import { useSyncStatus } from '../../sync/useSyncStatus';

/**
 * Above every dashboard screen: the first download of a large tenant with its progress, and a
 * request to log in again when the server refused the session during sync (401).
 */
export function SyncBanners({
  onLogin,
  store = syncStatus,
}: {
  onLogin: () => void;
  store?: SyncStatusStore;
}) {
  const status = useSyncStatus(store);
  const first = status.firstSync;
  const total = first ? first.received + first.remaining : 0;
  const percent = first && total > 0 ? Math.round((first.received / total) * 100) : 0;
  if (!status.needsLogin && !first) return null;
  return (
    <Stack gap="sm" mb="lg">
      {status.needsLogin && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconLogin size={18} />}
          title="Please log in again"
          role="alert"
        >
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" maw={620}>
              Your session has ended, so syncing is paused.{' '}
              {status.pendingCount > 0
                ? `Your ${status.pendingCount === 1 ? 'change is' : `${status.pendingCount} changes are`} kept on this device and will sync after you log in.`
                : 'Changes you make are kept on this device and sync after you log in.'}
            </Text>
            <Button
              size="xs"
              color="orange"
              onClick={onLogin}
              leftSection={<IconLogin size={14} />}
            >
              Log in again
            </Button>
          </Group>
        </Alert>
      )}
      {first && (
        <Alert
          color="brand"
          variant="light"
          icon={<IconDownload size={18} />}
          title="Setting up this device"
        >
          <Stack gap={6}>
            <Text size="sm">
              Downloading your data for offline use: {first.received.toLocaleString('en-US')} of{' '}
              {total.toLocaleString('en-US')} records.
            </Text>
            <Progress value={percent} animated striped aria-label="First sync progress" />
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
