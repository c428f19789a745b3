import { useState } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import type { ConflictRow } from '../../db/types';
import { messageOf, useAction } from '../../lib/useAction';
import type { SyncStatusView } from '../../sync/useSyncStatus';
import { entityLabel, fieldLabel, valueText } from './format';
import { SYNC_MESSAGES as M } from './messages';
import { useRecordLabel } from './useRecordLabel';

/** Two people changed one field at once and the later change won: keep it, or restore mine. */
export function ConflictCard({
  conflict,
  userId,
  status,
}: {
  conflict: ConflictRow;
  userId: string | null;
  status: SyncStatusView;
}) {
  const label = useRecordLabel(conflict.entity, conflict.entityId);
  const [error, setError] = useState<string | null>(null);
  const resolve = useAction(
    (choice: 'keepMine' | 'keepTheirs') => status.resolveConflict(conflict.id, choice),
    (e) => setError(messageOf(e)),
  );
  const choose = (choice: 'keepMine' | 'keepTheirs') => {
    setError(null);
    void resolve.run(choice);
  };
  // "Mine" is what this user wrote: the winning value when this user overwrote, else the lost one.
  const iOverwrote = !!userId && conflict.overwrittenByUser === userId;
  const mine = iOverwrote ? conflict.winningValue : conflict.overwrittenValue;
  const theirs = iOverwrote ? conflict.overwrittenValue : conflict.winningValue;
  return (
    <Card padding="md" radius="md" data-testid="conflict">
      <Stack gap={8}>
        <div>
          <Text fw={600} size="sm">
            {entityLabel(conflict.entity)}
            {label ? ` “${label}”` : ''}: {fieldLabel(conflict.field)}
          </Text>
          <Text size="xs" c="dimmed" data-testid="conflict-reason">
            {M.conflictReason(conflict.entity)}
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
          <ConflictValue label="Their value" value={theirs} bg="gray.0" />
          <ConflictValue
            label={iOverwrote ? 'Your value' : 'Your overwritten value'}
            value={mine}
            bg="brand.0"
          />
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
            disabled={resolve.busy}
            onClick={() => choose('keepTheirs')}
          >
            Keep theirs
          </Button>
          <Button
            size="xs"
            leftSection={<IconArrowBackUp size={14} />}
            disabled={resolve.busy}
            onClick={() => choose('keepMine')}
          >
            Keep mine
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function ConflictValue({ label, value, bg }: { label: string; value: unknown; bg: string }) {
  return (
    <Stack gap={2} p="xs" bg={bg} style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {valueText(value)}
      </Text>
    </Stack>
  );
}
