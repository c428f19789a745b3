import { IconFileTypePdf } from '@tabler/icons-react';
import type { DocumentKind } from '@smb/shared-types/documents/model';
import { usePdfAction } from './usePdfAction';
import { DocumentActionButton } from '../DocumentActionButton';

const NAMES: Record<DocumentKind, string> = {
  quote: 'quote',
  order: 'order',
  invoice: 'invoice',
  credit_note: 'credit note',
};

/** The "PDF" button of a quote, order, invoice or credit note screen (`compact`: an icon for table rows). */
export function PdfButton({
  kind,
  id,
  label,
  compact = false,
}: {
  kind: DocumentKind;
  id: string;
  /** The document's number as shown, for the accessible name. */
  label: string;
  compact?: boolean;
}) {
  const { makePdf, busyId, dialog } = usePdfAction(kind);
  return (
    <>
      <DocumentActionButton
        text="PDF"
        icon={IconFileTypePdf}
        color="gray"
        loading={busyId === id}
        onClick={() => void makePdf(id)}
        ariaLabel={`PDF of ${NAMES[kind]} ${label}`}
        compact={compact}
      />
      {dialog}
    </>
  );
}
