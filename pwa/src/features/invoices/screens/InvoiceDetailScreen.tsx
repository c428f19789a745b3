import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconCheck,
  IconDeviceFloppy,
  IconReceiptRefund,
} from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useNavigate } from 'react-router-dom';
import { INVOICE_STATUSES, invoiceStatusLabel, isIssued } from '@smb/shared-types/invoices';
import { PdfButton } from '../../../components/pdf/PdfButton';
import { MailButton } from '../../../components/mail/MailButton';
import { EmailedNote } from '../../../components/mail/EmailedNote';
import { useUpdateGuard } from '../../../lib/useUpdateGuard';
import { ValidationError, NotFoundError } from '../../../db/errors';
import type { InvoiceRow } from '../../../db/types';
import { RefusedChanges } from '../../../components/crud/SaveFeedback';
import { usePendingIds } from '../../../sync/useSyncStatus';
import { orderNumberLabel, useOrder } from '../../orders/data/orders';
import { invoiceNumberLabel, setInvoiceStatus, useInvoice } from '../data/invoices';
import { formatDate } from '../components/format';
import { InvoiceItemsTable, InvoiceParties, InvoiceSummary } from '../components/InvoiceParts';
import { InvoiceStatusBadge, NotSyncedBadge } from '../components/InvoiceStatusBadge';
import { IssueState } from '../components/IssueState';
import { EInvoicePanel } from '../../../components/einvoice/EInvoicePanel';
import { NotesView } from '../components/NotesView';
import { PaymentsCard } from '../components/PaymentsCard';
import { RemindersCard } from '../components/RemindersCard';
import { hasNoteText } from '../components/sanitize-notes';
import { LinkButton } from '../../../components/LinkButton';
import { SummaryLine } from '../../../components/documents/ReadOnlyParts';
import { formatMoney } from '../../../lib/formats';
import { useInvoiceCreditNotes } from '../../credit-notes/data/credit-notes';
import { balanceOf } from '../data/payments';
import { CreditNoteDialog } from '../components/CreditNoteDialog';
import { CreditNotesCard } from '../components/CreditNotesCard';
import {
  BackLink,
  DetailField,
  documentScreen,
  ItemsAndSummary,
  TitledCard,
} from '../../../components/documents/DetailParts';

export const STATUS_SAVE_FAILED = 'Failed to update invoice status';
export const NO_CANCEL_ISSUED = 'An issued invoice is cancelled with a credit note, not here.';
export const CREDITED_IN_FULL = 'Credited in full by a credit note.';

