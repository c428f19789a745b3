import { documentMailInput, type DocumentMailArgs } from '@smb/shared-types/document-mail';
import type { LocalWriter } from '../local-writer';
import { invoiceIssue } from './documents';

/**
 * `invoice.email` / `order.email` / `creditNote.email`: locally the document shows it was e-mailed, and to
 * whom, at once; the server mails it (once, by the send's id) when the mutation reaches it.
 */
async function recordEmail(
  w: LocalWriter,
  entity: 'invoices' | 'orders' | 'credit_notes',
  a: DocumentMailArgs,
): Promise<void> {
  const input = documentMailInput(a);
  if (!input.ok) return;
  await w.patch(entity, a.id, { emailedAt: w.now, emailedTo: input.value.to });
}

/** E-mailing an invoice issues it, as on the server. */
export async function invoiceEmail(w: LocalWriter, a: DocumentMailArgs): Promise<void> {
  if (!documentMailInput(a).ok) return;
  await invoiceIssue(w, a);
  await recordEmail(w, 'invoices', a);
}
export const orderEmail = (w: LocalWriter, a: DocumentMailArgs) => recordEmail(w, 'orders', a);
export const creditNoteEmail = (w: LocalWriter, a: DocumentMailArgs) =>
  recordEmail(w, 'credit_notes', a);
