import type { ReactNode } from 'react';
import { Button, Modal, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { CancelAndAction } from '../CancelAndAction';

/**
 * "Delete <record>?" for a settings list: the warning, the record named in bold, Cancel and a red
 * Delete. It cannot be dismissed while the deletion runs.
 */
export function DeleteModal({
  title,
  warning,
  name,
  busy,
  onClose,
  onConfirm,
}: {
  title: string;
  warning: string;
  /** The record being deleted; null closes the modal. */
  name: ReactNode | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      opened={name !== null}
      onClose={() => !busy && onClose()}
      title={title}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
    >
      <Text size="sm">{warning}</Text>
      {name !== null && (
        <Text size="sm" fw={600} mt="xs">
          {name}
        </Text>
      )}
      <CancelAndAction onCancel={onClose} busy={busy} mt="lg">
        <Button
          color="red"
          leftSection={<IconTrash size={16} />}
          loading={busy}
          onClick={onConfirm}
        >
          Delete
        </Button>
      </CancelAndAction>
    </Modal>
  );
}
