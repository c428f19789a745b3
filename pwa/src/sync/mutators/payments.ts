import { compareMoney, subtractMoney, sumMoney, toMoneyNumber } from '@smb/shared-types/money';
import { amountDue, dueDateFor, isPaymentTerms, settledStatus } from '@smb/shared-types/payments';
import type { InvoiceRow } from '../../db/types';
import type { LocalWriter } from '../local-writer';
import type {
  InvoiceRemindersArgs,
  InvoiceTermsArgs,
  PaymentCreateArgs,
  PaymentDeleteArgs,
} from '../mutation-args';

/**
 * Payments as the server applies them (payments.service.ts), so the device shows the balance and
 * status at once, offline too: refused cases are left alone here and explained by the server's
 * rejection (Sync issues) — the UI checks them before queueing.
 */
function settled(invoice: InvoiceRow, amountPaid: string, now: string): Partial<InvoiceRow> {
  const status = settledStatus(invoice, amountPaid);
  return {
    amountPaid: toMoneyNumber(amountPaid),
    status,
    paidAt: status === 'Paid' ? (invoice.paidAt ?? now) : null,
    // A payment means the invoice went out: a draft is issued by its first payment.
    issuedAt: invoice.issuedAt ?? now,
  };
}

export async function paymentCreate(w: LocalWriter, a: PaymentCreateArgs): Promise<void> {
  const invoice = await w.get('invoices', a.invoiceId);
  if (!invoice || invoice.status === 'Cancelled') return;
  const balance = amountDue(invoice.total, invoice.amountPaid ?? 0, invoice.creditedAmount ?? 0);
  if (compareMoney(a.amount, balance) > 0) return;
  await w.put('payments', {
    id: a.id,
    invoiceId: a.invoiceId,
    amount: a.amount,
    paidOn: a.paidOn,
    method: a.method,
    reference: a.reference?.trim() || null,
    note: a.note?.trim() || null,
    createdBy: null,
    createdAt: w.now,
    version: null,
    updatedAt: w.now,
  });
  await w.patch(
    'invoices',
    invoice.id,
    settled(invoice, sumMoney([invoice.amountPaid ?? 0, a.amount]), w.now),
  );
}

export async function paymentDelete(w: LocalWriter, a: PaymentDeleteArgs): Promise<void> {
  const payment = await w.get('payments', a.id);
  const invoice = await w.get('invoices', a.invoiceId);
  if (!payment || !invoice) return;
  await w.delete('payments', a.id);
  await w.patch(
    'invoices',
    invoice.id,
    settled(invoice, subtractMoney(invoice.amountPaid ?? 0, payment.amount), w.now),
  );
}

export async function invoiceSetTerms(w: LocalWriter, a: InvoiceTermsArgs): Promise<void> {
  const invoice = await w.get('invoices', a.id);
  if (!invoice || invoice.issuedAt || compareMoney(invoice.amountPaid ?? 0, 0) > 0) return;
  const terms = a.paymentTerms ?? invoice.paymentTerms;
  const dueDate =
    a.dueDate ??
    (a.paymentTerms && isPaymentTerms(terms) && invoice.issueDate
      ? dueDateFor(invoice.issueDate, terms)
      : invoice.dueDate);
  await w.patch('invoices', a.id, { paymentTerms: terms, dueDate });
}

/** "Stop reminders" (or resume them) on one invoice; the reminders sent stay logged. */
export async function invoiceSetReminders(w: LocalWriter, a: InvoiceRemindersArgs): Promise<void> {
  if (!(await w.get('invoices', a.id))) return;
  await w.patch('invoices', a.id, { remindersStopped: a.stopped });
}