function InvoiceDetail({ invoice }: { invoice: InvoiceRow }) {
  const navigate = useNavigate();
  const order = useOrder(invoice.orderId ?? undefined);
  const pending = usePendingIds('invoices').has(invoice.id);
  const phone = useMediaQuery('(max-width: 36em)');
  const [status, setStatus] = useState(invoice.status);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dirty = status !== invoice.status;
  const issued = isIssued(invoice);
  const creditNotes = useInvoiceCreditNotes(invoice.id) ?? [];
  const [crediting, setCrediting] = useState(false);
  // Credited in full: the credit note cancelled it, and that stays.
  const creditedInFull = issued && invoice.status === 'Cancelled';
  const canCredit = issued && !creditedInFull;
  useUpdateGuard('invoice-status', dirty);

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await setInvoiceStatus(invoice.id, status);
      navigate('/dashboard/invoices');
    } catch (cause) {
      setError(
        cause instanceof ValidationError || cause instanceof NotFoundError
          ? `${STATUS_SAVE_FAILED}: ${cause.message}`
          : STATUS_SAVE_FAILED,
      );
      setSaving(false);
    }
  };

  const number = invoiceNumberLabel(invoice);
  return (
    <Stack gap="lg">
      <div>
        <BackLink to="/dashboard/invoices" label="Back to Invoices" />
        <Group justify="space-between" align="center" mt={6} wrap="wrap" gap="sm">
          <Group gap="sm" wrap="wrap">
            <Title order={2}>Invoice {number}</Title>
            <InvoiceStatusBadge status={invoiceStatusLabel(invoice)} />
            {pending && <NotSyncedBadge />}
          </Group>
          <Group gap="sm">
            {canCredit && (
              <Button
                variant="default"
                leftSection={<IconReceiptRefund size={16} />}
                onClick={() => setCrediting(true)}
              >
                Credit note
              </Button>
            )}
            <MailButton kind="invoice" doc={invoice} label={number} />
            <PdfButton kind="invoice" id={invoice.id} label={number} />
          </Group>
        </Group>
        <EmailedNote doc={invoice} />
      </div>

      {error && (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          withCloseButton
          onClose={() => setError(null)}
          closeButtonLabel="Dismiss"
        >
          {error}
        </Alert>
      )}
      <RefusedChanges
        which={(r) => r.name === 'invoice.setStatus' && r.args?.id === invoice.id}
        title={STATUS_SAVE_FAILED}
      />
      <IssueState invoice={invoice} />

      <TitledCard title="Invoice Details" padding="lg" shadow="xs">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="lg" verticalSpacing="md">
          <DetailField label="Invoice Number">{number}</DetailField>
          <DetailField label={invoice.recurringProfileId ? 'Made by' : 'Order Number'}>
            {invoice.recurringProfileId ? (
              <Anchor
                component={Link}
                to={`/dashboard/recurring/${invoice.recurringProfileId}`}
                data-testid="recurring-link"
              >
                From recurring profile
              </Anchor>
            ) : order ? (
              <Anchor component={Link} to={`/dashboard/orders/${order.id}`}>
                {orderNumberLabel(order)}
              </Anchor>
            ) : (
              '—'
            )}
          </DetailField>
          <DetailField label="Date">{formatDate(invoice.createdAt)}</DetailField>
          {invoice.status === 'Paid' && (
            <DetailField label="Paid On">{formatDate(invoice.paidAt)}</DetailField>
          )}
        </SimpleGrid>
        <Group align="flex-end" mt="lg" gap="sm" wrap="wrap">
          <Select
            label="Status"
            // An issued invoice is cancelled by crediting it in full: no Cancelled option here.
            data={INVOICE_STATUSES.filter(
              (value) => !issued || value !== 'Cancelled' || creditedInFull,
            )}
            disabled={creditedInFull}
            description={creditedInFull ? CREDITED_IN_FULL : issued ? NO_CANCEL_ISSUED : undefined}
            value={status}
            onChange={(value) => value && setStatus(value)}
            allowDeselect={false}
            w={220}
          />
          <Button
            onClick={() => void save()}
            loading={saving}
            disabled={creditedInFull}
            leftSection={<IconDeviceFloppy size={16} />}
          >
            Save
          </Button>
          {!dirty && invoice.status === 'Paid' && (
            <Text size="sm" c="green" component="span">
              <Group gap={4} component="span">
                <IconCheck size={14} /> Paid in full
              </Group>
            </Text>
          )}
        </Group>
      </TitledCard>

      <EInvoicePanel document={{ kind: 'invoice', row: invoice }} />

      <PaymentsCard invoice={invoice} />

      <CreditNotesCard invoice={invoice} creditNotes={creditNotes} />

      <RemindersCard invoice={invoice} />

      <InvoiceParties invoice={invoice} />

      <ItemsAndSummary
        items={<InvoiceItemsTable invoice={invoice} compact={!!phone} />}
        summary={
          <InvoiceSummary invoice={invoice}>
            {(invoice.creditedAmount ?? 0) > 0 && (
              <>
                <SummaryLine
                  label="Credited"
                  value={`−${formatMoney(invoice.creditedAmount ?? 0, invoice.currencyCode)}`}
                />
                <SummaryLine
                  label="Amount due"
                  value={formatMoney(balanceOf(invoice), invoice.currencyCode)}
                  strong
                />
              </>
            )}
          </InvoiceSummary>
        }
      />

      {hasNoteText(invoice.notes) && (
        <TitledCard title="Notes" titleGap="sm" padding="lg" shadow="xs">
          <NotesView notes={invoice.notes} />
        </TitledCard>
      )}

      {crediting && (
        <CreditNoteDialog
          invoice={invoice}
          creditNotes={creditNotes}
          onClose={() => setCrediting(false)}
          onCreated={(id) => navigate(`/dashboard/credit-notes/${id}`)}
        />
      )}

      <Group justify="flex-end">
        <LinkButton to="/dashboard/invoices" variant="default" icon={IconArrowLeft}>
          Back to Invoices
        </LinkButton>
      </Group>
    </Stack>
  );
}

/** /dashboard/invoices/{id}: read-only invoice with a status dropdown saved by Save. */
const InvoiceDetailScreen = documentScreen(
  useInvoice,
  { list: '/dashboard/invoices', singular: 'Invoice', plural: 'Invoices' },
  (invoice) => <InvoiceDetail invoice={invoice} />,
);
export default InvoiceDetailScreen;
