import { documentMailInput, type DocumentMailArgs } from '@smb/shared-types/document-mail';
import type { LocalWriter } from '../local-writer';

/**
 * `invoice.email` / `order.email` (issue 34.4): locally the document shows it was e-mailed, and to
 * whom, at once; the server mails it (once, by the send's id) when the mutation reaches it.
 */
async function recordEmail(
  w: LocalWriter,
  entity: 'invoices' | 'orders',
  a: DocumentMailArgs,
): Promise<void> {
  const input = documentMailInput(a);
  if (!input.ok) return;
  await w.patch(entity, a.id, { emailedAt: w.now, emailedTo: input.value.to });
}

export const invoiceEmail = (w: LocalWriter, a: DocumentMailArgs) => recordEmail(w, 'invoices', a);
export const orderEmail = (w: LocalWriter, a: DocumentMailArgs) => recordEmail(w, 'orders', a);
