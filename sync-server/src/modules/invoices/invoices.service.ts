import {
  INVOICE_MESSAGES,
  ORDER_MESSAGES,
  dueDateFor,
  overdueDays,
  amountDue,
  toMoneyNumber,
  taxRateFor,
  today,
  type Invoice,
  type InvoiceListQuery,
  type PaymentTerms,
} from '@smb/shared-types';
import { calendarDate } from '../../db/dates';
import type { TenantDb } from '../../db/tenant-database';
import { inTransaction } from '../../db/transaction';
import { isUniqueViolation, searchText, versionFields } from '../../db/query';
import { conflict } from '../../errors';
import { invoiceTermsFor } from '../payments/payments.service';
import { nextVersion } from '../../db/version';
import { copyLines, newDocumentId, totalLines } from '../documents/document-lines';
import type { LineRow } from '../../db/tables/documents.table';
import { documentReader, linesBy } from '../documents/document-reader';
import {
  documentAmounts,
  documentTax,
  iso,
  lineFields,
  partySnapshot,
} from '../documents/document-shape';
import {
  findContact,
  findCurrencyByCode,
  findCustomer,
  findLines,
  nextDocumentNumber,
  documentDay,
} from '../documents/documents.repository';
import { invoiceOfOrder, lockedOrder, touchOrder } from '../orders/orders.service';
import type { TenantScope } from '../tenant-scope';
import * as repo from './invoices.repository';

type ReadScope = Pick<TenantScope, 'db'>;

function toInvoice(
  row: repo.InvoiceWithOrderRow,
  items: Awaited<ReturnType<typeof repo.findInvoiceItems>>,
): Invoice {
  return {
    id: row.id,
    invoiceNumber: row.invoice_number,
    orderId: row.order_id,
    order: row.order_number === null ? null : { orderNumber: row.order_number },
    recurringProfileId: row.recurring_profile_id,
    periodIndex: row.period_index,
    customerId: row.customer_id,
    contactId: row.contact_id,
    customer: { name: row.customer_name, email: row.customer_email },
    contact:
      row.contact_name === null
        ? null
        : { name: row.contact_name, email: row.contact_email ?? '', role: row.contact_role },
    status: row.status,
    createdAt: iso(row.created_at)!,
    currencyCode: row.currency_code.trim(),
    items: items.map((i) => ({
      id: i.id,
      productId: i.product_id,
      productName: i.product_name,
      product: { name: i.product_name, sku: i.product_sku },
      quantity: Number(i.quantity),
      unitPrice: toMoneyNumber(i.unit_price),
      subtotal: toMoneyNumber(i.subtotal),
      ...lineFields(i),
    })),
    notes: row.notes,
    ...documentAmounts(row),
    ...documentTax(row),
    paidAt: iso(row.paid_at),
    issuedAt: iso(row.issued_at),
    ...invoiceDates(row),
    remindersStopped: row.reminders_stopped,
    reminders: row.reminders,
    emailedAt: iso(row.emailed_at),
    emailedTo: row.emailed_to,
    ...versionFields(row),
  };
}

/** Dates, terms and money of an invoice row (balance and days overdue as of today). */
export function invoiceDates(row: {
  issue_date: Date | string;
  due_date: Date | string;
  payment_terms: string;
  total: string;
  amount_paid: string;
  credited_amount: string;
  status: string;
}) {
  const dueDate = calendarDate(row.due_date);
  const balance = amountDue(row.total, row.amount_paid, row.credited_amount);
  return {
    issueDate: calendarDate(row.issue_date),
    dueDate,
    paymentTerms: row.payment_terms,
    amountPaid: toMoneyNumber(row.amount_paid),
    creditedAmount: toMoneyNumber(row.credited_amount),
    balance: toMoneyNumber(balance),
    daysOverdue: overdueDays({ status: row.status, dueDate, balance }),
  };
}

const reader = documentReader({
  rowsByIds: repo.findInvoicesByIds,
  lines: linesBy(repo.findInvoiceItems, 'invoice_id'),
  toApi: toInvoice,
  notFound: INVOICE_MESSAGES.notFound,
});

/** The API invoice, or 404 (unknown, malformed, or another tenant's id). */
export const loadInvoice = (db: TenantDb, id: string): Promise<Invoice> => reader.load(db, id);

export const getInvoice = (scope: ReadScope, id: string) => loadInvoice(scope.db, id);

export async function listInvoices(
  scope: ReadScope,
  query: InvoiceListQuery,
): Promise<{ items: Invoice[]; total: number }> {
  const paging = { ...query, q: searchText(query) };
  const { rows, total } =
    query.status || query.sort
      ? await repo.listInvoicesFiltered(scope.db, { ...paging, today: today() })
      : await repo.listInvoices(scope.db, paging);
  return { items: await reader.withLines(scope.db, rows), total };
}

