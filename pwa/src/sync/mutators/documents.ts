import { DEFAULT_QUOTE_VALIDITY_DAYS } from '@smb/shared-types/company';
import {
  addDays,
  dueDateFor,
  isPaymentTerms,
  payableTotal,
  today,
} from '@smb/shared-types/payments';
import { toMoneyNumber } from '@smb/shared-types/money';
import type { UpdateArgs } from '@smb/shared-types/sync';
import type { DocumentItemRow, InvoiceRow, OrderRow, QuoteRow } from '../../db/types';
import type { LocalWriter } from '../local-writer';
import { computeDocument, type DocumentAmounts } from './document-amounts';
import type {
  ConvertQuoteArgs,
  CreateInvoiceArgs,
  DocumentCreateArgs,
  DocumentItemArgs,
  IdArgs,
  QuoteSendArgs,
  SetStatusArgs,
} from '../mutation-args';

/**
 * Local effects of quote, order and invoice mutations. Lines and amounts come from the shared
 * resolver and `calculateDocument` exactly as the server computes them (`computeDocument`); the
 * server recomputes them and its values arrive with the next pull.
 */

/** Stored lines as a document's line args (what a kept line sends again). */
export const asItems = (lines: DocumentItemRow[]): DocumentItemArgs[] =>
  lines.map((l) => ({
    id: l.id,
    productId: l.productId,
    quantity: l.quantity,
    description: l.description,
    unitPrice: l.unitPrice,
  }));

const contentOf = (a: DocumentCreateArgs) => ({
  currencyCode: a.currencyCode,
  items: a.items,
  pricesIncludeTax: a.pricesIncludeTax ?? false,
  adjustments: a.adjustments ?? [],
});

export async function quoteCreate(w: LocalWriter, a: DocumentCreateArgs): Promise<void> {
  await w.put('quotes', {
    id: a.id,
    quoteNumber: null,
    customerId: a.customerId,
    contactId: a.contactId,
    currencyCode: a.currencyCode,
    status: 'Draft',
    notes: a.notes,
    ...(await computeDocument(w, contentOf(a), null)),
    accessToken: null,
    viewedAt: null,
    acceptedAt: null,
    rejectedAt: null,
    validUntil: (a as { validUntil?: string | null }).validUntil ?? null,
    lastViewedAt: null,
    viewCount: 0,
    sentBy: null,
    acceptedByName: null,
    acceptedIp: null,
    rejectionReason: null,
    createdAt: w.now,
    version: null,
    updatedAt: w.now,
  });
}

async function updateDocument(
  w: LocalWriter,
  entity: 'quotes' | 'orders',
  a: UpdateArgs,
): Promise<void> {
  const row = await w.get(entity, a.id);
  if (!row) return;
  const changes = a.changes as Partial<DocumentCreateArgs>;
  const next = { ...row, ...changes, id: row.id, updatedAt: w.now } as QuoteRow | OrderRow;
  const amounts = await computeDocument(
    w,
    {
      currencyCode: next.currencyCode,
      items: changes.items ?? asItems(row.items),
      pricesIncludeTax: changes.pricesIncludeTax ?? row.pricesIncludeTax ?? false,
      adjustments: changes.adjustments ?? row.adjustments ?? [],
    },
    row,
  );
  Object.assign(next, amounts);
  if (entity === 'quotes') await w.put('quotes', next as QuoteRow);
  else await w.put('orders', next as OrderRow);
}

export const quoteUpdate = (w: LocalWriter, a: UpdateArgs) => updateDocument(w, 'quotes', a);

export async function quoteDelete(w: LocalWriter, a: IdArgs): Promise<void> {
  await w.delete('quotes', a.id);
}

export async function quoteSetStatus(w: LocalWriter, a: SetStatusArgs): Promise<void> {
  await w.patch('quotes', a.id, { status: a.status });
}

/**
 * The server makes the access token and mails the link; locally the quote turns Sent, with the new
 * valid-until day when one was given (re-sending an expired quote).
 */
/**
 * Sent, valid until the day given, else the day the draft set, else the company's number of days
 * from today — as the server decides it, so a quote sent offline shows its day at once.
 */
export async function quoteSend(w: LocalWriter, a: QuoteSendArgs): Promise<void> {
  const quote = await w.get('quotes', a.id);
  if (!quote) return;
  const days = (await w.tenant())?.company?.quoteValidityDays ?? DEFAULT_QUOTE_VALIDITY_DAYS;
  await w.patch('quotes', a.id, {
    status: 'Sent',
    validUntil: a.validUntil ?? quote.validUntil ?? addDays(today(new Date(w.now)), days),
  });
}

export async function quoteConvert(w: LocalWriter, a: ConvertQuoteArgs): Promise<void> {
  const quote = await w.patch('quotes', a.id, { status: 'Converted' });
  if (!quote) return;
  // Every line, rate, discount, charge and amount exactly as quoted.
  const lines = quote.items.map((l, position) => ({
    ...l,
    id: `${a.orderId}-${position}`,
    position,
  }));
  await w.put('orders', {
    id: a.orderId,
    orderNumber: null,
    quoteId: quote.id,
    customerId: quote.customerId,
    contactId: quote.contactId,
    currencyCode: quote.currencyCode,
    status: 'Pending',
    notes: quote.notes,
    ...amountsOf(quote),
    items: lines,
    emailedAt: null,
    emailedTo: null,
    createdAt: w.now,
    version: null,
    updatedAt: w.now,
  });
}

