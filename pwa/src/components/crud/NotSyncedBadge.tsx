import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';

/** Marks a row whose local changes have not reached the server yet. */
export function NotSyncedBadge() {
  return (
    <Tooltip label="Saved on this device; it syncs when the connection allows">
      <Badge
        size="xs"
        variant="light"
        color="orange"
        leftSection={<IconCloudUpload size={11} />}
        style={{ flexShrink: 0 }}
      >
        Not synced
      </Badge>
    </Tooltip>
  );
}

/**
 * A record's name in bold, with the 'Not synced' badge while it has unsynced changes. On one line
 * in tables; `wrap` lets a long name wrap on a phone card.
 */
export function RecordName({
  name,
  pending,
  wrap = false,
}: {
  name: string;
  pending: boolean;
  wrap?: boolean;
}) {
  return (
    <Group gap={8} wrap={wrap ? 'wrap' : 'nowrap'}>
      <Text fw={600} size="sm" style={wrap ? undefined : { whiteSpace: 'nowrap' }}>
        {name}
      </Text>
      {pending && <NotSyncedBadge />}
    </Group>
  );
}
