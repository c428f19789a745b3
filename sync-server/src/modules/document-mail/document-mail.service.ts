/**
 * E-mailing an invoice, an order confirmation or a credit note to its customer, with its PDF: the
 * send is recorded on the document (emailedAt, emailedTo) in the caller's transaction and the mail
 * is delivered after the commit. A send a device asked for carries its own id: the same id again
 * (a replayed mutation) records and mails nothing.
 */
import {
  CREDIT_NOTE_MESSAGES,
  DOCUMENT_MAIL_MESSAGES,
  INVOICE_MESSAGES,
  ORDER_MESSAGES,
  documentMailInput,
  type CreditNote,
  type DocumentMailBody,
  type Invoice,
  type Order,
} from '@smb/shared-types';
import { inTransaction } from '../../db/transaction';
import { nextVersion } from '../../db/version';
import { AppError, badRequest, orNotFound } from '../../errors';
import { companySender, documentMail } from '../../mail/document-mails';
import type { MailMessage } from '../../mail/mailer';
import { getCreditNote } from '../credit-notes/credit-notes.service';
import { issueInvoice } from '../invoices/invoice-changes.service';
import { loadInvoice } from '../invoices/invoices.service';
import { loadOrder } from '../orders/orders.service';
import {
  creditNoteDocument,
  invoiceDocument,
  orderDocument,
  withPdfAttachment,
  type PdfFile,
} from '../pdf/pdf.service';
import { mailWithEInvoice } from '../einvoice/einvoice.service';
import type { TenantScope } from '../tenant-scope';
import * as repo from './document-mail.repository';

export type MailedKind = 'invoice' | 'order' | 'credit_note';

const ENTITIES = { invoice: 'invoices', order: 'orders', credit_note: 'credit_notes' } as const;

const NOT_FOUND = {
  invoice: INVOICE_MESSAGES.notFound,
  order: ORDER_MESSAGES.notFound,
  credit_note: CREDIT_NOTE_MESSAGES.notFound,
};

type MailedDocument<K extends MailedKind> = K extends 'invoice'
  ? Invoice
  : K extends 'order'
    ? Order
    : CreditNote;

export interface DocumentSend<K extends MailedKind> {
  document: MailedDocument<K>;
  /** The message with the PDF; null when this send (its id) was made before. */
  mail: (() => Promise<MailMessage>) | null;
}

/**
 * Records the send and reads the PDF's data; `mail()` renders the PDF and builds the message, for
 * delivery after the commit. 400 for a bad recipient, subject or text; 404 for another tenant's
 * or an unknown document.
 */
export async function emailDocument<K extends MailedKind>(
  // No user: the company sends it (a recurring invoice), replies go to the company's address.
  scope: MailScope,
  kind: K,
  id: string,
  body: DocumentMailBody,
  mailId?: string,
): Promise<DocumentSend<K>> {
  const input = documentMailInput(body);
  return inTransaction(scope.db, async (trx) => {
    const entity = ENTITIES[kind];
    orNotFound(await repo.lockDocument(trx, entity, id), NOT_FOUND[kind]);
    if (!input.ok) throw badRequest(input.message);
    const at = { ...scope, db: trx };
    const load = async () =>
      (kind === 'invoice'
        ? await loadInvoice(trx, id)
        : kind === 'order'
          ? await loadOrder(trx, id)
          : await getCreditNote(at, id)) as MailedDocument<K>;
    if (
      mailId &&
      !(await repo.claimMail(trx, { id: mailId, entity, entity_id: id, sent_to: input.value.to }))
    )
      return { document: await load(), mail: null };
    // E-mailing an invoice issues it: from now on it is frozen.
    if (kind === 'invoice') await issueInvoice(at, id);
    const version = await nextVersion(trx);
    await repo.recordSend(trx, entity, id, { to: input.value.to, version });
    const mail = await messageOf(at, kind, id, input.value);
    return { document: await load(), mail };
  });
}

type MailScope = Pick<TenantScope, 'db' | 'tenant'> & { user?: Pick<TenantScope['user'], 'email'> };

/** Reads the PDF's (and an invoice's e-invoice) data; the answer renders and builds the message. */
async function messageOf(
  scope: MailScope,
  kind: MailedKind,
  id: string,
  body: DocumentMailBody,
): Promise<() => Promise<MailMessage>> {
  const pdf: PdfFile =
    kind === 'invoice'
      ? await invoiceDocument(scope, id)
      : kind === 'order'
        ? await orderDocument(scope, id)
        : await creditNoteDocument(scope, id);
  const message = documentMail(body, companySender(scope.tenant, scope.user?.email));
  if (kind === 'order') return () => withPdfAttachment(message, pdf);
  // An invoice or a credit note goes in the customer's e-invoice format.
  const withFiles = await mailWithEInvoice(
    scope,
    kind === 'invoice' ? 'invoice' : 'creditNote',
    id,
    pdf,
  );
  return () => withFiles(message);
}

/**
 * The mail of a document sent before, built again without recording a send (a recurring
 * invoice's mail that failed, tried again): the same recipient and text, today's PDF data.
 */
export async function documentMailAgain(
  scope: MailScope,
  kind: MailedKind,
  id: string,
  body: DocumentMailBody,
): Promise<MailMessage> {
  const input = documentMailInput(body);
  if (!input.ok) throw badRequest(input.message);
  return (await messageOf(scope, kind, id, input.value))();
}

/** POST /api/{invoices|orders|credit-notes}/{id}/email: records the send, then mails it once committed (503 when it cannot). */
export async function emailDocumentNow<K extends MailedKind>(
  scope: TenantScope,
  kind: K,
  id: string,
  body: DocumentMailBody,
  mailer: { send(m: MailMessage): Promise<void> },
): Promise<DocumentSend<K>['document']> {
  const { document, mail } = await emailDocument(scope, kind, id, body);
  if (mail) {
    const message = await mail();
    try {
      await mailer.send(message);
    } catch {
      throw new AppError('unavailable', DOCUMENT_MAIL_MESSAGES.mailFailed);
    }
  }
  return document;
}
