import type { ReactNode } from 'react';
import { Button, Group, type GroupProps } from '@mantine/core';

/**
 * The foot of a dialog or form: Cancel, then its action (the button given), right-aligned. Cancel
 * waits while the action runs (`busy`).
 */
export function CancelAndAction({
  onCancel,
  busy = false,
  children,
  ...group
}: { onCancel: () => void; busy?: boolean; children: ReactNode } & Omit<GroupProps, 'children'>) {
  return (
    <Group justify="flex-end" gap="sm" {...group}>
      <Button variant="default" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      {children}
    </Group>
  );
}
