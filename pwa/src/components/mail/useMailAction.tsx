import { useState } from 'react';
import { Notification, Portal } from '@mantine/core';
import { DocumentMailDialog } from './DocumentMailDialog';
import type { MailKind, MailedRow } from './document-mail';

/** "E-mail" of a document screen or list row: `open(doc, label)` shows the mail dialog. */
export function useMailAction(kind: MailKind) {
  const [target, setTarget] = useState<{ doc: MailedRow; label: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const dialog = (
    <>
      <DocumentMailDialog
        kind={kind}
        doc={target?.doc ?? null}
        label={target?.label ?? ''}
        onClose={() => setTarget(null)}
        onSent={setNotice}
      />
      {notice && (
        <Portal>
          <Notification
            color="green"
            role="status"
            onClose={() => setNotice(null)}
            style={{ position: 'fixed', bottom: 16, right: 16, zIndex: 400 }}
          >
            {notice}
          </Notification>
        </Portal>
      )}
    </>
  );
  return { open: (doc: MailedRow, label: string) => setTarget({ doc, label }), dialog };
}
