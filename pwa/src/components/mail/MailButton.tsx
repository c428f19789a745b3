import { IconMail } from '@tabler/icons-react';
import type { MailKind, MailedRow } from './document-mail';
import { useMailAction } from './useMailAction';
import { DocumentActionButton } from '../DocumentActionButton';

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
  return (
    <>
      <DocumentActionButton
        text="E-mail"
        icon={IconMail}
        onClick={() => open(doc, label)}
        ariaLabel={`E-mail ${NAMES[kind]} ${label}`}
        compact={compact}
      />
      {dialog}
    </>
  );
}
