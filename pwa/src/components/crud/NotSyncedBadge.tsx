import { Badge, Tooltip } from '@mantine/core';
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
