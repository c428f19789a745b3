/**
 * What changes on an invoice once it is made: its status (by hand or by the money), its terms and
 * due date, its reminders, issuing it, and what a credit note takes off it.
 */
import {
  INVOICE_MESSAGES,
  INVOICE_STATUSES,
  PAYMENT_MESSAGES,
  amountDue,
  compareMoney,
  dueDateFor,
  isIsoDate,
  payableTotal,
  settledStatus,
  statusFromMoney,
  today,
  type Invoice,
  type InvoiceRemindersBody,
  type InvoiceTermsBody,
} from '@smb/shared-types';
import type { Updateable } from 'kysely';
import { calendarDate } from '../../db/dates';
import type { TenantDb } from '../../db/tenant-database';
import { inTransaction } from '../../db/transaction';
import { nextVersion } from '../../db/version';
import { badRequest, conflict, orNotFound } from '../../errors';
import { recordPayment } from '../payments/payments.service';
import type { TenantScope } from '../tenant-scope';
import type { InvoiceTable } from '../../db/tables/invoices.table';
import * as repo from './invoices.repository';

type LockedInvoice = NonNullable<Awaited<ReturnType<typeof repo.lockInvoice>>>;
type InvoiceChange = Omit<Updateable<InvoiceTable>, 'version' | 'updated_at'>;
import { loadInvoice } from './invoices.service';

/** Content, number and dates change only on a draft: 409 once the invoice is issued. */
export function assertDraft(row: { issued_at: Date | null }): void {
  if (row.issued_at !== null) throw conflict(INVOICE_MESSAGES.issued);
}

/**
 * One change to a locked invoice (404 for an unknown id) in a transaction of its own, with one new
 * version; answers the invoice as it then is.
 */
async function changeInvoice(
  scope: Pick<TenantScope, 'db'>,
  id: string,
  change: (trx: TenantDb, row: LockedInvoice, version: string) => Promise<void>,
): Promise<Invoice> {
  return inTransaction(scope.db, async (trx) => {
    const version = await nextVersion(trx);
    const row = orNotFound(await repo.lockInvoice(trx, id), INVOICE_MESSAGES.notFound);
    await change(trx, row, version);
    return loadInvoice(trx, row.id);
  });
}

/** Writes the changed columns under the change's version. */
const updateInvoice = (trx: TenantDb, id: string, set: InvoiceChange, version: string) =>
  repo.updateInvoice(trx, id, { ...set, version, updated_at: new Date() });

/**
 * PUT /api/invoices/{id}, mutator `invoice.setStatus`. The status follows the money (Unpaid →
 * Partially paid → Paid); by hand an invoice is Cancelled, or reopened (its status from its
 * payments again). 'Paid' by hand records a payment of the balance; 'Unpaid' is refused while
 * payments exist. `paidAt` is set when the invoice becomes Paid and cleared when it stops being.
 * Cancelled by hand only while a draft (an issued invoice is corrected with a credit note).
 */
export async function setInvoiceStatus(
  scope: TenantScope,
  id: string,
  status: string,
): Promise<Invoice> {
  if (!(INVOICE_STATUSES as readonly string[]).includes(status))
    throw badRequest(INVOICE_MESSAGES.invalidStatus);
  return changeInvoice(scope, id, async (trx, row, version) => {
    if (row.status === status) return;
    // Cancelled by a credit note in full: that stays.
    if (row.status === 'Cancelled' && row.issued_at !== null)
      throw conflict(INVOICE_MESSAGES.creditedInFull);
    // An issued invoice is cancelled by crediting it in full (credit notes), not by hand.
    if (status === 'Cancelled') {
      assertDraft(row);
      return updateInvoice(trx, row.id, { status: 'Cancelled', paid_at: null }, version);
    }
    const byMoney = statusFromMoney(payableTotal(row.total, row.credited_amount), row.amount_paid);
    if (status === 'Paid' && byMoney !== 'Paid') {
      // "Mark as paid": the rest of the balance is paid today.
      await recordPayment(trx, scope, { ...row, status: byMoney }, version, {
        amount: amountDue(row.total, row.amount_paid, row.credited_amount),
        paidOn: today(),
        method: 'other',
        note: PAYMENT_MESSAGES.markedPaidNote,
      });
      return;
    }
    if (status !== byMoney && compareMoney(row.amount_paid, 0) > 0)
      throw conflict(PAYMENT_MESSAGES.hasPayments);
    // Reopened (or already so): the status its payments give.
    const paidAt = byMoney === 'Paid' ? (row.paid_at ?? new Date()) : null;
    return updateInvoice(trx, row.id, { status: byMoney, paid_at: paidAt }, version);
  });
}

