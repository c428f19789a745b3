import { useState } from 'react';
import { Alert, Button, Card, Group, List, Select, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconDownload, IconAlertTriangle } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import {
  EINVOICE_FORMATS,
  EINVOICE_FORMAT_LABELS,
  EINVOICE_MESSAGES,
  type EInvoiceFormat,
} from '@smb/shared-types/einvoice';
import { isIssued } from '@smb/shared-types/invoices';
import { useDatabase } from '../../db/current';
import {
  localEInvoice,
  localEInvoiceXml,
  localReadiness,
  type LocalEInvoiceDocument,
} from './local-einvoice';

export const EINVOICE_FAILED = 'Could not create the e-invoice. Please try again.';

/** What the panel calls the document, and its PDF's kind. */
const NAMES = {
  invoice: { noun: 'invoice', title: 'Invoice', pdf: 'invoice' },
  creditNote: { noun: 'credit note', title: 'Credit note', pdf: 'credit_note' },
} as const;

function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The e-invoice of an invoice or a credit note: what the chosen format still needs, checked on
 * this device from local data (offline too), and its download, written in the browser by the
 * shared builder. A credit note is issued when made; it has its number once the server gave it.
 */
export function EInvoicePanel({ document: doc }: { document: LocalEInvoiceDocument }) {
  const db = useDatabase();
  // The row, not the wrapper made at each render, decides when to read again.
  const local = useLiveQuery(
    async () => (db ? localEInvoice(db, doc) : undefined),
    [db, doc.kind, doc.row],
  );
  const [chosen, setChosen] = useState<EInvoiceFormat | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!local) return null;
  const format = chosen ?? local.format ?? 'peppol';
  const problems = localReadiness(local, format);
  const names = NAMES[doc.kind];
  const issued =
    doc.kind === 'invoice'
      ? isIssued(doc.row) && !!doc.row.invoiceNumber
      : !!doc.row.creditNoteNumber;
  const where = {
    company: 'Settings → Company',
    customer: 'Customer',
    document: `This ${names.noun}`,
  };

  const download = async () => {
    if (!db) return;
    setBusy(true);
    setError(null);
    try {
      const { xml, fileName } = localEInvoiceXml(local, format);
      if (format === 'facturx') {
        // Loaded on demand, like the PDF button: the renderer never reaches the main bundle.
        const [{ embedFacturX }, { renderDocumentPdf }] = await Promise.all([
          import('@smb/shared-types/einvoice/facturx-pdf'),
          import('../pdf/document-pdf'),
        ]);
        const pdf = await renderDocumentPdf(db, names.pdf, doc.row.id, null, { pdfA: true });
        const bytes = await embedFacturX(new Uint8Array(await pdf.blob.arrayBuffer()), xml, {
          title: `${names.title} ${local.source.number}`,
          author: local.source.seller.name,
          date: new Date(`${local.source.issueDate}T00:00:00Z`),
        });
        save(new Blob([bytes as BlobPart], { type: 'application/pdf' }), fileName);
      } else save(new Blob([xml], { type: 'application/xml' }), fileName);
    } catch {
      setError(EINVOICE_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card padding="lg" shadow="xs" aria-labelledby="einvoice-title">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm" mb="md">
        <Title order={3} size="h4" id="einvoice-title">
          E-invoice
        </Title>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Format"
            aria-label="E-invoice format"
            data={EINVOICE_FORMATS.map((f) => ({ value: f, label: EINVOICE_FORMAT_LABELS[f] }))}
            value={format}
            onChange={(next) => next && setChosen(next as EInvoiceFormat)}
            allowDeselect={false}
            w={260}
          />
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            onClick={() => void download()}
            loading={busy}
            disabled={!issued}
          >
            {format === 'facturx' ? 'Factur-X PDF' : 'E-invoice XML'}
          </Button>
        </Group>
      </Group>
      <Stack gap="xs">
        {!local.format && (
          <Text size="sm" c="dimmed">
            {EINVOICE_MESSAGES.noFormat}
          </Text>
        )}
        {!issued && (
          <Text size="sm" c="dimmed">
            {doc.kind === 'invoice' ? EINVOICE_MESSAGES.notIssued : EINVOICE_MESSAGES.notNumbered}
          </Text>
        )}
        {problems.length === 0 ? (
          <Text size="sm" c="green.8">
            <Group gap={6} component="span">
              <IconCheck size={16} /> Ready: this {names.noun} has everything{' '}
              {EINVOICE_FORMAT_LABELS[format]} needs.
            </Group>
          </Text>
        ) : (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={`${EINVOICE_FORMAT_LABELS[format]} still needs:`}
          >
            <List size="sm" spacing={4}>
              {problems.map((p) => (
                <List.Item key={p.key}>
                  {p.message}
                  {/* Most company messages already say where; the hint is for the rest. */}
                  {!p.message.includes(where[p.where]) && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      ({where[p.where]})
                    </Text>
                  )}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
