import {
  defaultDocumentMail,
  documentMailInput,
  type DocumentMailBody,
} from '@smb/shared-types/document-mail';
import {
  DOCUMENT_LANGUAGE_NAMES,
  documentLanguageOf,
  type DocumentLanguage,
} from '@smb/shared-types/document-language';
import { documentFileName } from '@smb/shared-types/documents/model';
import { requireDatabase } from '../../db/current';
import type { SmbDatabase } from '../../db/database';
import { getMeta, newId } from '../../db/meta';
import { NotFoundError, ValidationError } from '../../db/errors';
import type { InvoiceRow, OrderRow } from '../../db/types';
import { mutate } from '../../sync/mutate';

export type MailKind = 'invoice' | 'order';

/** What the mail dialog starts with: the recipient, the subject and text in the customer's language. */
export interface MailDraft extends DocumentMailBody {
  language: DocumentLanguage;
  languageName: string;
  company: string;
  replyTo: string | null;
  attachment: string;
}

const numberOf = (kind: MailKind, doc: InvoiceRow | OrderRow) =>
  kind === 'invoice' ? (doc as InvoiceRow).invoiceNumber : (doc as OrderRow).orderNumber;

/** The draft of a document's mail, from the local store (offline too). */
export async function mailDraft(
  kind: MailKind,
  doc: InvoiceRow | OrderRow,
  db: SmbDatabase = requireDatabase(),
): Promise<MailDraft> {
  const tenant = await getMeta(db, 'tenant');
  const customer = await db.customers.get(doc.customerId);
  const contact = doc.contactId ? await db.contacts.get(doc.contactId) : undefined;
  const invoice = kind === 'invoice' ? (doc as InvoiceRow) : null;
  const language = documentLanguageOf(customer, tenant?.company);
  const currency = await db.currencies.where('code').equals(doc.currencyCode).first();
  const company = tenant?.naturalName ?? '';
  const contactName = invoice ? invoice.contactName : (contact?.name ?? null);
  const { subject, text } = defaultDocumentMail(language, {
    kind,
    number: numberOf(kind, doc),
    company,
    contactName,
    total: doc.total,
    currencyCode: doc.currencyCode,
    symbol: currency?.symbol ?? null,
    dueDate: invoice?.dueDate ?? null,
  });
  const to =
    (invoice ? invoice.contactEmail || invoice.customerEmail : contact?.email || customer?.email) ??
    '';
  return {
    to,
    subject,
    text,
    language,
    languageName: DOCUMENT_LANGUAGE_NAMES[language],
    company,
    replyTo: tenant?.company?.email ?? null,
    attachment: documentFileName(kind, numberOf(kind, doc)),
  };
}

/**
 * "Send": the mail is queued as `invoice.email` / `order.email` with an id of its own; the
 * document shows it was e-mailed at once, and the server mails it once when the mutation arrives.
 */
export async function queueDocumentMail(
  kind: MailKind,
  id: string,
  body: DocumentMailBody,
  db: SmbDatabase = requireDatabase(),
): Promise<string> {
  const input = documentMailInput(body);
  if (!input.ok) throw new ValidationError(input.message);
  await db.transaction('rw', db.allTables, async () => {
    const table = kind === 'invoice' ? db.invoices : db.orders;
    if (!(await table.get(id)))
      throw new NotFoundError(`${kind === 'invoice' ? 'Invoice' : 'Order'} not found`);
    await mutate(db, `${kind}.email`, { id, mailId: newId(), ...input.value });
  });
  return input.value.to;
}
