import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import type { DocumentKind } from '@smb/shared-types/documents/model';
import { usePdfAction } from './usePdfAction';

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
  const ariaLabel = `PDF of ${NAMES[kind]} ${label}`;
  return (
    <>
      {compact ? (
        <Tooltip label="PDF" withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            loading={busyId === id}
            onClick={() => void makePdf(id)}
            aria-label={ariaLabel}
          >
            <IconFileTypePdf size={18} />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button
          variant="light"
          color="gray"
          leftSection={<IconFileTypePdf size={16} />}
          loading={busyId === id}
          onClick={() => void makePdf(id)}
          aria-label={ariaLabel}
        >
          PDF
        </Button>
      )}
      {dialog}
    </>
  );
}