export async function orderCreate(w: LocalWriter, a: DocumentCreateArgs): Promise<void> {
  await w.put('orders', {
    id: a.id,
    orderNumber: null,
    quoteId: null,
    customerId: a.customerId,
    contactId: a.contactId,
    currencyCode: a.currencyCode,
    status: 'Pending',
    notes: a.notes,
    ...(await computeDocument(w, contentOf(a), null)),
    emailedAt: null,
    emailedTo: null,
    createdAt: w.now,
    version: null,
    updatedAt: w.now,
  });
}

export const orderUpdate = (w: LocalWriter, a: UpdateArgs) => updateDocument(w, 'orders', a);

export async function orderDelete(w: LocalWriter, a: IdArgs): Promise<void> {
  await w.delete('orders', a.id);
}

/** The invoice copies the order and keeps the names and e-mails as they are now. */
export async function orderCreateInvoice(w: LocalWriter, a: CreateInvoiceArgs): Promise<void> {
  const order = await w.get('orders', a.id);
  if (!order) return;
  const customer = await w.get('customers', order.customerId);
  const contact = order.contactId ? await w.get('contacts', order.contactId) : undefined;
  // Dated today; due by the customer's own terms, else the company's default (synced with the
  // tenant), as the server decides; none known in a store that has not pulled them yet.
  const issueDate = today(new Date(w.now));
  const terms = isPaymentTerms(customer?.paymentTerms)
    ? customer.paymentTerms
    : (await w.tenant())?.billing?.defaultPaymentTerms;
  const invoice: InvoiceRow = {
    id: a.invoiceId,
    invoiceNumber: null,
    orderId: order.id,
    recurringProfileId: null,
    periodIndex: null,
    customerId: order.customerId,
    contactId: order.contactId,
    customerName: customer?.name ?? '',
    customerEmail: customer?.email ?? '',
    contactName: contact?.name ?? null,
    contactEmail: contact?.email ?? null,
    contactRole: contact?.role ?? null,
    currencyCode: order.currencyCode,
    status: 'Unpaid',
    notes: order.notes,
    ...amountsOf(order),
    items: order.items.map((l, position) => ({ ...l, id: `${a.invoiceId}-${position}`, position })),
    paidAt: null,
    issuedAt: null,
    issueDate,
    dueDate: isPaymentTerms(terms) ? dueDateFor(issueDate, terms) : null,
    paymentTerms: isPaymentTerms(terms) ? terms : null,
    amountPaid: 0,
    creditedAmount: 0,
    remindersStopped: false,
    reminders: [],
    emailedAt: null,
    emailedTo: null,
    createdAt: w.now,
    version: null,
    updatedAt: w.now,
  };
  await w.put('invoices', invoice);
}

/** A document's amounts, copied exactly to the next document (conversion, invoicing). */
function amountsOf(row: QuoteRow | OrderRow): Omit<DocumentAmounts, 'items'> {
  return {
    subtotal: row.subtotal,
    taxRate: row.taxRate,
    taxAmount: row.taxAmount,
    total: row.total,
    pricesIncludeTax: row.pricesIncludeTax,
    adjustments: row.adjustments,
    allowanceTotal: row.allowanceTotal,
    chargeTotal: row.chargeTotal,
    roundingAmount: row.roundingAmount,
    taxBreakdown: row.taxBreakdown,
  };
}

export async function invoiceSetStatus(w: LocalWriter, a: SetStatusArgs): Promise<void> {
  const invoice = await w.get('invoices', a.id);
  // An issued invoice is not cancelled by hand: the server refuses it (Sync issues).
  if (!invoice || (a.status === 'Cancelled' && invoice.issuedAt)) return;
  // Cancelled by a credit note in full: that stays (the server refuses the change).
  if (invoice.status === 'Cancelled' && invoice.issuedAt) return;
  const paidAt = a.status === 'Paid' ? (invoice.paidAt ?? w.now) : null;
  // "Paid" by hand pays the balance (the server records that payment).
  const amountPaid =
    a.status === 'Paid'
      ? toMoneyNumber(payableTotal(invoice.total, invoice.creditedAmount ?? 0))
      : invoice.amountPaid;
  // Paid by hand records a payment, which issues a draft (as payment.create).
  const issuedAt = a.status === 'Paid' ? (invoice.issuedAt ?? w.now) : (invoice.issuedAt ?? null);
  await w.patch('invoices', a.id, { status: a.status, paidAt, amountPaid, issuedAt });
}

/** "Mark as issued": frozen from now on (the server refuses later changes). */
export async function invoiceIssue(w: LocalWriter, a: IdArgs): Promise<void> {
  const invoice = await w.get('invoices', a.id);
  if (!invoice || invoice.issuedAt || invoice.status === 'Cancelled') return;
  await w.patch('invoices', a.id, { issuedAt: w.now });
}
