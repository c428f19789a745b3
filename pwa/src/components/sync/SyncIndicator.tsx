import { useEffect, useState } from 'react';
import { Badge, Group, Indicator, Loader, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconCloudCheck,
  IconCloudExclamation,
  IconCloudOff,
  IconCloudUpload,
} from '@tabler/icons-react';
import { syncStatus, type SyncStatusStore } from '../../sync/status';
import { useSyncStatus } from '../../sync/useSyncStatus';
import { summarizeSync } from './summary';
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
 * Header sync status: offline, a failing sync, syncing, pending changes and the last
 * sync; a badge counts sync issues. Clicking opens the 'Sync issues' panel.
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
  const now = useNow(15_000);
  const [opened, setOpened] = useState(false);
  const summary = summarizeSync(status, network.online, now);
  const { phase, online, label: text, details, issues } = summary;
  const pending = status.pendingCount;

  const icon =
    status.syncing && online && phase !== 'needsLogin' ? (
      <Loader size={14} color={phase === 'failing' ? 'orange' : 'brand'} />
    ) : phase === 'offline' ? (
      <IconCloudOff size={18} />
    ) : phase === 'failing' || phase === 'needsLogin' ? (
      <IconCloudExclamation size={18} />
    ) : issues > 0 ? (
      <IconAlertTriangle size={18} />
    ) : phase === 'pending' ? (
      <IconCloudUpload size={18} />
    ) : (
      <IconCloudCheck size={18} />
    );
  const color = { ok: 'green', busy: 'brand', warning: 'orange', error: 'red' }[summary.tone];
  // On a phone only the icon shows, unless the state needs the user's attention; then the
  // indicator is also tinted.
  const attention = phase === 'failing' || phase === 'needsLogin';
  const alwaysShowText = attention || phase === 'offline';

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
            border: `1px solid var(--mantine-color-${attention ? `${color}-3` : 'gray-3'})`,
            background: attention ? `var(--mantine-color-${color}-0)` : undefined,
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
              visibleFrom={alwaysShowText ? undefined : 'sm'}
              style={{ whiteSpace: 'nowrap' }}
            >
              {text}
            </Text>
            {phase === 'syncing' && pending > 0 && (
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
        summary={summary}
        userId={userId}
      />
    </>
  );
}
