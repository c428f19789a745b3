import { useState } from 'react';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { FileDropZone } from '../components/FileDropZone';
import { ReceivedDocument } from '../components/ReceivedDocument';
import { openEInvoiceFile, type OpenResult } from '../data/read';

/**
 * /dashboard/open-e-invoice: a supplier's e-invoice (UBL, CII or Factur-X PDF) shown as a
 * readable document. Read on the device by the shared reader, so it works offline; the file is
 * kept in memory only while it is on screen.
 */
export default function EInvoiceViewerScreen() {
  // A file that fails to open leaves the document already on screen in place.
  const [shown, setShown] = useState<Extract<OpenResult, { ok: true }> | null>(null);
  const [failed, setFailed] = useState<Extract<OpenResult, { ok: false }> | null>(null);
  const [busy, setBusy] = useState(false);
  const open = async (file: File) => {
    setBusy(true);
    const result = await openEInvoiceFile(file);
    if (result.ok) setShown(result);
    setFailed(result.ok ? null : result);
    setBusy(false);
  };
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Open e-invoice</Title>
        <Text c="dimmed" size="sm">
          Read an e-invoice or credit note a supplier sent you, as a document.
        </Text>
      </div>
      <FileDropZone onFile={(file) => void open(file)} busy={busy} compact={!!shown} />
      {failed && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          title={`${failed.fileName} could not be opened`}
          role="alert"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setFailed(null)}
        >
          {failed.error}
        </Alert>
      )}
      {shown && <ReceivedDocument received={shown.received} fileName={shown.fileName} />}
    </Stack>
  );
}
