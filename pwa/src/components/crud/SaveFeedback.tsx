import { Alert, type MantineSpacing } from '@mantine/core';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import type { RejectionRow } from '../../db/database';
import { useSyncStatus } from '../../sync/useSyncStatus';

export interface SaveMessage {
  ok: boolean;
  text: string;
}

/** The outcome of a save on this device: green or red, until dismissed. */
export function SaveMessageAlert({
  message,
  onClose,
  mb,
}: {
  message: SaveMessage | null;
  onClose: () => void;
  mb?: MantineSpacing;
}) {
  if (!message) return null;
  return (
    <Alert
      mb={mb}
      color={message.ok ? 'green' : 'red'}
      icon={message.ok ? <IconCheck size={18} /> : <IconAlertCircle size={18} />}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
    >
      {message.text}
    </Alert>
  );
}

/**
 * The changes of this screen that the server refused when they synced, each with the server's
 * reason, until the user dismisses it (which discards the rejection).
 */
export function RefusedChanges({
  which,
  title,
  mb,
}: {
  which: (rejection: RejectionRow) => boolean;
  title: string | ((rejection: RejectionRow) => string);
  mb?: MantineSpacing;
}) {
  const { rejections, discardRejection } = useSyncStatus();
  return rejections.filter(which).map((r) => (
    <Alert
      key={r.mutationId}
      mb={mb}
      color="red"
      icon={<IconAlertCircle size={18} />}
      title={typeof title === 'string' ? title : title(r)}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => void discardRejection(r.mutationId)}
    >
      {r.message}
    </Alert>
  ));
}
