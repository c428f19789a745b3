import { Type, type Static } from 'typebox';
import {
  DocumentContact,
  DocumentListQuery,
  OrNull,
  documentTaxFields,
  pricedLineFields,
} from './quotes';
import { InvoiceReminder } from './reminders';

/** Invoice states; 'Partially paid' and 'Paid' follow the payments. */
export const INVOICE_STATUSES = ['Unpaid', 'Partially paid', 'Paid', 'Cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Not stored: an invoice past its due date with a balance. */
export const OVERDUE = 'Overdue';
/** "12 days overdue". */
export const overdueLabel = (days: number) => `${days} ${days === 1 ? 'day' : 'days'} overdue`;

/** GET /api/invoices: the document list's paging and search, a status filter and a sort. */
export const INVOICE_FILTERS = [...INVOICE_STATUSES, OVERDUE] as const;
export const INVOICE_SORTS = ['createdAt', 'dueDate'] as const;

export const INVOICE_MESSAGES = {
  notFound: 'Invoice not found',
  invalidStatus: 'Invalid invoice status',
  /** A change to an issued invoice (API 409, and the Sync issues reason). */
  issued: 'This invoice has been issued; correct it with a credit note.',
  cancelledDraft: 'This invoice is cancelled: it cannot be issued',
  /** A status change by hand on an invoice a credit note cancelled (API 409, Sync issues). */
  creditedInFull: 'This invoice has been credited in full: it stays Cancelled.',
} as const;

/**
 * Issued invoices never change. A new invoice is a draft (`issuedAt` null) whatever its status:
 * the statuses stay the spec's (they follow the money), and the screens show "Draft" in place of
 * "Unpaid" until it is issued. Marking it issued, sending it, or recording a payment on it sets
 * `issuedAt`; from then on its content, number and dates are frozen.
 */
export const DRAFT_INVOICE = 'Draft';

export const isIssued = (invoice: { issuedAt?: string | null }) => invoice.issuedAt != null;

/** What the screens show: "Draft" for a draft that is not cancelled, else its status. */
export function invoiceStatusLabel(invoice: { status: string; issuedAt?: string | null }): string {
  return !isIssued(invoice) && invoice.status !== 'Cancelled' ? DRAFT_INVOICE : invoice.status;
}

/** PUT /api/invoices/{id}: only the status changes; invoices are legal records. */
export const InvoiceUpdateBody = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 64 })),
  status: Type.String({ maxLength: 20 }),
});
export type InvoiceUpdateBody = Static<typeof InvoiceUpdateBody>;

const DateTime = Type.String({ format: 'date-time' });

export const InvoiceItem = Type.Object({
  id: Type.String(),
  productId: OrNull(Type.String()),
  productName: Type.String(),
  product: Type.Object({ name: Type.String(), sku: OrNull(Type.String()) }),
  ...pricedLineFields,
});
export type InvoiceItem = Static<typeof InvoiceItem>;

export const Invoice = Type.Object({
  id: Type.String(),
  invoiceNumber: Type.String(),
  /** null for an invoice a recurring profile made. */
  orderId: OrNull(Type.String()),
  order: OrNull(Type.Object({ orderNumber: Type.String() })),
  /** The recurring profile that made it, and its period (null: invoiced out of cycle). */
  recurringProfileId: OrNull(Type.String()),
  periodIndex: OrNull(Type.Integer()),
  customerId: Type.String(),
  contactId: OrNull(Type.String()),
  /** Names and e-mails as they were when the invoice was made. */
  customer: Type.Object({ name: Type.String(), email: Type.String() }),
  contact: OrNull(DocumentContact),
  status: Type.String(),
  createdAt: DateTime,
  currencyCode: Type.String(),
  items: Type.Array(InvoiceItem),
  notes: Type.String(),
  subtotal: Type.Number(),
  taxRate: Type.Number(),
  taxAmount: Type.Number(),
  total: Type.Number(),
  ...documentTaxFields,
  paidAt: OrNull(DateTime),
  /** When it was issued (marked issued, sent or paid); null while it is a draft. */
  issuedAt: OrNull(DateTime),
  /** 'YYYY-MM-DD'. */
  issueDate: Type.String(),
  dueDate: Type.String(),
  paymentTerms: Type.String(),
  amountPaid: Type.Number(),
  /** Σ its credit notes (issue 33 item 7). */
  creditedAmount: Type.Number(),
  /** The amount due: total − amountPaid − creditedAmount. */
  balance: Type.Number(),
  /** Days past the due date with a balance (0 when not overdue). */
  daysOverdue: Type.Integer(),
  /** "Stop reminders" set on this invoice. */
  remindersStopped: Type.Boolean(),
  /** The reminders e-mailed, oldest first. */
  reminders: Type.Array(InvoiceReminder),
  /** Issue 34.4: when the invoice was last e-mailed (ISO), and to whom. */
  emailedAt: OrNull(DateTime),
  emailedTo: OrNull(Type.String()),
  version: Type.String(),
  updatedAt: DateTime,
});
export type Invoice = Static<typeof Invoice>;

export const InvoiceListQuery = Type.Object({
  ...DocumentListQuery.properties,
  status: Type.Optional(
    Type.Unsafe<(typeof INVOICE_FILTERS)[number]>({ type: 'string', enum: [...INVOICE_FILTERS] }),
  ),
  sort: Type.Optional(
    Type.Unsafe<(typeof INVOICE_SORTS)[number]>({ type: 'string', enum: [...INVOICE_SORTS] }),
  ),
});
export type InvoiceListQuery = Static<typeof InvoiceListQuery>;
