import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { CREDIT_NOTE_KIND_LABELS, type CreditNoteKind } from '@smb/shared-types/credit-notes';
import { EInvoicePanel } from '../../../components/einvoice/EInvoicePanel';
import { PdfButton } from '../../../components/pdf/PdfButton';
import { EmailedNote } from '../../../components/mail/EmailedNote';
import { MailButton } from '../../../components/mail/MailButton';
import { LinkButton } from '../../../components/LinkButton';
import { ReadOnlyItemsTable, ReadOnlySummary } from '../../../components/documents/ReadOnlyParts';
import type { CreditNoteRow } from '../../../db/types';
import { displayNumber } from '../../../db/display';
import { formatDate, formatMoney } from '../../../lib/formats';
import { creditNoteNumberLabel, useCreditNote } from '../data/credit-notes';
import { useCreditedInvoice } from '../data/invoice-numbers';
import {
  BackLink,
  DetailField,
  documentScreen,
  ItemsAndSummary,
} from '../../../components/documents/DetailParts';

function CreditNoteDetail({ note }: { note: CreditNoteRow }) {
  const invoice = useCreditedInvoice(note.invoiceId);
  const phone = useMediaQuery('(max-width: 36em)');
  const invoiceNumber = invoice ? displayNumber(invoice.invoiceNumber) : '…';
  const money = (v: number) => formatMoney(v, note.currencyCode);
  const number = creditNoteNumberLabel(note);
  return (
    <Stack gap="lg">
      <div>
        <BackLink to="/dashboard/credit-notes" label="Back to Credit notes" />
        <Group justify="space-between" align="center" mt={6} wrap="wrap" gap="sm">
          <Group gap="sm" wrap="wrap">
            <Title order={2}>Credit note {number}</Title>
            <Badge color="gray" variant="outline" radius="sm">
              Issued
            </Badge>
          </Group>
          <Group gap="sm">
            <MailButton kind="credit_note" doc={note} label={number} />
            <PdfButton kind="credit_note" id={note.id} label={number} />
          </Group>
        </Group>
        <Text size="sm" c="dimmed" mt={4}>
          Credits invoice{' '}
          <Anchor component={Link} to={`/dashboard/invoices/${note.invoiceId}`}>
            {invoiceNumber}
          </Anchor>
        </Text>
        <EmailedNote doc={note} />
      </div>

      <Card padding="lg" shadow="xs">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="lg" verticalSpacing="md">
          <DetailField label="Date">{formatDate(note.issueDate)}</DetailField>
          <DetailField label="Customer">{note.customerName}</DetailField>
          <DetailField label="Credited">
            {CREDIT_NOTE_KIND_LABELS[note.kind as CreditNoteKind] ?? note.kind}
          </DetailField>
          <DetailField label="Amount">{money(note.total)}</DetailField>
        </SimpleGrid>
        <DetailField label="Reason">
          <Text mt={4} style={{ whiteSpace: 'pre-wrap' }}>
            {note.reason}
          </Text>
        </DetailField>
        {note.refundAmount > 0 && (
          <Alert color="blue" mt="md" title="Refunded">
            {money(note.refundAmount)} paid back to the customer (a negative payment on the
            invoice).
          </Alert>
        )}
      </Card>

      <ItemsAndSummary
        items={<ReadOnlyItemsTable invoice={note} compact={!!phone} />}
        summary={<ReadOnlySummary invoice={note} />}
      />

      <EInvoicePanel document={{ kind: 'creditNote', row: note }} />

      <Group justify="flex-end">
        <LinkButton to="/dashboard/credit-notes" variant="default" icon={IconArrowLeft}>
          Back to Credit notes
        </LinkButton>
      </Group>
    </Stack>
  );
}

/** /dashboard/credit-notes/{id}: an issued credit note, read-only. */
const CreditNoteDetailScreen = documentScreen(
  useCreditNote,
  { list: '/dashboard/credit-notes', singular: 'Credit note', plural: 'Credit notes' },
  (note) => <CreditNoteDetail note={note} />,
);
export default CreditNoteDetailScreen;