/**
 * POST /api/orders/{id}/create-invoice, mutator `order.createInvoice`: a draft invoice (Unpaid, not
 * yet issued: see `issueInvoice`) with the next INV number, the customer's and contact's names and
 * e-mails as they are now, the order's lines, notes and totals (10 %). One invoice per order: a second call answers 409 naming it.
 */
export async function createInvoiceFromOrder(
  scope: TenantScope,
  orderId: string,
  input: { id?: string } = {},
): Promise<Invoice> {
  return inTransaction(scope.db, async (trx) => {
    const version = await nextVersion(trx);
    const order = await lockedOrder(trx, orderId);
    const existing = await invoiceOfOrder(trx, order.id);
    if (existing) throw conflict(ORDER_MESSAGES.alreadyInvoiced(existing.invoice_number));
    const id = newDocumentId(input.id);
    const customer = (await findCustomer(trx, order.customer_id))!;
    const contact = order.contact_id ? await findContact(trx, order.contact_id) : undefined;
    const lines = await findLines(trx, 'order', [order.id]);
    const invoiceNumber = await nextDocumentNumber(trx, 'invoice', documentDay(scope.tenant));
    // The due date follows the terms.
    const terms = await invoiceTermsFor(trx, order.customer_id);
    const issueDate = today();
    try {
      await repo.insertInvoice(
        trx,
        {
          id,
          invoice_number: invoiceNumber,
          order_id: order.id,
          customer_id: order.customer_id,
          ...partySnapshot(customer, contact),
          currency_code: order.currency_code.trim(),
          status: 'Unpaid',
          notes: order.notes,
          // The order's amounts exactly: the accepted amount is the invoiced amount.
          subtotal: order.subtotal,
          tax_rate: order.tax_rate,
          tax_amount: order.tax_amount,
          total: order.total,
          prices_include_tax: order.prices_include_tax,
          adjustments: JSON.stringify(order.adjustments),
          allowance_total: order.allowance_total,
          charge_total: order.charge_total,
          rounding_amount: order.rounding_amount,
          tax_breakdown: JSON.stringify(order.tax_breakdown),
          issue_date: issueDate,
          due_date: dueDateFor(issueDate, terms),
          payment_terms: terms,
          version,
          updated_at: new Date(),
        },
        copyLines(lines).map((l, position) => ({
          ...l,
          invoice_id: id,
          product_name: lines[position]!.current_name ?? l.product_name,
          product_sku:
            lines[position]!.current_name !== null ? lines[position]!.current_sku : l.product_sku,
        })),
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('An invoice with this id already exists');
      throw err;
    }
    // The order now shows its invoice (and is locked against edits): clients must pull it again.
    await touchOrder(trx, order.id, version);
    return loadInvoice(trx, id);
  });
}

/** What a recurring profile's invoice is made of (lines already rendered for its period). */
export interface RecurringInvoiceInput {
  profileId: string;
  /** The schedule's period; null for an invoice made out of cycle. */
  periodIndex: number | null;
  customerId: string;
  contactId: string | null;
  currencyCode: string;
  notes: string;
  pricesIncludeTax: boolean;
  /** null: the customer's terms. */
  paymentTerms: PaymentTerms | null;
  lines: Omit<LineRow, 'position'>[];
  issueDate: string;
  /** Issued at once (to be mailed after the commit), or left a draft for review. */
  issue: boolean;
}

/**
 * A recurring profile's invoice, in the caller's transaction: the next INV number of its issue
 * date, the customer's and contact's names as they are now, the lines' amounts by the shared
 * arithmetic. It has no order. Answers its id.
 */
export async function createRecurringInvoice(
  trx: TenantDb,
  input: RecurringInvoiceInput,
  version: string,
): Promise<string> {
  const id = newDocumentId(null);
  const customer = (await findCustomer(trx, input.customerId))!;
  const contact = input.contactId ? await findContact(trx, input.contactId) : undefined;
  const lines = copyLines(input.lines);
  const amounts = totalLines(lines, [], input.pricesIncludeTax);
  const terms = input.paymentTerms ?? (await invoiceTermsFor(trx, input.customerId));
  const invoiceNumber = await nextDocumentNumber(trx, 'invoice', input.issueDate);
  const currency = await findCurrencyByCode(trx, input.currencyCode.trim());
  await repo.insertInvoice(
    trx,
    {
      id,
      invoice_number: invoiceNumber,
      order_id: null,
      recurring_profile_id: input.profileId,
      period_index: input.periodIndex,
      customer_id: input.customerId,
      ...partySnapshot(customer, contact),
      currency_code: input.currencyCode.trim(),
      status: 'Unpaid',
      notes: input.notes,
      tax_rate: taxRateFor(currency),
      prices_include_tax: input.pricesIncludeTax,
      adjustments: '[]',
      ...amounts,
      issue_date: input.issueDate,
      due_date: dueDateFor(input.issueDate, terms),
      payment_terms: terms,
      issued_at: input.issue ? new Date() : null,
      version,
      updated_at: new Date(),
    },
    lines.map((l) => ({ ...l, invoice_id: id })),
  );
  return id;
}
