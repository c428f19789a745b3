import { useMemo, useState } from 'react';
import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { QUOTE_FILTERS } from '@smb/shared-types/quotes';
import { IconFileText, IconFilterOff, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { DocumentList, documentExportRows } from '../../../components/documents/DocumentList';
import { errorMessage } from '../../../components/documents/format';
import { useById } from '../../../components/documents/lookups';
import { ExportCsvButton } from '../../../components/list/ExportCsvButton';
import { QUOTE_COLUMNS } from '../../csv/data/list-columns';
import type { QuoteRow } from '../../../db/types';
import { usePendingIds } from '../../../sync/useSyncStatus';
import { useAuth } from '../../../lib/auth-context';
import { quoteRowActions, type QuoteAction } from '../components/QuoteRowActions';
import { ShareQuoteDialog } from '../components/ShareQuoteDialog';
import { SendQuoteMessage, quoteDisplayStatus, sendReady } from '../components/QuoteValidity';
import { usePdfAction } from '../../../components/pdf/usePdfAction';
import { convertQuote, deleteQuote, quoteNumberLabel, sendQuote, useQuotes } from '../data/quotes';
import { useContacts, useCustomers, useLocalTenant } from '../../../db/live';
import { useAction } from '../../../lib/useAction';
import { LinkButton } from '../../../components/LinkButton';

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

/**
 * `?status=Draft,Sent`: the statuses to show, as the list shows them (Expired is a Sent quote past
 * its day, so 'Sent' means the open ones). The Status select sets one; the dashboard's cards and
 * pipeline link here with one or several.
 */
export function statusFilter(param: string | null): string[] {
  if (!param) return [];
  const wanted = param.split(',').map((s) => s.trim());
  return QUOTE_FILTERS.filter((s) => wanted.includes(s));
}

/** /dashboard/quotes: the quotes list. */
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
  const [shareId, setShareId] = useState<string | null>(null);
  const [validUntil, setValidUntil] = useState('');
  const [params, setParams] = useSearchParams();
  const statuses = statusFilter(params.get('status'));
  const statusKey = statuses.join(',');
  const filtered = useMemo(
    () =>
      statusKey && quotes
        ? quotes.filter((q) => statusKey.split(',').includes(quoteDisplayStatus(q)))
        : quotes,
    [quotes, statusKey],
  );
  const showStatuses = (value: string | null) => {
    setParams(value ? { status: value } : {}, { replace: true });
  };
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

  const confirmed = useAction(
    async ({ kind, quote }: NonNullable<typeof confirm>) => {
      if (kind === 'delete') await deleteQuote(quote.id);
      else if (kind === 'send') await sendQuote(quote.id, undefined, validUntil || undefined);
      else {
        const orderId = await convertQuote(quote.id);
        navigate(`/dashboard/orders/${orderId}`);
        return;
      }
      setConfirm(null);
    },
    (e, { kind }) => {
      setError(errorMessage(e) ?? FALLBACK[kind]);
      setConfirm(null);
    },
  );
  const runConfirmed = () => {
    if (confirm) void confirmed.run(confirm);
  };

  const shareQuote = quotes?.find((q) => q.id === shareId) ?? null;
  const dialog = confirm ? CONFIRM[confirm.kind] : null;

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Quotes</Title>
        <Group gap="sm" wrap="wrap">
          <ExportCsvButton
            noun="quotes"
            columns={QUOTE_COLUMNS}
            disabled={!filtered || filtered.length === 0}
            onError={setError}
            rows={() => documentExportRows(filtered, quoteNumberLabel, customers, contacts)}
          />
          <Button component={Link} to="/dashboard/quotes/new" leftSection={<IconPlus size={16} />}>
            Create Quote
          </Button>
        </Group>
      </Group>

      <ErrorBanner message={error} onClose={() => setError(null)} />

      {quotes !== undefined && quotes.length > 0 && (
        <Group gap="sm" align="flex-end">
          <Select
            label="Status"
            placeholder="All statuses"
            data={[...QUOTE_FILTERS]}
            value={statuses.length === 1 ? statuses[0] : null}
            onChange={showStatuses}
            clearable
            w={200}
          />
          {statuses.length > 0 && (
            <Group gap="sm" pb={4} data-testid="quotes-filter">
              <Text size="sm">
                Showing {statuses.join(', ')} quotes (
                {(filtered?.length ?? 0).toLocaleString('en-US')} of{' '}
                {quotes.length.toLocaleString('en-US')})
              </Text>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconFilterOff size={14} />}
                onClick={() => showStatuses(null)}
              >
                Clear Filter
              </Button>
            </Group>
          )}
        </Group>
      )}

      {/* Keyed by the filter: a new filter lists from its first page. */}
      <DocumentList
        key={statusKey}
        documents={quotes}
        listed={filtered}
        loadingText="Loading quotes..."
        empty={{
          icon: IconFileText,
          title: 'No Quotes Yet',
          text: 'Create your first professional quote to send to a customer.',
          action: (
            <LinkButton to="/dashboard/quotes/new" icon={IconPlus}>
              Create First Quote
            </LinkButton>
          ),
        }}
        customers={customers}
        contacts={contacts}
        numberHeader="Quote #"
        testId="quote-row"
        numberOf={(row) => ({
          label: quoteNumberLabel(row),
          assigned: Boolean(row.quoteNumber),
        })}
        href={(row) => `/dashboard/quotes/${row.id}`}
        pendingIds={pendingIds}
        statusOf={(row) => quoteDisplayStatus(row)}
        actionsOf={(row, label) => quoteRowActions(row, label, onAction)}
      />

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
        busy={confirmed.busy}
        onConfirm={runConfirmed}
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
