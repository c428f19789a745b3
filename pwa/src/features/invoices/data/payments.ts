import { useLiveQuery } from 'dexie-react-hooks';
import { compareMoney } from '@smb/shared-types/money';
import { formatMoney } from '../../../lib/formats';
import {
  PAYMENT_MESSAGES,
  amountDue,
  isIsoDate,
  paymentAmountError,
} from '@smb/shared-types/payments';
import { requireDatabase, useDatabase } from '../../../db/current';
import type { SmbDatabase } from '../../../db/database';
import { NotFoundError } from '../../../db/errors';
import { newId } from '../../../db/meta';
import type { InvoiceRow, PaymentRow } from '../../../db/types';
import { mutate } from '../../../sync/mutate';
import { writeInvoice } from './invoices';

/** What is left to pay: total − payments − credit notes (exact, 2 decimals). */
export const balanceOf = (invoice: Pick<InvoiceRow, 'total' | 'amountPaid' | 'creditedAmount'>) =>
  amountDue(invoice.total, invoice.amountPaid ?? 0, invoice.creditedAmount ?? 0);

export interface PaymentInput {
  amount: number;
  paidOn: string;
  method: string;
  reference?: string;
  note?: string;
}

/** The rules the server applies, checked first so the user hears at once (offline too). */
export function paymentError(invoice: InvoiceRow, input: PaymentInput): string | null {
  if (invoice.status === 'Cancelled') return PAYMENT_MESSAGES.cancelled;
  const amount = paymentAmountError(input.amount);
  if (amount) return amount;
  if (!isIsoDate(input.paidOn)) return PAYMENT_MESSAGES.invalidDate;
  if (!input.method) return PAYMENT_MESSAGES.invalidMethod;
  const balance = balanceOf(invoice);
  if (compareMoney(input.amount, balance) > 0)
    return PAYMENT_MESSAGES.overpaid(formatMoney(balance, invoice.currencyCode));
  return null;
}

/** Records a payment (queued: it syncs like every other change); returns its id. */
export async function recordPayment(
  invoiceId: string,
  input: PaymentInput,
  db: SmbDatabase = requireDatabase(),
): Promise<string> {
  const id = newId();
  await writeInvoice(
    db,
    invoiceId,
    () =>
      mutate(db, 'payment.create', {
        id,
        invoiceId,
        amount: input.amount,
        paidOn: input.paidOn,
        method: input.method,
        reference: input.reference?.trim() || null,
        note: input.note?.trim() || null,
      }),
    (invoice) => paymentError(invoice, input),
  );
  return id;
}

/** Deletes a payment (administrators; the server checks too): the balance comes back. */
export async function deletePayment(
  payment: Pick<PaymentRow, 'id' | 'invoiceId'>,
  db: SmbDatabase = requireDatabase(),
): Promise<void> {
  await db.transaction('rw', db.allTables, async () => {
    if (!(await db.payments.get(payment.id))) throw new NotFoundError(PAYMENT_MESSAGES.notFound);
    await mutate(db, 'payment.delete', { id: payment.id, invoiceId: payment.invoiceId });
  });
}

/** The invoice's payments, oldest first. */
export function usePayments(invoiceId: string): PaymentRow[] | undefined {
  const db = useDatabase();
  return useLiveQuery(
    async () =>
      db
        ? (await db.payments.where('invoiceId').equals(invoiceId).toArray()).sort((a, b) =>
            a.paidOn === b.paidOn
              ? a.createdAt.localeCompare(b.createdAt)
              : a.paidOn < b.paidOn
                ? -1
                : 1,
          )
        : [],
    [db, invoiceId],
  );
}
