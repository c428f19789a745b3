import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCloudExclamation, IconRefresh } from '@tabler/icons-react';
import type { SyncStatusView } from '../../sync/useSyncStatus';
import { timeAgo } from './format';
import { SYNC_MESSAGES as M } from './messages';
import type { SyncSummary } from './summary';

/** The panel's first card: where sync stands, and a button to sync (or retry) now. */
export function SyncStatusCard({
  status,
  summary,
}: {
  status: SyncStatusView;
  summary: SyncSummary;
}) {
  const { pendingCount, lastSyncedAt, syncing } = status;
  const { phase, online, failure } = summary;
  if (phase === 'failing' && failure) {
    const severe = summary.tone === 'error';
    return (
      <Alert
        color={severe ? 'red' : 'orange'}
        variant="light"
        icon={<IconCloudExclamation size={20} />}
        title={M.failureLabel[failure.kind]}
        data-testid="sync-failure"
      >
        <Stack gap="xs">
          <Text size="sm">{summary.failureDetail}.</Text>
          {pendingCount > 0 && (
            <Text size="sm" fw={500}>
              {M.waiting(pendingCount)}.
            </Text>
          )}
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="xs" c="dimmed">
              {syncing ? M.retryingNow : summary.attempts}
            </Text>
            <Button
              size="xs"
              color={severe ? 'red' : 'orange'}
              leftSection={<IconRefresh size={14} />}
              onClick={status.syncNow}
              loading={syncing}
            >
              {M.retry}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  const title = !online
    ? M.cardTitle.offline
    : phase === 'needsLogin'
      ? M.needsLogin
      : syncing
        ? M.cardTitle.syncing
        : pendingCount > 0
          ? M.cardTitle.pending
          : M.cardTitle.online;
  return (
    <Card padding="md" radius="md" bg="gray.0" withBorder={false}>
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {title}
          </Text>
          <Text size="xs" c="dimmed">
            {pendingCount === 0 ? M.nothingWaiting : M.waiting(pendingCount)}
            {' · '}
            {lastSyncedAt ? M.lastSyncedLower(timeAgo(lastSyncedAt)) : M.neverSyncedLower}
          </Text>
        </Stack>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRefresh size={14} />}
          onClick={status.syncNow}
          disabled={!online || syncing || phase === 'needsLogin'}
          style={{ flexShrink: 0 }}
        >
          {M.syncNow}
        </Button>
      </Group>
    </Card>
  );
}
