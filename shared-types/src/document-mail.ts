/**
 * E-mailing a document to its customer: the request, what a send records on the
 * document, and the default subject and text in the customer's document language — the same for
 * the PWA's mail dialog (offline too) and the server.
 */
import { Type, type Static } from 'typebox';
import {
  documentAmount,
  documentDay,
  documentText,
  type DocumentLanguage,
} from './document-language';

export const DOCUMENT_MAIL_LIMITS = { subject: 300, text: 10_000 } as const;

export const DOCUMENT_MAIL_MESSAGES = {
  recipientRequired: 'Enter the recipient’s e-mail address',
  invalidRecipient: 'The recipient’s e-mail address is not valid',
  subjectRequired: 'Enter a subject',
  textRequired: 'Enter the text of the e-mail',
  mailFailed: 'The e-mail could not be sent. Please try again later.',
  sent: (to: string) => `E-mail sent to ${to}`,
  queued: (to: string) => `The e-mail to ${to} will be sent when you are back online`,
} as const;

/**
 * POST /api/invoices/{id}/email, /api/orders/{id}/email, /api/credit-notes/{id}/email and the
 * `invoice.email` / `order.email` / `creditNote.email` mutations.
 */
export const DocumentMailBody = Type.Object({
  to: Type.String({ maxLength: 254 }),
  subject: Type.String({ maxLength: DOCUMENT_MAIL_LIMITS.subject }),
  text: Type.String({ maxLength: DOCUMENT_MAIL_LIMITS.text }),
});
export type DocumentMailBody = Static<typeof DocumentMailBody>;

/** The sync mutation's arguments: the document and a client-made id for the send (idempotence). */
export const DocumentMailArgs = Type.Object({
  id: Type.String({ format: 'uuid' }),
  mailId: Type.String({ format: 'uuid' }),
  ...DocumentMailBody.properties,
});
export type DocumentMailArgs = Static<typeof DocumentMailArgs>;

const EMAIL = /^[^\s@<>,;]+@[^\s@<>,;]+\.[^\s@<>,;]+$/;

/** The input trimmed, or the first problem's message. */
export function documentMailInput(
  body: DocumentMailBody,
): { ok: true; value: DocumentMailBody } | { ok: false; message: string } {
  const value = { to: body.to.trim(), subject: body.subject.trim(), text: body.text.trim() };
  if (!value.to) return { ok: false, message: DOCUMENT_MAIL_MESSAGES.recipientRequired };
  if (!EMAIL.test(value.to)) return { ok: false, message: DOCUMENT_MAIL_MESSAGES.invalidRecipient };
  if (!value.subject) return { ok: false, message: DOCUMENT_MAIL_MESSAGES.subjectRequired };
  if (!value.text) return { ok: false, message: DOCUMENT_MAIL_MESSAGES.textRequired };
  return { ok: true, value: { ...value, subject: value.subject.replace(/[\r\n]+/g, ' ') } };
}

export interface MailedDocument {
  kind: 'invoice' | 'order' | 'credit_note';
  /** null: not numbered yet (made offline). */
  number: string | null;
  company: string;
  contactName: string | null;
  total: number | string;
  currencyCode: string;
  symbol: string | null;
  /** Invoices: 'YYYY-MM-DD'. */
  dueDate?: string | null;
  /** Credit notes: the number of the invoice credited. */
  invoiceNumber?: string | null;
}

const SUBJECTS = {
  invoice: 'invoiceMailSubject',
  order: 'orderMailSubject',
  credit_note: 'creditNoteMailSubject',
} as const;

/** The subject and text a document's mail starts with, in the customer's language. */
export function defaultDocumentMail(
  language: DocumentLanguage,
  doc: MailedDocument,
): { subject: string; text: string } {
  const number = doc.number ?? '';
  const t = (key: Parameters<typeof documentText>[1], values = {}) =>
    documentText(language, key, { number, company: doc.company, ...values });
  const total = documentAmount(language, doc.total, doc.currencyCode, doc.symbol);
  const body =
    doc.kind === 'invoice'
      ? t('invoiceMailBody', {
          total,
          dueDate: doc.dueDate ? documentDay(language, doc.dueDate) : '',
        })
      : doc.kind === 'credit_note'
        ? t('creditNoteMailBody', { total, invoice: doc.invoiceNumber ?? '' })
        : t('orderMailBody');
  const closeUp = (text: string) => text.replace(/ {2,}/g, ' ');
  const greeting = doc.contactName ? t('greeting', { name: doc.contactName }) : t('greetingNoName');
  return {
    // A document made offline has no number yet: its subject closes up around the gap.
    subject: closeUp(t(SUBJECTS[doc.kind])),
    text: [greeting, '', closeUp(body), '', t('closing'), doc.company].join('\n'),
  };
}
