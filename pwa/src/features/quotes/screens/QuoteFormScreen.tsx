import { useEffect, useState } from 'react';
import { Alert, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle, IconSend, IconTruckDelivery } from '@tabler/icons-react';
import { companyNameFromSchema } from '@smb/shared-types/auth';
import { DEFAULT_CURRENCY_CODE, taxRateFor } from '@smb/shared-types/money';
import { documentInputError } from '@smb/shared-types/quotes';
import { useNavigate, useParams } from 'react-router-dom';
import { PageLoader } from '../../../components/PageLoader';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import {
  draftFromDocument,
  draftItems,
  useDocumentDraft,
  type DocumentDraft,
} from '../../../components/documents/draft';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { errorMessage } from '../../../components/documents/format';
import { ItemsTable } from '../../../components/documents/ItemsTable';
import { NotesCard } from '../../../components/documents/NotesCard';
import { RecipientCard } from '../../../components/documents/RecipientCard';
import { PaymentSummaryCard, TotalsCard } from '../../../components/documents/SummaryCards';
import { useUpdateGuard } from '../../../app/useUpdateGuard';
import { ValidationError } from '../../../db/errors';
import type { QuoteRow } from '../../../db/types';
import { useAuth } from '../../auth/auth-context';
import { useContacts } from '../../contacts/data/contacts';
import { useCurrencies, useDefaultCurrency } from '../../currencies/data/currencies';
import { useCustomers } from '../../customers/data/customers';
import { useProducts } from '../../products/data/products';
import { useLocalTenant } from '../../tenant/data/tenant';
import { CurrencyCard } from '../components/CurrencyCard';
import { QuoteDetailsCard } from '../components/QuoteDetailsCard';
import {
  convertQuote,
  createQuote,
  quoteNumberLabel,
  sendQuote,
  setQuoteStatus,
  updateQuote,
  useQuote,
} from '../data/quotes';

const SAVE_FAILED = 'An error occurred while saving the quote';
const NEW_DRAFT: DocumentDraft = {
  customerId: null,
  contactId: null,
  currencyCode: '',
  notes: '',
  lines: [],
};

/** /dashboard/quotes/new and /dashboard/quotes/{id}. */
export default function QuoteFormScreen() {
  const { id } = useParams();
  const quote = useQuote(id);
  const navigate = useNavigate();
  if (id && quote === undefined) return <PageLoader />;
  if (id && !quote)
    return (
      <Stack gap="lg">
        <Alert color="red" variant="light" title="Quote not found">
          This quote does not exist or has been deleted.
        </Alert>
        <Group>
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => navigate('/dashboard/quotes')}
          >
            Back to Quotes
          </Button>
        </Group>
      </Stack>
    );
  return <QuoteForm key={id ?? 'new'} quote={quote ?? null} />;
}

type Confirm = 'send' | 'convert' | null;

