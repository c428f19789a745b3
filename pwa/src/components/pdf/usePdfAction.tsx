import { useCallback, useEffect, useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { IconDownload, IconShare } from '@tabler/icons-react';
import type { DocumentKind } from '@smb/shared-types/documents/model';
import { useDatabase } from '../../db/current';
import { getMeta } from '../../db/meta';
import { useAuth } from '../../lib/auth-context';
import { cachedLogo } from './logo-cache';

export const PDF_FAILED = 'Could not create the PDF. Please try again.';

/** The logo hash already fetched in this page (one fetch however many PDF buttons a list shows). */
let prefetched: string | null = null;

interface Ready {
  file: File;
  url: string;
}

/** Saves a file through a temporary link (every browser). */
function download(ready: Ready): void {
  const link = document.createElement('a');
  link.href = ready.url;
  link.download = ready.file.name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

function canShareFile(file: File): boolean {
  return typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] });
}

/**
 * The "PDF" action of quotes, orders and invoices: renders in the browser from the local store
 * (offline too) with the layout the server uses, then downloads it — or, where the browser can
 * share files (phones, tablets), offers the system share sheet beside the download.
 */
export function usePdfAction(kind: DocumentKind) {
  const db = useDatabase();
  const { token } = useAuth();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState<Ready | null>(null);

  // Keeps the company logo in the local store while online, for PDFs made offline later.
  useEffect(() => {
    if (!db || !navigator.onLine) return;
    void getMeta(db, 'tenant').then((tenant) => {
      const sha = tenant?.company?.logo?.sha256 ?? null;
      if (!sha || prefetched === sha) return;
      prefetched = sha;
      return cachedLogo(db, sha, token);
    });
  }, [db, token]);

  useEffect(() => () => (ready ? URL.revokeObjectURL(ready.url) : undefined), [ready]);

  const makePdf = useCallback(
    async (id: string) => {
      if (!db) return;
      setError(null);
      setBusyId(id);
      try {
        const { renderDocumentPdf } = await import('./document-pdf');
        const { blob, fileName } = await renderDocumentPdf(db, kind, id, token);
        const file = new File([blob], fileName, { type: 'application/pdf' });
        const next = { file, url: URL.createObjectURL(file) };
        if (canShareFile(file)) setReady(next);
        else {
          download(next);
          setTimeout(() => URL.revokeObjectURL(next.url), 60_000);
        }
      } catch {
        setError(PDF_FAILED);
      } finally {
        setBusyId(null);
      }
    },
    [db, kind, token],
  );

  const share = async () => {
    if (!ready) return;
    try {
      await navigator.share({ files: [ready.file], title: ready.file.name });
      setReady(null);
    } catch (e) {
      if (!(e instanceof DOMException && e.name === 'AbortError')) setError(PDF_FAILED);
    }
  };

  const close = () => {
    setReady(null);
    setError(null);
  };
  const dialog = (
    <Modal
      opened={ready !== null || error !== null}
      onClose={close}
      title={error ? 'PDF' : 'PDF ready'}
      centered
    >
      {error ? (
        <>
          <Text size="sm" c="red" role="alert" mb="md">
            {error}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Close
            </Button>
          </Group>
        </>
      ) : (
        <>
          <Text size="sm" mb="md">
            {ready?.file.name}
          </Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() => {
                if (ready) download(ready);
                setReady(null);
              }}
            >
              Download
            </Button>
            <Button leftSection={<IconShare size={16} />} onClick={() => void share()}>
              Share
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );

  return { makePdf, busyId, dialog };
}
