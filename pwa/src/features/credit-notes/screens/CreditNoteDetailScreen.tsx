import {
  Alert,
  Anchor,
  Badge,
  Card,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { CREDIT_NOTE_KIND_LABELS, type CreditNoteKind } from '@smb/shared-types/credit-notes';
import { PageLoader } from '../../../components/PageLoader';
import { LinkButton } from '../../../components/LinkButton';
import { ReadOnlyItemsTable, ReadOnlySummary } from '../../../components/documents/ReadOnlyParts';
import type { CreditNoteRow } from '../../../db/types';
import { displayNumber } from '../../../db/display';
import { formatDate, formatMoney } from '../../../lib/formats';
import { creditNoteNumberLabel, useCreditNote } from '../data/credit-notes';
import { useCreditedInvoice } from '../data/invoice-numbers';

function BackLink() {
  return (
    <Anchor component={Link} to="/dashboard/credit-notes" size="sm" c="dimmed">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} /> Back to Credit notes
      </Group>
    </Anchor>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Text fw={500} component="div">
        {children}
      </Text>
    </div>
  );
}

function CreditNoteDetail({ note }: { note: CreditNoteRow }) {
  const invoice = useCreditedInvoice(note.invoiceId);
  const phone = useMediaQuery('(max-width: 36em)');
  const invoiceNumber = invoice ? displayNumber(invoice.invoiceNumber) : '…';
  const money = (v: number) => formatMoney(v, note.currencyCode);
  return (
    <Stack gap="lg">
      <div>
        <BackLink />
        <Group gap="sm" mt={6} wrap="wrap">
          <Title order={2}>Credit note {creditNoteNumberLabel(note)}</Title>
          <Badge color="gray" variant="outline" radius="sm">
            Issued
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" mt={4}>
          Credits invoice{' '}
          <Anchor component={Link} to={`/dashboard/invoices/${note.invoiceId}`}>
            {invoiceNumber}
          </Anchor>
        </Text>
      </div>

      <Card padding="lg" shadow="xs">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="lg" verticalSpacing="md">
          <Field label="Date">{formatDate(note.issueDate)}</Field>
          <Field label="Customer">{note.customerName}</Field>
          <Field label="Credited">
            {CREDIT_NOTE_KIND_LABELS[note.kind as CreditNoteKind] ?? note.kind}
          </Field>
          <Field label="Amount">{money(note.total)}</Field>
        </SimpleGrid>
        <Field label="Reason">
          <Text mt={4} style={{ whiteSpace: 'pre-wrap' }}>
            {note.reason}
          </Text>
        </Field>
        {note.refundAmount > 0 && (
          <Alert color="blue" mt="md" title="Refunded">
            {money(note.refundAmount)} paid back to the customer (a negative payment on the
            invoice).
          </Alert>
        )}
      </Card>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Card padding="lg" shadow="xs" h="100%">
            <Title order={3} size="h4" mb="sm">
              Items
            </Title>
            <ReadOnlyItemsTable invoice={note} compact={!!phone} />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Card padding="lg" shadow="xs" h="100%">
            <Title order={3} size="h4" mb="md">
              Summary
            </Title>
            <ReadOnlySummary invoice={note} />
          </Card>
        </Grid.Col>
      </Grid>

      <Group justify="flex-end">
        <LinkButton to="/dashboard/credit-notes" variant="default" icon={IconArrowLeft}>
          Back to Credit notes
        </LinkButton>
      </Group>
    </Stack>
  );
}

/** /dashboard/credit-notes/{id}: an issued credit note, read-only. */
export default function CreditNoteDetailScreen() {
  const { id } = useParams();
  const note = useCreditNote(id);
  if (note === undefined) return <PageLoader />;
  if (note === null)
    return (
      <Stack gap="lg">
        <BackLink />
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Credit note not found">
          This credit note does not exist or has not reached this device yet.
        </Alert>
      </Stack>
    );
  return <CreditNoteDetail key={note.id} note={note} />;
}
