import { INVOICE_MESSAGES, INVOICE_STATUSES } from '@smb/shared-types/invoices';
import { requireDatabase } from '../../../db/current';
import type { SmbDatabase } from '../../../db/database';
import { useNewestFirst, useRow } from '../../../db/live';
import { displayNumber } from '../../../db/display';
import { NotFoundError, ValidationError, requireOneOf } from '../../../db/errors';
import type { InvoiceRow } from '../../../db/types';
import { mutate } from '../../../sync/mutate';

export const invoiceNumberLabel = (invoice: Pick<InvoiceRow, 'invoiceNumber'>) =>
  displayNumber(invoice.invoiceNumber);

/**
 * A write about one invoice, in one local transaction: the invoice must exist on this device and
 * pass `problem` (its message is the refusal), then `write` queues the change.
 */
export async function writeInvoice(
  db: SmbDatabase,
  invoiceId: string,
  write: (invoice: InvoiceRow) => Promise<void>,
  problem: (invoice: InvoiceRow) => string | null = () => null,
): Promise<void> {
  await db.transaction('rw', db.allTables, async () => {
    const invoice = await db.invoices.get(invoiceId);
    if (!invoice) throw new NotFoundError(INVOICE_MESSAGES.notFound);
    const refusal = problem(invoice);
    if (refusal) throw new ValidationError(refusal);
    await write(invoice);
  });
}

/** Unpaid / Paid / Cancelled. */
export async function setInvoiceStatus(
  id: string,
  status: string,
  db: SmbDatabase = requireDatabase(),
): Promise<void> {
  requireOneOf(INVOICE_STATUSES, status, INVOICE_MESSAGES.invalidStatus);
  await writeInvoice(db, id, () => mutate(db, 'invoice.setStatus', { id, status }));
}

/** "Mark as issued": from now on the invoice cannot change (the server refuses edits). */
export async function issueInvoice(id: string, db: SmbDatabase = requireDatabase()): Promise<void> {
  await writeInvoice(db, id, () => mutate(db, 'invoice.issue', { id }));
}

export function useInvoices(): InvoiceRow[] | undefined {
  return useNewestFirst((db) => db.invoices);
}

export function useInvoice(id: string | undefined): InvoiceRow | null | undefined {
  return useRow<InvoiceRow>((db) => db.invoices, id);
}
