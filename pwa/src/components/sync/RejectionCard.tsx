import { useState } from 'react';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import type { RejectionRow } from '../../db/database';
import { messageOf, useAction } from '../../lib/useAction';
import type { SyncStatusView } from '../../sync/useSyncStatus';
import { describeMutation, timeAgo } from './format';

/** A change the server refused (already undone on this device): retry it, or discard it. */
export function RejectionCard({
  rejection,
  status,
}: {
  rejection: RejectionRow;
  status: SyncStatusView;
}) {
  const [error, setError] = useState<string | null>(null);
  const showError = (e: unknown) => setError(messageOf(e));
  const retry = useAction(() => status.retryRejection(rejection.mutationId), showError);
  const discard = useAction(() => status.discardRejection(rejection.mutationId), showError);
  const busy = retry.busy || discard.busy;
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
            loading={discard.busy}
            disabled={busy}
            onClick={() => {
              setError(null);
              void discard.run();
            }}
          >
            Discard
          </Button>
          <Button
            size="xs"
            leftSection={<IconRefresh size={14} />}
            loading={retry.busy}
            disabled={busy || !rejection.args}
            onClick={() => {
              setError(null);
              void retry.run();
            }}
          >
            Retry
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
