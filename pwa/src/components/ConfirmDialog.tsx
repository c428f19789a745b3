import { useState, type ReactNode } from 'react';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { CancelAndAction } from './CancelAndAction';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** Red button for destructive actions. */
  color?: string;
  /** An icon before the confirm label. */
  confirmIcon?: ReactNode;
  /** While the action runs the dialog cannot be dismissed (a deletion cannot be abandoned half-way). */
  busy?: boolean;
  /**
   * Runs the action. If it returns a promise the dialog shows itself busy until it settles and
   * then closes (it may reject: the caller shows why); otherwise the caller drives `busy`.
   */
  onConfirm: () => void | Promise<void>;
  onClose: () => void;
  /** The confirm button stays disabled while the dialog's own fields are incomplete. */
  confirmDisabled?: boolean;
}

/** A confirmation before an action that changes or destroys data. */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  color,
  confirmIcon,
  busy = false,
  onConfirm,
  onClose,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const [running, setRunning] = useState(false);
  const locked = busy || running;
  const confirm = () => {
    const result = onConfirm();
    if (!(result instanceof Promise)) return;
    setRunning(true);
    result
      .catch(() => undefined)
      .finally(() => {
        setRunning(false);
        onClose();
      });
  };
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!locked) onClose();
      }}
      title={<Text fw={700}>{title}</Text>}
      centered
      closeOnEscape={!locked}
      closeOnClickOutside={!locked}
      withCloseButton={!locked}
    >
      <Stack gap="lg">
        {typeof message === 'string' ? <Text size="sm">{message}</Text> : message}
        <CancelAndAction onCancel={onClose} busy={locked}>
          <Button
            color={color}
            leftSection={confirmIcon}
            onClick={confirm}
            loading={locked}
            disabled={confirmDisabled}
            data-autofocus
          >
            {confirmLabel}
          </Button>
        </CancelAndAction>
      </Stack>
    </Modal>
  );
}
