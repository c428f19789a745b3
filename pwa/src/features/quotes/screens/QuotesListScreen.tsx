import { useMemo, useState } from 'react';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { QUOTE_FILTERS } from '@smb/shared-types/quotes';
import { IconFileText, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { DocumentListTable } from '../../../components/documents/DocumentListTable';
import { errorMessage } from '../../../components/documents/format';
import {
  EmptyState,
  ListPagination,
  LoadingState,
  usePage,
} from '../../../components/documents/ListParts';
import { useById } from '../../../components/documents/lookups';
import type { QuoteRow } from '../../../db/types';
import { usePendingIds } from '../../../sync/useSyncStatus';
import { useAuth } from '../../auth/auth-context';
import { useContacts } from '../../contacts/data/contacts';
import { useCustomers } from '../../customers/data/customers';
import { useLocalTenant } from '../../tenant/data/tenant';
import { quoteRowActions, type QuoteAction } from '../components/QuoteRowActions';
import { ShareQuoteDialog } from '../components/ShareQuoteDialog';
import { SendQuoteMessage, quoteDisplayStatus, sendReady } from '../components/QuoteValidity';
import { usePdfAction } from '../../../components/pdf/usePdfAction';
import { convertQuote, deleteQuote, quoteNumberLabel, sendQuote, useQuotes } from '../data/quotes';

type Pending = { kind: 'delete' | 'order' | 'send'; quote: QuoteRow } | null;

const CONFIRM = {
  delete: {
    title: 'Delete Quote',
    message: 'Are you sure you want to delete this quote? This action cannot be undone.',
    label: 'Delete',
    color: 'red',
  },
  order: {
    title: 'Convert to Order',
    message:
      'Are you sure you want to convert this quote to an order? This will change the status to Converted.',
    label: 'Convert to Order',
    color: 'teal',
  },
  send: {
    title: 'Send Quote',
    message:
      'Are you sure you want to send this quote to the customer? The status will change from Draft to Sent.',
    label: 'Send Quote',
    color: undefined,
  },
} as const;

const FALLBACK = {
  delete: 'Failed to delete quote',
  order: 'Failed to convert quote to order',
  send: 'Failed to send quote',
} as const;

/** /dashboard/quotes (spec §2 Quotes list). */
export default function QuotesListScreen() {
  const quotes = useQuotes();
  const customers = useById(useCustomers());
  const contacts = useById(useContacts());
  const pendingIds = usePendingIds('quotes');
  const tenant = useLocalTenant();
  const { claims } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [shareId, setShareId] = useState<string | null>(null);
  const [validUntil, setValidUntil] = useState('');
  const [filter, setFilter] = useState<string | null>(null);
  // Issue 19.5: Expired is a Sent quote past its day, so 'Sent' lists only the open ones.
  const filtered = useMemo(
    () => (filter ? quotes?.filter((q) => quoteDisplayStatus(q) === filter) : quotes),
    [quotes, filter],
  );
  const { page, pages, setPage, rows } = usePage(filtered);
  const pdf = usePdfAction('quote');

  const onAction = (action: QuoteAction, quote: QuoteRow) => {
    if (action === 'view' || action === 'edit') navigate(`/dashboard/quotes/${quote.id}`);
    else if (action === 'pdf') void pdf.makePdf(quote.id);
    else if (action === 'share') setShareId(quote.id);
    else {
      setValidUntil('');
      setConfirm({ kind: action, quote });
    }
  };

  const runConfirmed = async () => {
    if (!confirm) return;
    const { kind, quote } = confirm;
    setBusy(true);
    try {
      if (kind === 'delete') await deleteQuote(quote.id);
      else if (kind === 'send') await sendQuote(quote.id, undefined, validUntil || undefined);
      else {
        const orderId = await convertQuote(quote.id);
        navigate(`/dashboard/orders/${orderId}`);
        return;
      }
      setConfirm(null);
    } catch (e) {
      setError(errorMessage(e) ?? FALLBACK[kind]);
      setConfirm(null);
    } finally {
      setBusy(false);
    }
  };

  const shareQuote = quotes?.find((q) => q.id === shareId) ?? null;
  const dialog = confirm ? CONFIRM[confirm.kind] : null;

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Quotes</Title>
        <Button component={Link} to="/dashboard/quotes/new" leftSection={<IconPlus size={16} />}>
          Create Quote
        </Button>
      </Group>

      <ErrorBanner message={error} onClose={() => setError(null)} />

      {quotes !== undefined && quotes.length > 0 && (
        <Group gap="sm" align="flex-end">
          <Select
            label="Status"
            placeholder="All statuses"
            data={[...QUOTE_FILTERS]}
            value={filter}
            onChange={(value) => {
              setFilter(value);
              setPage(1);
            }}
            clearable
            w={200}
          />
          {filter && (
            <Text size="sm" c="dimmed" pb={8}>
              {filtered?.length ?? 0} of {quotes.length} quotes
            </Text>
          )}
        </Group>
      )}

      {quotes === undefined ? (
        <Paper withBorder>
          <LoadingState text="Loading quotes..." />
        </Paper>
      ) : quotes.length === 0 ? (
        <EmptyState
          icon={IconFileText}
          title="No Quotes Yet"
          text="Create your first professional quote to send to a customer."
          action={
            <Button
              component={Link}
              to="/dashboard/quotes/new"
              leftSection={<IconPlus size={16} />}
            >
              Create First Quote
            </Button>
          }
        />
      ) : (
        <Paper withBorder style={{ overflow: 'hidden' }}>
          <DocumentListTable
            rows={rows ?? []}
            numberHeader="Quote #"
            testId="quote-row"
            numberOf={(row) => ({
              label: quoteNumberLabel(row),
              assigned: Boolean(row.quoteNumber),
            })}
            href={(row) => `/dashboard/quotes/${row.id}`}
            customerName={(row) => customers.get(row.customerId)?.name}
            contactName={(row) => (row.contactId ? contacts.get(row.contactId)?.name : undefined)}
            pendingIds={pendingIds}
            statusOf={(row) => quoteDisplayStatus(row)}
            actionsOf={(row, label) => quoteRowActions(row, label, onAction)}
          />
          <ListPagination page={page} pages={pages} onChange={setPage} />
        </Paper>
      )}

      <ConfirmDialog
        opened={dialog !== null}
        title={dialog?.title ?? ''}
        message={
          confirm?.kind === 'send' ? (
            <SendQuoteMessage
              quote={confirm.quote}
              validUntil={validUntil}
              onValidUntil={setValidUntil}
            />
          ) : (
            (dialog?.message ?? '')
          )
        }
        confirmDisabled={confirm?.kind === 'send' && !sendReady(confirm.quote, validUntil)}
        confirmLabel={dialog?.label ?? ''}
        color={dialog?.color}
        busy={busy}
        onConfirm={() => void runConfirmed()}
        onClose={() => setConfirm(null)}
      />
      <ShareQuoteDialog
        quote={shareQuote}
        tenantId={tenant?.id ?? claims?.tenantId ?? null}
        pending={shareId !== null && pendingIds.has(shareId)}
        onClose={() => setShareId(null)}
      />
      {pdf.dialog}
    </Stack>
  );
}
