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
import {
  eInvoiceFileName,
  eInvoiceFormatFor,
  type EInvoiceFormat,
} from '@smb/shared-types/einvoice';
import { requireDatabase } from '../../db/current';
import type { SmbDatabase } from '../../db/database';
import { getMeta, newId } from '../../db/meta';
import { NotFoundError, ValidationError } from '../../db/errors';
import type { CreditNoteRow, InvoiceRow, OrderRow } from '../../db/types';
import { mutate } from '../../sync/mutate';

export type MailKind = 'invoice' | 'order' | 'credit_note';
export type MailedRow = InvoiceRow | OrderRow | CreditNoteRow;

const TABLES = { invoice: 'invoices', order: 'orders', credit_note: 'credit_notes' } as const;
const MUTATIONS = {
  invoice: 'invoice.email',
  order: 'order.email',
  credit_note: 'creditNote.email',
} as const;
const NOT_FOUND = { invoice: 'Invoice', order: 'Order', credit_note: 'Credit note' } as const;

/** What the mail dialog starts with: the recipient, the subject and text in the customer's language. */
export interface MailDraft extends DocumentMailBody {
  language: DocumentLanguage;
  languageName: string;
  company: string;
  replyTo: string | null;
  /** The files the mail carries: the PDF (a Factur-X PDF), or the PDF and the e-invoice XML. */
  attachments: string[];
}

/** What the customer's e-invoice format adds to an invoice's or a credit note's mail. */
function attachmentsOf(
  kind: MailKind,
  number: string | null,
  format: EInvoiceFormat | null,
): string[] {
  const pdf = documentFileName(kind, number);
  if (kind === 'order' || !format) return [pdf];
  if (format === 'facturx') return [`${pdf} (Factur-X)`];
  const xml = eInvoiceFileName(kind === 'invoice' ? 'invoice' : 'creditNote', number ?? '', format);
  return [pdf, xml];
}

const numberOf = (kind: MailKind, doc: MailedRow) =>
  kind === 'invoice'
    ? (doc as InvoiceRow).invoiceNumber
    : kind === 'order'
      ? (doc as OrderRow).orderNumber
      : (doc as CreditNoteRow).creditNoteNumber;

/**
 * Who a document is mailed to, its contact's name and, for a credit note, the invoice it credits:
 * an invoice and its credit notes go to the invoice's contact as it was, an order to its contact now.
 */
async function recipientOf(db: SmbDatabase, kind: MailKind, doc: MailedRow) {
  if (kind === 'order') {
    const order = doc as OrderRow;
    const customer = await db.customers.get(order.customerId);
    const contact = order.contactId ? await db.contacts.get(order.contactId) : undefined;
    return {
      to: contact?.email || customer?.email || '',
      contactName: contact?.name ?? null,
      invoice: undefined,
    };
  }
  const invoice =
    kind === 'invoice'
      ? (doc as InvoiceRow)
      : await db.invoices.get((doc as CreditNoteRow).invoiceId);
  const fallback = kind === 'invoice' ? '' : (doc as CreditNoteRow).customerEmail;
  return {
    to: invoice?.contactEmail || invoice?.customerEmail || fallback,
    contactName: invoice?.contactName ?? null,
    invoice,
  };
}

/** The draft of a document's mail, from the local store (offline too). */
export async function mailDraft(
  kind: MailKind,
  doc: MailedRow,
  db: SmbDatabase = requireDatabase(),
): Promise<MailDraft> {
  const tenant = await getMeta(db, 'tenant');
  const customer = await db.customers.get(doc.customerId);
  const { to, contactName, invoice } = await recipientOf(db, kind, doc);
  const language = documentLanguageOf(customer, tenant?.company);
  const currency = await db.currencies.where('code').equals(doc.currencyCode).first();
  const company = tenant?.naturalName ?? '';
  const { subject, text } = defaultDocumentMail(language, {
    kind,
    number: numberOf(kind, doc),
    company,
    contactName,
    total: doc.total,
    currencyCode: doc.currencyCode,
    symbol: currency?.symbol ?? null,
    dueDate: kind === 'invoice' ? (invoice?.dueDate ?? null) : null,
    invoiceNumber: invoice?.invoiceNumber ?? null,
  });
  return {
    to,
    subject,
    text,
    language,
    languageName: DOCUMENT_LANGUAGE_NAMES[language],
    company,
    replyTo: tenant?.company?.email ?? null,
    attachments: attachmentsOf(
      kind,
      numberOf(kind, doc),
      eInvoiceFormatFor(customer, tenant?.company),
    ),
  };
}

/**
 * "Send": the mail is queued as `invoice.email` / `order.email` / `creditNote.email` with an id of
 * its own; the document shows it was e-mailed at once, and the server mails it once when the
 * mutation arrives.
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
    if (!(await db[TABLES[kind]].get(id))) throw new NotFoundError(`${NOT_FOUND[kind]} not found`);
    await mutate(db, MUTATIONS[kind], { id, mailId: newId(), ...input.value });
  });
  return input.value.to;
}
