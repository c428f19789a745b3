import { INVOICE_FILTERS, OVERDUE, type INVOICE_SORTS } from '@smb/shared-types/invoices';
import { compareMoney } from '@smb/shared-types/money';
import { overdueDays } from '@smb/shared-types/payments';
import type { InvoiceRow } from '../../../db/types';
import { balanceOf } from './payments';

/**
 * The invoices list's filter and sort, computed on the device from the local store (offline too),
 * with the rules the server's GET /api/invoices?status=Overdue&sort=dueDate uses
 * (shared-types/src/payments.ts): overdue = past its due date with a balance, not cancelled.
 */
/**
 * The list's own filter besides the server's: Outstanding = a balance to pay, not cancelled (the
 * dashboard's "Outstanding invoices" card leads here with `?status=Outstanding`).
 */
export const OUTSTANDING = 'Outstanding';
export const INVOICE_LIST_FILTERS = [...INVOICE_FILTERS, OUTSTANDING] as const;
export type InvoiceFilter = (typeof INVOICE_LIST_FILTERS)[number];
export type InvoiceSort = (typeof INVOICE_SORTS)[number];

export const INVOICE_SORT_OPTIONS: { value: InvoiceSort; label: string }[] = [
  { value: 'createdAt', label: 'Newest first' },
  { value: 'dueDate', label: 'Due date' },
];

export const isInvoiceFilter = (value: string | null): value is InvoiceFilter =>
  value !== null && (INVOICE_LIST_FILTERS as readonly string[]).includes(value);

/** Days past the due date on `on` ('YYYY-MM-DD'), 0 when not overdue. */
export function invoiceOverdueDays(invoice: InvoiceRow, on: string): number {
  return overdueDays(
    { status: invoice.status, dueDate: invoice.dueDate ?? null, balance: balanceOf(invoice) },
    on,
  );
}

/** Whether an invoice belongs under `filter` (a stored status, or Overdue) on `on`. */
export function matchesInvoiceFilter(
  invoice: InvoiceRow,
  filter: InvoiceFilter | null,
  on: string,
): boolean {
  if (!filter) return true;
  if (filter === OVERDUE) return invoiceOverdueDays(invoice, on) > 0;
  if (filter === OUTSTANDING)
    return invoice.status !== 'Cancelled' && compareMoney(balanceOf(invoice), 0) > 0;
  return invoice.status === filter;
}

/**
 * Rows in the chosen order: newest first (as stored), or by due date, soonest first — invoices
 * without a due date last, ties by id like the server.
 */
export function sortInvoices<T extends { invoice: InvoiceRow }>(rows: T[], sort: InvoiceSort): T[] {
  if (sort === 'createdAt') return rows;
  return [...rows].sort((a, b) => {
    const [x, y] = [a.invoice.dueDate ?? null, b.invoice.dueDate ?? null];
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return x < y ? -1 : 1;
    }
    return a.invoice.id < b.invoice.id ? -1 : a.invoice.id > b.invoice.id ? 1 : 0;
  });
}
