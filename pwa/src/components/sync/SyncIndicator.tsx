import { useEffect, useState } from 'react';
import { Badge, Group, Indicator, Loader, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import {
  IconCloudCheck,
  IconCloudOff,
  IconCloudUpload,
  IconAlertTriangle,
} from '@tabler/icons-react';
import { syncStatus, type SyncStatusStore } from '../../sync/status';
import { useSyncStatus } from '../../sync/useSyncStatus';
import { timeAgo } from './format';
import { SyncIssuesDrawer } from './SyncIssuesDrawer';

/** Re-renders every `ms` so relative times stay true. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/**
 * Header sync status (DESIGN §6): offline, syncing, pending changes and the last sync; a badge
 * counts sync issues. Clicking opens the 'Sync issues' panel.
 */
export function SyncIndicator({
  userId,
  store = syncStatus,
}: {
  userId: string | null;
  store?: SyncStatusStore;
}) {
  const status = useSyncStatus(store);
  const network = useNetwork();
  const now = useNow(30_000);
  const [opened, setOpened] = useState(false);
  const online = network.online && status.online;
  const issues = status.rejections.length + status.conflicts.length + (status.storageError ? 1 : 0);
  const pending = status.pendingCount;

  let icon = <IconCloudCheck size={18} />;
  let color = 'green';
  let text = status.lastSyncedAt ? `Synced ${timeAgo(status.lastSyncedAt, now)}` : 'Not synced yet';
  if (!online) {
    icon = <IconCloudOff size={18} />;
    color = 'orange';
    text = 'Offline';
  } else if (status.syncing) {
    icon = <Loader size={14} color="brand" />;
    color = 'brand';
    text = 'Syncing…';
  } else if (pending > 0) {
    icon = <IconCloudUpload size={18} />;
    color = 'brand';
    text = `${pending} pending`;
  }
  if (issues > 0 && online && !status.syncing) {
    icon = <IconAlertTriangle size={18} />;
    color = 'red';
  }

  const details = [
    online
      ? 'Online'
      : 'Offline — changes are kept on this device and sync when you are back online',
    pending > 0 ? `${pending} ${pending === 1 ? 'change' : 'changes'} waiting to sync` : null,
    status.lastSyncedAt ? `Last synced ${timeAgo(status.lastSyncedAt, now)}` : null,
    issues > 0 ? `${issues} sync ${issues === 1 ? 'issue' : 'issues'}` : null,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <>
      <Tooltip label={details} multiline maw={280} withArrow>
        <UnstyledButton
          onClick={() => setOpened(true)}
          aria-label={`Sync status: ${text}. ${details}. Open sync issues`}
          data-testid="sync-indicator"
          px={10}
          py={6}
          style={{
            borderRadius: 'var(--mantine-radius-md)',
            border: '1px solid var(--mantine-color-gray-3)',
          }}
        >
          <Group gap={8} wrap="nowrap">
            <Indicator
              disabled={issues === 0}
              label={issues}
              size={16}
              color="red"
              offset={2}
              inline
            >
              <Text c={color} component="span" style={{ display: 'flex' }}>
                {icon}
              </Text>
            </Indicator>
            <Text
              size="sm"
              fw={500}
              visibleFrom={online ? 'sm' : undefined}
              style={{ whiteSpace: 'nowrap' }}
            >
              {text}
            </Text>
            {online && pending > 0 && status.syncing && (
              <Badge size="sm" variant="light" visibleFrom="sm">
                {pending}
              </Badge>
            )}
          </Group>
        </UnstyledButton>
      </Tooltip>
      <SyncIssuesDrawer
        opened={opened}
        onClose={() => setOpened(false)}
        status={status}
        online={online}
        userId={userId}
      />
    </>
  );
}
