import type { ReactNode } from 'react';
import { Alert, Badge, Drawer, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconDatabaseExclamation } from '@tabler/icons-react';
import type { SyncStatusView } from '../../sync/useSyncStatus';
import { ThisDeviceCard } from '../device/ThisDeviceCard';
import { ConflictCard } from './ConflictCard';
import { SYNC_MESSAGES as M } from './messages';
import { RejectionCard } from './RejectionCard';
import type { SyncSummary } from './summary';
import { SyncStatusCard } from './SyncStatusCard';

function Section({
  title,
  count,
  children,
}: {
  title: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Title order={4} fz="sm" tt="uppercase" c="dimmed" style={{ letterSpacing: '0.04em' }}>
          {title}
        </Title>
        <Badge size="sm" variant="light" color="red" circle>
          {count}
        </Badge>
      </Group>
      {children}
    </Stack>
  );
}

/** The empty state's sentence: only a successful last sync says everything matches the server. */
function cleanText(status: SyncStatusView, summary: SyncSummary): string {
  if (status.pendingCount > 0) return M.cleanPending;
  if (!summary.online) return M.cleanOffline;
  if (summary.phase === 'needsLogin') return M.needsLoginDetail;
  if (summary.phase === 'never') return M.cleanNeverSynced;
  return M.cleanSynced;
}

/**
 * The 'Sync issues' panel: a failing sync with a retry, refused changes, conflicts and storage
 * errors, each with a way out.
 */
export function SyncIssuesDrawer({
  opened,
  onClose,
  status,
  summary,
  userId,
}: {
  opened: boolean;
  onClose: () => void;
  status: SyncStatusView;
  summary: SyncSummary;
  userId: string | null;
}) {
  const { rejections, conflicts, storageError } = status;
  const clean =
    summary.phase !== 'failing' &&
    rejections.length === 0 &&
    conflicts.length === 0 &&
    !storageError;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={
        <Text component="span" fw={700} fz="lg">
          Sync issues
        </Text>
      }
    >
      <Stack gap="lg">
        <SyncStatusCard status={status} summary={summary} />

        {storageError && (
          <Alert
            color="red"
            icon={<IconDatabaseExclamation size={18} />}
            title="Storage error"
            withCloseButton
            closeButtonLabel="Dismiss storage error"
            onClose={status.dismissStorageError}
          >
            {storageError}
          </Alert>
        )}

        {rejections.length > 0 && (
          <Section title="Rejected changes" count={rejections.length}>
            <Text size="xs" c="dimmed">
              The server refused these changes; they were undone on this device. Retry after fixing
              the cause, or discard them.
            </Text>
            {rejections.map((r) => (
              <RejectionCard key={r.mutationId} rejection={r} status={status} />
            ))}
          </Section>
        )}

        {conflicts.length > 0 && (
          <Section title="Conflicts" count={conflicts.length}>
            <Text size="xs" c="dimmed">
              The later change won. Keep it, or restore the overwritten value.
            </Text>
            {conflicts.map((c) => (
              <ConflictCard key={c.id} conflict={c} userId={userId} status={status} />
            ))}
          </Section>
        )}

        {clean && (
          <Stack align="center" gap="xs" py="xl">
            <ThemeIcon size={48} radius="xl" variant="light" color="green">
              <IconCircleCheck size={28} />
            </ThemeIcon>
            <Text fw={600}>{M.noIssues}</Text>
            <Text size="sm" c="dimmed" ta="center" maw={300}>
              {cleanText(status, summary)}
            </Text>
          </Stack>
        )}

        {/* Every user reaches this panel (Settings is for administrators). */}
        <ThisDeviceCard />
      </Stack>
    </Drawer>
  );
}
