import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import type { MailKind, MailedRow } from './document-mail';
import { useMailAction } from './useMailAction';

const NAMES: Record<MailKind, string> = {
  invoice: 'invoice',
  order: 'order confirmation',
  credit_note: 'credit note',
};

/** The "E-mail" button of an invoice or order screen (`compact`: an icon for table rows). */
export function MailButton({
  kind,
  doc,
  label,
  compact = false,
}: {
  kind: MailKind;
  doc: MailedRow;
  /** The document's number as shown, for the accessible name. */
  label: string;
  compact?: boolean;
}) {
  const { open, dialog } = useMailAction(kind);
  const ariaLabel = `E-mail ${NAMES[kind]} ${label}`;
  return (
    <>
      {compact ? (
        <Tooltip label="E-mail" withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={() => open(doc, label)}
            aria-label={ariaLabel}
          >
            <IconMail size={18} />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button
          variant="light"
          leftSection={<IconMail size={16} />}
          onClick={() => open(doc, label)}
          aria-label={ariaLabel}
        >
          E-mail
        </Button>
      )}
      {dialog}
    </>
  );
}
