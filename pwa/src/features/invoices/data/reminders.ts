import { compareMoney } from '@smb/shared-types/money';
import {
  PAYMENT_MESSAGES,
  dueDateFor,
  isIsoDate,
  isPaymentTerms,
  type PaymentTerms,
} from '@smb/shared-types/payments';
import { requireDatabase } from '../../../db/current';
import type { SmbDatabase } from '../../../db/database';
import type { InvoiceRow } from '../../../db/types';
import { mutate } from '../../../sync/mutate';
import { writeInvoice } from './invoices';

/** "Stop reminders" (or resume them) on an invoice: shows at once, syncs later. */
export async function setRemindersStopped(
  invoiceId: string,
  stopped: boolean,
  db: SmbDatabase = requireDatabase(),
): Promise<void> {
  await writeInvoice(db, invoiceId, () =>
    mutate(db, 'invoice.setReminders', { id: invoiceId, stopped }),
  );
}

export interface TermsInput {
  paymentTerms: PaymentTerms;
  dueDate: string;
}

/** The rules the server applies to new terms and due date (invoices.service setInvoiceTerms). */
export function termsError(invoice: InvoiceRow, input: TermsInput): string | null {
  if (compareMoney(invoice.amountPaid ?? 0, 0) > 0) return PAYMENT_MESSAGES.dueDateLocked;
  if (!isPaymentTerms(input.paymentTerms)) return PAYMENT_MESSAGES.invalidTerms;
  if (!isIsoDate(input.dueDate)) return PAYMENT_MESSAGES.invalidDate;
  if (invoice.issueDate && input.dueDate < invoice.issueDate)
    return PAYMENT_MESSAGES.dueBeforeIssue;
  return null;
}

/** The due date new terms give the invoice (from its issue date). */
export const dueDateOf = (invoice: InvoiceRow, terms: PaymentTerms) =>
  invoice.issueDate ? dueDateFor(invoice.issueDate, terms) : (invoice.dueDate ?? '');

/** New terms and/or due date, while nothing is paid: shows at once, syncs later. */
export async function changeInvoiceTerms(
  invoiceId: string,
  input: TermsInput,
  db: SmbDatabase = requireDatabase(),
): Promise<void> {
  await writeInvoice(
    db,
    invoiceId,
    () =>
      mutate(db, 'invoice.setTerms', {
        id: invoiceId,
        paymentTerms: input.paymentTerms,
        dueDate: input.dueDate,
      }),
    (invoice) => termsError(invoice, input),
  );
}
