import {
  memo,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { Alert, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { companyNameFromSchema } from '@smb/shared-types/auth';
import { DEFAULT_CURRENCY_CODE } from '@smb/shared-types/money';
import { documentInputError } from '@smb/shared-types/quotes';
import { LINE_MESSAGES } from '@smb/shared-types/document-lines';
import { useNavigate } from 'react-router-dom';
import { useUpdateGuard } from '../../lib/useUpdateGuard';
import { ValidationError } from '../../db/errors';
import type { CurrencyRow, OrderRow, QuoteRow } from '../../db/types';
import type { DocumentInput } from '../../sync/documents-input';
import { useAuth } from '../../lib/auth-context';
import {
  useCurrencies,
  useDefaultCurrency,
  useLocalTenant,
  useProducts,
  useTaxRates,
} from '../../db/live';
import { useLatest } from '../../lib/useLatest';
import { ErrorBanner } from '../ErrorBanner';
import {
  draftAdjustments,
  draftFromDocument,
  draftItems,
  useDocumentDraft,
  type DocumentDraft,
} from './draft';
import { AdjustmentsCard } from './AdjustmentsCard';
import { taxRateOptions } from './LineFields';
import { ItemsTable } from './ItemsTable';
import { NotesCard } from './NotesCard';
import type { NewContact } from './NewContactForm';
import { RecipientCard } from './RecipientCard';
import { PaymentSummaryCard, TotalsCard } from './SummaryCards';

/** A quote or an order: the documents this editor edits. */
export type EditedDocument = QuoteRow | OrderRow;

const NEW_DRAFT: DocumentDraft = {
  customerId: null,
  contactId: null,
  currencyCode: '',
  notes: '',
  lines: [],
  pricesIncludeTax: false,
  adjustments: [],
};

/** What the editor hands to the parts a document kind adds (its actions and dialogs). */
export interface DocumentEditorApi {
  draft: DocumentDraft;
  dirty: boolean;
  /** Checks and saves the form (create or update): the document's id, or null (error shown). */
  save: () => Promise<string | null>;
  /** Leaves the editor for `to`, the current draft counting as saved. */
  leave: (to: string) => void;
  setError: (message: string | null) => void;
  companyName: string;
}

export interface DocumentEditorProps {
  /** The stored document; null for a new one. */
  document: EditedDocument | null;
  /** Key of the "unsaved changes" guard. */
  guardKey: string;
  title: string;
  /** 'Quotes' — the list the editor returns to ("Back to Quotes"). */
  listName: string;
  listPath: string;
  readOnly: boolean;
  /** Why the document is read-only, or any other note under the title. */
  notice?: ReactNode;
  /**
   * The kind's details card (number, status, …). Rendered again only when the company name
   * changes, not on every keystroke in the draft: it gets no draft.
   */
  details?: (api: Pick<DocumentEditorApi, 'companyName' | 'setError'>) => ReactNode;
  recipientButtonLabel: string;
  emptyItemsText: string;
  summaryTitle: string;
  /**
   * How the currency is chosen: `fixed` (an order keeps its quote's currency), or a card rendered
   * above the summary that edits the draft's currency (quotes).
   */
  currency:
    | { fixed: string }
    | {
        card: ComponentType<{
          currencies: CurrencyRow[] | undefined;
          value: string;
          onChange: (code: string) => void;
          disabled: boolean;
        }>;
      };
  taxRate: (currency: CurrencyRow | null) => string;
  saveFailed: string;
  /**
   * false: a template of documents (a recurring profile), not a document — no discounts or
   * charges on the whole of it, and no payment summary.
   */
  documentLevel?: boolean;
  /** 'Quote' → "Create Quote" / "Update Quote". */
  noun: string;
  /** Where the form's Save goes; only existing documents when `create` is missing. */
  create?: (input: DocumentInput) => Promise<string>;
  update: (id: string, input: DocumentInput) => Promise<unknown>;
  /** Adds a contact from the Select Contact dialog: the customer's, answering its id. */
  createContact?: (customerId: string, contact: NewContact) => Promise<string>;
  /**
   * Buttons left of Cancel/Save, with their dialogs. Rendered once, not on every keystroke: the
   * api they get always reads the current draft, so read it in handlers, not while rendering.
   */
  actions?: (api: DocumentEditorApi) => ReactNode;
}

/** A not-found document: the message and the way back to its list. */
export function DocumentNotFound({
  noun,
  listName,
  listPath,
}: {
  noun: string;
  listName: string;
  listPath: string;
}) {
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <Alert color="red" variant="light" title={`${noun} not found`}>
        This {noun.toLowerCase()} does not exist or has been deleted.
      </Alert>
      <Group>
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          onClick={() => navigate(listPath)}
        >
          Back to {listName}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The one editor of quotes and orders: header, recipient, items, notes, summary and the save
 * footer. A document kind passes in what differs (title, details, currency, actions).
 */
export function DocumentEditor(props: DocumentEditorProps) {
  const { document: doc, readOnly, currency: currencyMode } = props;
  const navigate = useNavigate();
  const { claims } = useAuth();
  const tenant = useLocalTenant();
  const products = useProducts();
  const taxRates = useTaxRates();
  const currencies = useCurrencies();
  const defaultCurrency = useDefaultCurrency();
  const { draft, dirty, update, updateLines, reset } = useDocumentDraft(
    doc ? draftFromDocument(doc) : NEW_DRAFT,
  );
  const onNotes = useCallback((notes: string) => update({ notes }), [update]);
  const onCurrency = useCallback((code: string) => update({ currencyCode: code }), [update]);
  // Stable while the recipient stays: a keystroke in the items does not render the card again.
  const recipient = useMemo(
    () => ({ customerId: draft.customerId, contactId: draft.contactId }),
    [draft.customerId, draft.contactId],
  );
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useUpdateGuard(props.guardKey, dirty && !readOnly);

  // Another device or a sync changed the document: show it, unless the user is editing.
  const version = doc ? `${doc.version}|${doc.updatedAt}` : null;
  useEffect(() => {
    if (doc && !dirty) reset(draftFromDocument(doc));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the stored document changes
  }, [version]);

  const companyName = tenant?.naturalName || companyNameFromSchema(claims?.tenantSchema);
  const currencyCode =
    'fixed' in currencyMode
      ? currencyMode.fixed
      : draft.currencyCode || defaultCurrency?.code || DEFAULT_CURRENCY_CODE;
  const currency = currencies?.find((c) => c.code === currencyCode) ?? null;
  const defaultRate = props.taxRate(currency);
  const taxOptions = useMemo(() => taxRateOptions(taxRates, defaultRate), [taxRates, defaultRate]);

  const save = async (): Promise<string | null> => {
    const input: DocumentInput = {
      customerId: draft.customerId,
      contactId: draft.contactId,
      ...('fixed' in currencyMode ? {} : { currencyCode }),
      notes: draft.notes,
      items: draftItems(draft.lines),
      pricesIncludeTax: draft.pricesIncludeTax,
      adjustments: draftAdjustments(draft.adjustments),
    };
    const problem =
      documentInputError(input) ??
      (draft.adjustments.some((a) => !a.reason.trim() || a.amount <= 0)
        ? LINE_MESSAGES.adjustmentReason
        : null);
    if (problem) {
      setError(problem);
      return null;
    }
    try {
      if (doc) {
        await props.update(doc.id, input);
        return doc.id;
      }
      if (!props.create) return null;
      return await props.create(input);
    } catch (e) {
      setError(e instanceof ValidationError ? e.message : props.saveFailed);
      return null;
    }
  };

  const leave = (to: string) => {
    reset(draft);
    // At once: a transition would wait behind the live queries the save just woke.
    void navigate(to, { flushSync: true });
  };
  const onSave = async () => {
    setError(null);
    setSaving(true);
    const saved = await save();
    setSaving(false);
    if (saved) leave(props.listPath);
  };

  // The header, the footer and the kind's actions do not change with the draft: they get an api
  // that reads the latest render's (set after each commit, before any handler can run), so a
  // keystroke in the items renders none of them again.
  const latest = useLatest({ draft, dirty, save, leave, onSave });
  const api = useMemo<DocumentEditorApi>(
    () => ({
      get draft() {
        return latest.current.draft;
      },
      get dirty() {
        return latest.current.dirty;
      },
      save: () => latest.current.save(),
      leave: (to) => latest.current.leave(to),
      setError,
      companyName,
    }),
    [companyName, latest],
  );
  const saveForm = useCallback(() => void latest.current.onSave(), [latest]);
  const { listPath } = props;
  const back = useCallback(() => navigate(listPath), [navigate, listPath]);
  const renderDetails = props.details;
  const details = useMemo(
    () => renderDetails?.({ companyName, setError }),
    [renderDetails, companyName],
  );
  const renderActions = props.actions;
  const actions = useMemo(() => renderActions?.(api), [renderActions, api]);

  return (
    <Stack gap="lg">
      <EditorHeader
        companyName={companyName}
        title={props.title}
        listName={props.listName}
        onBack={back}
      />

      <ErrorBanner message={error} onClose={() => setError(null)} />
      {props.notice}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            {details}
            <RecipientCard
              value={recipient}
              onChange={update}
              buttonLabel={props.recipientButtonLabel}
              readOnly={readOnly}
              createContact={props.createContact}
            />
            <ItemsTable
              lines={draft.lines}
              onChange={updateLines}
              products={products}
              currencyCode={currencyCode}
              symbol={currency?.symbol}
              emptyText={props.emptyItemsText}
              readOnly={readOnly}
              taxOptions={taxOptions}
            />
            <AdjustmentsCard
              adjustments={draft.adjustments}
              pricesIncludeTax={draft.pricesIncludeTax}
              taxOptions={taxOptions}
              onChange={update}
              readOnly={readOnly}
              adjustable={props.documentLevel !== false}
            />
            <NotesCard value={draft.notes} onChange={onNotes} readOnly={readOnly} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            {'card' in currencyMode && (
              <currencyMode.card
                currencies={currencies}
                value={currencyCode}
                onChange={onCurrency}
                disabled={readOnly}
              />
            )}
            {props.documentLevel !== false && <PaymentSummaryCard />}
            <TotalsCard
              title={props.summaryTitle}
              lines={draft.lines}
              adjustments={draft.adjustments}
              pricesIncludeTax={draft.pricesIncludeTax}
              taxRates={taxRates}
              taxRate={defaultRate}
              currencyCode={currencyCode}
              symbol={currency?.symbol}
            />
          </Stack>
        </Grid.Col>
      </Grid>

      <EditorFooter
        actions={actions}
        onCancel={back}
        onSave={readOnly ? null : saveForm}
        saving={saving}
        saveLabel={`${doc ? 'Update' : 'Create'} ${props.noun}`}
      />
    </Stack>
  );
}

/** The company, the editor's title and the way back to the list. */
const EditorHeader = memo(function EditorHeader(props: {
  companyName: string;
  title: string;
  listName: string;
  onBack: () => void;
}) {
  return (
    <Group justify="space-between" align="flex-start">
      <div>
        <Text c="dimmed" size="sm" fw={500}>
          {props.companyName}
        </Text>
        <Title order={2}>{props.title}</Title>
      </div>
      <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={props.onBack}>
        Back to {props.listName}
      </Button>
    </Group>
  );
});

/** The kind's actions, Cancel, and Save (none while read-only). */
const EditorFooter = memo(function EditorFooter(props: {
  actions: ReactNode;
  onCancel: () => void;
  onSave: (() => void) | null;
  saving: boolean;
  saveLabel: string;
}) {
  return (
    <Paper withBorder p="md">
      <Group justify={props.actions ? 'space-between' : 'flex-end'} gap="sm">
        {props.actions && <Group gap="sm">{props.actions}</Group>}
        <Group gap="sm">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          {props.onSave && (
            <Button onClick={props.onSave} disabled={props.saving}>
              {props.saving ? 'Saving...' : props.saveLabel}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
});
