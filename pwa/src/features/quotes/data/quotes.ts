import { QUOTE_MESSAGES, QUOTE_STATUSES } from '@smb/shared-types/quotes';
import { requireDatabase } from '../../../db/current';
import type { SmbDatabase } from '../../../db/database';
import { useNewestFirst, useRow } from '../../../db/live';
import { displayNumber } from '../../../db/display';
import { NotFoundError, ValidationError, requireOneOf } from '../../../db/errors';
import { newId } from '../../../db/meta';
import type { QuoteRow } from '../../../db/types';
import {
  queueDocumentCreate,
  queueDocumentUpdate,
  type DocumentInput,
} from '../../../sync/documents-input';
import { mutate } from '../../../sync/mutate';

export type QuoteInput = DocumentInput & { validUntil?: string | null };

/** 'Q-0001', or 'Pending' until the server numbers a quote made offline. */
export const quoteNumberLabel = (quote: Pick<QuoteRow, 'quoteNumber'>) =>
  displayNumber(quote.quoteNumber);

async function existing(db: SmbDatabase, id: string): Promise<QuoteRow> {
  const quote = await db.quotes.get(id);
  if (!quote) throw new NotFoundError(QUOTE_MESSAGES.notFound);
  return quote;
}

/** Creates a Draft quote (totals computed locally); returns its id. */
export async function createQuote(
  input: QuoteInput,
  db: SmbDatabase = requireDatabase(),
): Promise<string> {
  return queueDocumentCreate(db, 'quote.create', input);
}

/** Saves changed fields of a Draft quote (`items` is one field: the whole list). */
export async function updateQuote(
  id: string,
  input: QuoteInput,
  db: SmbDatabase = requireDatabase(),
): Promise<boolean> {
  return queueDocumentUpdate(db, 'quote.update', id, input, {
    load: () => existing(db, id),
    refuse: (quote) => {
      if (quote.status !== 'Draft') throw new ValidationError(QUOTE_MESSAGES.notDraft);
    },
    notFound: QUOTE_MESSAGES.notFound,
    args: { validUntil: input.validUntil },
  });
}

export async function setQuoteStatus(
  id: string,
  status: string,
  db: SmbDatabase = requireDatabase(),
): Promise<void> {
  requireOneOf(QUOTE_STATUSES, status, QUOTE_MESSAGES.invalidStatus);
  await db.transaction('rw', db.allTables, async () => {
    await existing(db, id);
    await mutate(db, 'quote.setStatus', { id, status });
  });
}

/** Draft → Sent; the server makes the access token and mails the link when it syncs. */
export async function sendQuote(
  id: string,
  db: SmbDatabase = requireDatabase(),
  validUntil?: string,
): Promise<void> {
  await db.transaction('rw', db.allTables, async () => {
    const quote = await existing(db, id);
    if (quote.status !== 'Draft' && quote.status !== 'Sent')
      throw new ValidationError(QUOTE_MESSAGES.cannotSend);
    await mutate(db, 'quote.send', validUntil ? { id, validUntil } : { id });
  });
}

/** Converts to an order (status Converted); returns the new order's id, usable offline. */
export async function convertQuote(
  id: string,
  db: SmbDatabase = requireDatabase(),
): Promise<string> {
  const orderId = newId();
  await db.transaction('rw', db.allTables, async () => {
    await existing(db, id);
    const order = await db.orders.where('quoteId').equals(id).first();
    if (order)
      throw new ValidationError(QUOTE_MESSAGES.alreadyConverted(displayNumber(order.orderNumber)));
    await mutate(db, 'quote.convert', { id, orderId });
  });
  return orderId;
}

export async function deleteQuote(id: string, db: SmbDatabase = requireDatabase()): Promise<void> {
  await db.transaction('rw', db.allTables, async () => {
    await existing(db, id);
    await mutate(db, 'quote.delete', { id });
  });
}

/** Quotes, newest first (live). */
export function useQuotes(): QuoteRow[] | undefined {
  return useNewestFirst((db) => db.quotes);
}

export function useQuote(id: string | undefined): QuoteRow | null | undefined {
  return useRow<QuoteRow>((db) => db.quotes, id);
}
