import { useState, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Drawer,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowBackUp,
  IconCircleCheck,
  IconCloudExclamation,
  IconDatabaseExclamation,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import type { RejectionRow } from '../../db/database';
import type { ConflictRow } from '../../db/types';
import type { SyncStatusView } from '../../sync/useSyncStatus';
import { describeMutation, entityLabel, fieldLabel, timeAgo, valueText } from './format';
import { SYNC_MESSAGES as M } from './messages';
import type { SyncSummary } from './summary';
import { useRecordLabel } from './useRecordLabel';
import { ThisDeviceCard } from '../device/ThisDeviceCard';

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function RejectionCard({ rejection, status }: { rejection: RejectionRow; status: SyncStatusView }) {
  const [busy, setBusy] = useState<'retry' | 'discard' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: 'retry' | 'discard') => {
    setBusy(action);
    setError(null);
    try {
      if (action === 'retry') await status.retryRejection(rejection.mutationId);
      else await status.discardRejection(rejection.mutationId);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  const when = Date.parse(rejection.createdAt);
  return (
    <Card padding="md" radius="md" data-testid="rejection">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} size="sm">
            {describeMutation(rejection.name, rejection.args)}
          </Text>
          {Number.isFinite(when) && (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {timeAgo(when)}
            </Text>
          )}
        </Group>
        <Text size="sm" c="red.8">
          {rejection.message}
        </Text>
        {error && (
          <Text size="xs" c="red">
            {error}
          </Text>
        )}
        <Group gap="xs" justify="flex-end" mt={4}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconTrash size={14} />}
            loading={busy === 'discard'}
            disabled={busy !== null}
            onClick={() => void run('discard')}
          >
            Discard
          </Button>
          <Button
            size="xs"
            leftSection={<IconRefresh size={14} />}
            loading={busy === 'retry'}
            disabled={busy !== null || !rejection.args}
            onClick={() => void run('retry')}
          >
            Retry
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function ConflictCard({
  conflict,
  userId,
  status,
}: {
  conflict: ConflictRow;
  userId: string | null;
  status: SyncStatusView;
}) {
  const label = useRecordLabel(conflict.entity, conflict.entityId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // "Mine" is what this user wrote: the winning value when this user overwrote, else the lost one.
  const iOverwrote = !!userId && conflict.overwrittenByUser === userId;
  const mine = iOverwrote ? conflict.winningValue : conflict.overwrittenValue;
  const theirs = iOverwrote ? conflict.overwrittenValue : conflict.winningValue;
  const resolve = async (choice: 'keepMine' | 'keepTheirs') => {
    setBusy(true);
    setError(null);
    try {
      await status.resolveConflict(conflict.id, choice);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card padding="md" radius="md" data-testid="conflict">
      <Stack gap={8}>
        <div>
          <Text fw={600} size="sm">
            {entityLabel(conflict.entity)}
            {label ? ` “${label}”` : ''}: {fieldLabel(conflict.field)}
          </Text>
          <Text size="xs" c="dimmed">
            Two people changed this field at the same time.
          </Text>
          <Text size="xs" c="dimmed" data-testid="conflict-origin">
            {M.conflictOrigin({
              value: `“${valueText(conflict.overwrittenValue)}”`,
              lostOn: conflict.overwrittenDeviceName,
              lostDeviceKnown: !!conflict.overwrittenClientGroup,
              by: iOverwrote ? M.you : (conflict.overwrittenByUserEmail ?? M.anotherUser),
              from: conflict.overwrittenByDeviceName,
              fromDeviceKnown: !!conflict.overwrittenByClientGroup,
            })}
          </Text>
        </div>
        <SimpleGrid cols={2} spacing="xs">
          <Stack gap={2} p="xs" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              Their value
            </Text>
            <Text size="sm" style={{ wordBreak: 'break-word' }}>
              {valueText(theirs)}
            </Text>
          </Stack>
          <Stack gap={2} p="xs" bg="brand.0" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {iOverwrote ? 'Your value' : 'Your overwritten value'}
            </Text>
            <Text size="sm" style={{ wordBreak: 'break-word' }}>
              {valueText(mine)}
            </Text>
          </Stack>
        </SimpleGrid>
        {error && (
          <Text size="xs" c="red">
            {error}
          </Text>
        )}
        <Group gap="xs" justify="flex-end">
          <Button
            size="xs"
            variant="default"
            disabled={busy}
            onClick={() => void resolve('keepTheirs')}
          >
            Keep theirs
          </Button>
          <Button
            size="xs"
            leftSection={<IconArrowBackUp size={14} />}
            disabled={busy}
            onClick={() => void resolve('keepMine')}
          >
            Keep mine
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

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

/** The panel's first card: where sync stands, and a button to sync (or retry) now. */
function StatusCard({ status, summary }: { status: SyncStatusView; summary: SyncSummary }) {
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
        <StatusCard status={status} summary={summary} />

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
