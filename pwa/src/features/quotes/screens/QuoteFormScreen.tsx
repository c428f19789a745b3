import { useState } from 'react';
import { Alert, Button } from '@mantine/core';
import { IconInfoCircle, IconSend, IconTruckDelivery } from '@tabler/icons-react';
import { taxRateFor } from '@smb/shared-types/money';
import { useParams } from 'react-router-dom';
import { PageLoader } from '../../../components/PageLoader';
import { PdfButton } from '../../../components/pdf/PdfButton';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import {
  DocumentEditor,
  DocumentNotFound,
  type DocumentEditorApi,
} from '../../../components/documents/DocumentEditor';
import { errorMessage } from '../../../components/documents/format';
import type { QuoteRow } from '../../../db/types';
import { CurrencyCard } from '../../../components/documents/CurrencyCard';
import { QuoteDetailsCard } from '../components/QuoteDetailsCard';
import { SendQuoteMessage, sendReady } from '../components/QuoteValidity';
import {
  convertQuote,
  createQuote,
  quoteNumberLabel,
  sendQuote,
  setQuoteStatus,
  updateQuote,
  useQuote,
} from '../data/quotes';
import { addContactTo } from '../../contacts/data/contacts';

const LIST = { noun: 'Quote', listName: 'Quotes', listPath: '/dashboard/quotes' } as const;

/** /dashboard/quotes/new and /dashboard/quotes/{id}. */
export default function QuoteFormScreen() {
  const { id } = useParams();
  const quote = useQuote(id);
  if (id && quote === undefined) return <PageLoader />;
  if (id && !quote) return <DocumentNotFound {...LIST} />;
  return <QuoteForm key={id ?? 'new'} quote={quote ?? null} />;
}

function QuoteForm({ quote }: { quote: QuoteRow | null }) {
  const readOnly = quote !== null && quote.status !== 'Draft';
  return (
    <DocumentEditor
      {...LIST}
      createContact={addContactTo}
      document={quote}
      guardKey="quote-form"
      title={quote ? `Edit Quote ${quoteNumberLabel(quote)}` : 'Create New Quote'}
      readOnly={readOnly}
      notice={
        readOnly && (
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} role="status">
            This quote is {quote?.status} and can no longer be edited. Only draft quotes can be
            changed; set the status back to Draft to edit it.
          </Alert>
        )
      }
      details={(editor) =>
        quote && (
          <QuoteDetailsCard
            companyName={editor.companyName}
            quoteNumber={quoteNumberLabel(quote)}
            quote={quote}
            onStatusChange={(status) =>
              void setQuoteStatus(quote.id, status).catch(() =>
                editor.setError('Failed to update status'),
              )
            }
            onValidUntilChange={(validUntil) =>
              void updateQuote(quote.id, { validUntil }).catch((e: unknown) =>
                editor.setError(errorMessage(e) ?? 'An error occurred while saving the quote'),
              )
            }
          />
        )
      }
      recipientButtonLabel="Select Recipient"
      emptyItemsText="No items added to this quote yet."
      summaryTitle="Quote Summary"
      currency={{ card: CurrencyCard }}
      taxRate={taxRateFor}
      saveFailed="An error occurred while saving the quote"
      create={createQuote}
      update={updateQuote}
      actions={(editor) => quote && <QuoteActions quote={quote} editor={editor} />}
    />
  );
}

type Confirm = 'send' | 'convert' | null;

/** Send Quote and Convert to Order, each behind its confirmation. */
function QuoteActions({ quote, editor }: { quote: QuoteRow; editor: DocumentEditorApi }) {
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [busy, setBusy] = useState(false);
  const [validUntil, setValidUntil] = useState('');

  const onConfirmed = async () => {
    if (!confirm) return;
    setBusy(true);
    editor.setError(null);
    // Unsaved edits of a draft go with it.
    if (editor.dirty && quote.status === 'Draft' && !(await editor.save())) {
      setBusy(false);
      setConfirm(null);
      return;
    }
    try {
      if (confirm === 'send') {
        await sendQuote(quote.id, undefined, validUntil || undefined);
        editor.leave(LIST.listPath);
      } else {
        const orderId = await convertQuote(quote.id);
        editor.leave(`/dashboard/orders/${orderId}`);
      }
    } catch (e) {
      editor.setError(
        confirm === 'send'
          ? `Failed to send quote: ${errorMessage(e) ?? 'Unknown error'}`
          : (errorMessage(e) ?? 'Failed to convert quote to order'),
      );
      setBusy(false);
      setConfirm(null);
    }
  };

  return (
    <>
      <PdfButton kind="quote" id={quote.id} label={quoteNumberLabel(quote)} />
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
      <ConfirmDialog
        opened={confirm === 'send'}
        title="Send Quote"
        message={
          <SendQuoteMessage quote={quote} validUntil={validUntil} onValidUntil={setValidUntil} />
        }
        confirmLabel="Send Quote"
        confirmDisabled={!sendReady(quote, validUntil)}
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
    </>
  );
}