function QuoteForm({ quote }: { quote: QuoteRow | null }) {
  const navigate = useNavigate();
  const { claims } = useAuth();
  const tenant = useLocalTenant();
  const customers = useCustomers();
  const contacts = useContacts();
  const products = useProducts();
  const currencies = useCurrencies();
  const defaultCurrency = useDefaultCurrency();
  const { draft, dirty, update, reset } = useDocumentDraft(
    quote ? draftFromDocument(quote) : NEW_DRAFT,
  );
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [busy, setBusy] = useState(false);
  useUpdateGuard('quote-form', dirty);

  // Another device or a sync changed the quote: show it, unless the user is editing.
  const version = quote ? `${quote.version}|${quote.updatedAt}` : null;
  useEffect(() => {
    if (quote && !dirty) reset(draftFromDocument(quote));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the stored quote changes
  }, [version]);

  const companyName = tenant?.naturalName || companyNameFromSchema(claims?.tenantSchema);
  const readOnly = quote !== null && quote.status !== 'Draft';
  const currencyCode = draft.currencyCode || defaultCurrency?.code || DEFAULT_CURRENCY_CODE;
  const currency = currencies?.find((c) => c.code === currencyCode) ?? null;
  const input = {
    customerId: draft.customerId,
    contactId: draft.contactId,
    currencyCode,
    notes: draft.notes,
    items: draftItems(draft.lines),
  };

  /** Saves the form (create or update); false when it could not. */
  const save = async (): Promise<string | null> => {
    const problem = documentInputError(input);
    if (problem) {
      setError(problem);
      return null;
    }
    try {
      if (quote) {
        await updateQuote(quote.id, input);
        return quote.id;
      }
      return await createQuote(input);
    } catch (e) {
      setError(e instanceof ValidationError ? e.message : SAVE_FAILED);
      return null;
    }
  };

  const onSave = async () => {
    setError(null);
    setSaving(true);
    const saved = await save();
    setSaving(false);
    if (saved) {
      reset(draft);
      navigate('/dashboard/quotes');
    }
  };

  const onStatusChange = async (status: string) => {
    if (!quote) return;
    try {
      await setQuoteStatus(quote.id, status);
    } catch {
      setError('Failed to update status');
    }
  };

  const onConfirmed = async () => {
    if (!quote || !confirm) return;
    setBusy(true);
    setError(null);
    // Unsaved edits of a draft go with it.
    if (dirty && quote.status === 'Draft' && !(await save())) {
      setBusy(false);
      setConfirm(null);
      return;
    }
    try {
      if (confirm === 'send') {
        await sendQuote(quote.id);
        reset(draft);
        navigate('/dashboard/quotes');
      } else {
        const orderId = await convertQuote(quote.id);
        reset(draft);
        navigate(`/dashboard/orders/${orderId}`);
      }
    } catch (e) {
      setError(
        confirm === 'send'
          ? `Failed to send quote: ${errorMessage(e) ?? 'Unknown error'}`
          : (errorMessage(e) ?? 'Failed to convert quote to order'),
      );
      setBusy(false);
      setConfirm(null);
    }
  };

  const back = () => navigate('/dashboard/quotes');

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Text c="dimmed" size="sm" fw={500}>
            {companyName}
          </Text>
          <Title order={2}>
            {quote ? `Edit Quote ${quoteNumberLabel(quote)}` : 'Create New Quote'}
          </Title>
        </div>
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={back}>
          Back to Quotes
        </Button>
      </Group>

      <ErrorBanner message={error} onClose={() => setError(null)} />
      {readOnly && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} role="status">
          This quote is {quote?.status} and can no longer be edited. Only draft quotes can be
          changed; set the status back to Draft to edit it.
        </Alert>
      )}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            {quote && (
              <QuoteDetailsCard
                companyName={companyName}
                quoteNumber={quoteNumberLabel(quote)}
                status={quote.status}
                onStatusChange={(s) => void onStatusChange(s)}
              />
            )}
            <RecipientCard
              value={{ customerId: draft.customerId, contactId: draft.contactId }}
              onChange={(r) => update(r)}
              customers={customers}
              contacts={contacts}
              buttonLabel="Select Recipient"
              readOnly={readOnly}
            />
            <ItemsTable
              lines={draft.lines}
              onChange={(lines) => update({ lines })}
              products={products}
              currencyCode={currencyCode}
              symbol={currency?.symbol}
              emptyText="No items added to this quote yet."
              readOnly={readOnly}
            />
            <NotesCard
              value={draft.notes}
              onChange={(notes) => update({ notes })}
              readOnly={readOnly}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <CurrencyCard
              currencies={currencies}
              value={currencyCode}
              onChange={(code) => update({ currencyCode: code })}
              disabled={readOnly}
            />
            <PaymentSummaryCard />
            <TotalsCard
              title="Quote Summary"
              lines={draft.lines}
              taxRate={taxRateFor(currency)}
              currencyCode={currencyCode}
              symbol={currency?.symbol}
            />
          </Stack>
        </Grid.Col>
      </Grid>

      <Paper withBorder p="md">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            {quote && (
              <>
                <Button
                  variant="light"
                  leftSection={<IconSend size={16} />}
                  onClick={() => setConfirm('send')}
                  disabled={quote.status !== 'Draft' && quote.status !== 'Sent'}
                >
                  Send Quote
                </Button>
                <Button
                  variant="light"
                  color="teal"
                  leftSection={<IconTruckDelivery size={16} />}
                  onClick={() => setConfirm('convert')}
                  disabled={quote.status === 'Converted'}
                >
                  Convert to Order
                </Button>
              </>
            )}
          </Group>
          <Group gap="sm">
            <Button variant="default" onClick={back}>
              Cancel
            </Button>
            {!readOnly && (
              <Button onClick={() => void onSave()} disabled={saving}>
                {saving ? 'Saving...' : quote ? 'Update Quote' : 'Create Quote'}
              </Button>
            )}
          </Group>
        </Group>
      </Paper>

      <ConfirmDialog
        opened={confirm === 'send'}
        title="Send Quote"
        message="Are you sure you want to send this quote to the customer? The status will change from Draft to Sent."
        confirmLabel="Send Quote"
        busy={busy}
        onConfirm={() => void onConfirmed()}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        opened={confirm === 'convert'}
        title="Convert to Order"
        message="Are you sure you want to convert this quote to an order? This will change the status to Converted."
        confirmLabel="Convert to Order"
        color="teal"
        busy={busy}
        onConfirm={() => void onConfirmed()}
        onClose={() => setConfirm(null)}
      />
    </Stack>
  );
}