/**
 * PUT /api/invoices/{id}/terms, mutator `invoice.setTerms`: new terms move the due date with them
 * (from the issue date); a due date of its own may be given. Only on a draft (409 once issued).
 */
export const setInvoiceTerms = (scope: TenantScope, id: string, input: InvoiceTermsBody) =>
  changeInvoice(scope, id, async (trx, row, version) => {
    assertDraft(row);
    if (compareMoney(row.amount_paid, 0) > 0) throw conflict(PAYMENT_MESSAGES.dueDateLocked);
    const issueDate = calendarDate(row.issue_date);
    const terms = input.paymentTerms ?? row.payment_terms;
    const dueDate =
      input.dueDate ??
      (input.paymentTerms ? dueDateFor(issueDate, terms) : calendarDate(row.due_date));
    if (!isIsoDate(dueDate)) throw badRequest(PAYMENT_MESSAGES.invalidDate);
    if (dueDate < issueDate) throw badRequest(PAYMENT_MESSAGES.dueBeforeIssue);
    await updateInvoice(trx, row.id, { payment_terms: terms, due_date: dueDate }, version);
  });

/**
 * PUT /api/invoices/{id}/reminders, mutator `invoice.setReminders`: "Stop reminders" (or resume
 * them) on one invoice. The reminders already sent stay in its log.
 */
export const setInvoiceReminders = (scope: TenantScope, id: string, input: InvoiceRemindersBody) =>
  changeInvoice(scope, id, (trx, row, version) =>
    updateInvoice(trx, row.id, { reminders_stopped: input.stopped }, version),
  );

type IssueState = { issued_at: Date | null };

/**
 * Issues a locked invoice in the caller's transaction (sending, a payment): from now on it is
 * frozen. Already issued: nothing changes. A cancelled draft is not issued (409).
 */
export async function issueLockedInvoice(
  trx: TenantDb,
  row: IssueState & { id: string; status: string },
  version: string,
): Promise<void> {
  if (row.issued_at !== null) return;
  if (row.status === 'Cancelled') throw conflict(INVOICE_MESSAGES.cancelledDraft);
  await updateInvoice(trx, row.id, { issued_at: new Date() }, version);
}

/**
 * POST /api/invoices/{id}/issue, mutator `invoice.issue` ("Mark as issued"); e-mailing an invoice
 * issues it too. Issuing twice is harmless (the first time stays).
 */
export async function issueInvoice(scope: Pick<TenantScope, 'db'>, id: string): Promise<Invoice> {
  return inTransaction(scope.db, async (trx) => {
    const row = orNotFound(await repo.lockInvoice(trx, id), INVOICE_MESSAGES.notFound);
    if (row.issued_at === null) await issueLockedInvoice(trx, row, await nextVersion(trx));
    return loadInvoice(trx, row.id);
  });
}

/** The locked invoice and its lines, for a credit note (404 for an unknown id). */
export async function lockInvoiceWithItems(trx: TenantDb, id: string) {
  const row = orNotFound(await repo.lockInvoice(trx, id), INVOICE_MESSAGES.notFound);
  return { row, items: await repo.findInvoiceItems(trx, [row.id]) };
}

/**
 * A credit note lowered the invoice's amount due: its credited amount, and the status that follows
 * (credited in full: Cancelled). Answers the row as it now is, for a refund to settle against.
 */
export async function creditLockedInvoice(
  trx: TenantDb,
  row: LockedInvoice,
  creditedAmount: string,
  version: string,
) {
  const status = settledStatus({ ...row, creditedAmount }, row.amount_paid);
  const set = {
    credited_amount: creditedAmount,
    status,
    paid_at: status === 'Paid' ? (row.paid_at ?? new Date()) : null,
    version,
    updated_at: new Date(),
  };
  await repo.updateInvoice(trx, row.id, set);
  return { ...row, ...set };
}
