import {
  apiDocumentContent,
  customerAddress,
  documentFileName,
  documentModel,
  type ApiDocument,
  type DocumentContent,
  type DocumentKind,
  type DocumentModel,
} from '@smb/shared-types/documents';
import type { TenantRow } from '../../db/app-tables';
import type { MailMessage } from '../../mail/mailer';
import type { TenantDb } from '../../db/tenant-database';
import { findCurrencyByCode } from '../documents/documents.repository';
import { findCustomerById } from '../customers/customers.service';
import { getCreditNote } from '../credit-notes/credit-notes.service';
import { loadInvoice } from '../invoices/invoices.service';
import { loadOrder } from '../orders/orders.service';
import { loadQuote } from '../quotes/quotes.service';
import { companyOf, logoForDocument } from '../tenants/company.service';
import { documentLanguageFor } from './document-language.service';
import { documentText } from '@smb/shared-types';
import { renderDocumentPdf } from './pdf-renderer';

export interface ReadScope {
  db: TenantDb;
  tenant: TenantRow;
}

export interface PdfFile {
  fileName: string;
  model: DocumentModel;
}

async function withCompany(scope: ReadScope, content: DocumentContent): Promise<DocumentModel> {
  const logo = await logoForDocument(scope.db, scope.tenant);
  return documentModel(
    content,
    { naturalName: scope.tenant.natural_name, company: companyOf(scope.tenant) },
    logo ? `data:${logo.contentType};base64,${logo.data.toString('base64')}` : null,
  );
}

/** A loaded document's PDF file: its content, the company around it, its file name. */
async function pdfFile(
  scope: ReadScope,
  kind: DocumentKind,
  doc: ApiDocument & { currencyCode: string; customerId: string | null },
  options: Omit<Parameters<typeof apiDocumentContent>[2], 'symbol' | 'customerExtra'> & {
    number: string;
  },
): Promise<PdfFile> {
  const symbol = (await findCurrencyByCode(scope.db, doc.currencyCode))?.symbol ?? null;
  // The customer as it is today, read once: its document language, address and VAT ID
  // (documents keep names and e-mails).
  const customer = doc.customerId ? await findCustomerById(scope.db, doc.customerId) : null;
  const language = documentLanguageFor(customer, scope.tenant);
  const references = (options.references ?? []).map((r) =>
    r.label === 'Order' ? { ...r, label: documentText(language, 'orderReference') } : r,
  );
  const content = apiDocumentContent(kind, doc, {
    ...options,
    references,
    symbol,
    language,
    customerExtra: customerAddress(customer),
  });
  return {
    fileName: documentFileName(kind, options.number),
    model: await withCompany(scope, content),
  };
}

/** The quote's document model, or 404 like GET /api/quotes/{id}. */
export async function quoteDocument(scope: ReadScope, id: string): Promise<PdfFile> {
  const quote = await loadQuote(scope.db, scope.tenant, id);
  return pdfFile(scope, 'quote', quote, { number: quote.quoteNumber });
}

export async function orderDocument(scope: ReadScope, id: string): Promise<PdfFile> {
  const order = await loadOrder(scope.db, id);
  return pdfFile(scope, 'order', order, { number: order.orderNumber });
}

export async function invoiceDocument(scope: ReadScope, id: string): Promise<PdfFile> {
  const invoice = await loadInvoice(scope.db, id);
  // The invoice keeps the customer's name and e-mail as they were; the address is today's.
  const items = invoice.items.map((i) => ({
    ...i,
    product: { ...i.product, name: i.productName },
  }));
  return pdfFile(
    scope,
    'invoice',
    { ...invoice, items },
    {
      number: invoice.invoiceNumber,
      references: invoice.order ? [{ label: 'Order', value: invoice.order.orderNumber }] : [],
    },
  );
}

/**
 * The credit note's document model, or 404 like GET /api/credit-notes/{id}: the invoice's layout
 * titled "Credit Note", the invoice it corrects (number, date) and the reason; the customer as on
 * the invoice (name, e-mail, its contact) with today's address and VAT ID.
 */
export async function creditNoteDocument(scope: ReadScope, id: string): Promise<PdfFile> {
  const note = await getCreditNote(scope, id);
  const invoice = await loadInvoice(scope.db, note.invoiceId);
  const rates = note.taxBreakdown;
  const file = await pdfFile(
    scope,
    'credit_note',
    {
      ...note,
      // Issued when made: no status to print.
      status: '',
      notes: '',
      // One rate prints as "Tax (19%)"; several as the breakdown table.
      taxRate: rates.length === 1 ? rates[0]!.rate : 0,
      contact: invoice.contact,
      items: note.items.map((i) => ({ ...i, product: { name: i.productName, sku: i.productSku } })),
    },
    { number: note.creditNoteNumber },
  );
  file.model.creditedInvoice = { number: invoice.invoiceNumber, date: invoice.issueDate };
  file.model.reason = note.reason;
  return file;
}

/** The document's PDF; as PDF/A-3b, the base of a Factur-X invoice. */
export function renderPdf(file: PdfFile, options: { pdfA?: boolean } = {}): Promise<Buffer> {
  return renderDocumentPdf(options.pdfA ? { ...file.model, pdfA: true } : file.model);
}

/** The message with the document's PDF attached (SMTP and the dev mailbox's .eml alike). */
export async function withPdfAttachment(mail: MailMessage, file: PdfFile): Promise<MailMessage> {
  const content = await renderDocumentPdf(file.model);
  return {
    ...mail,
    attachments: [
      ...(mail.attachments ?? []),
      { filename: file.fileName, content, contentType: 'application/pdf' },
    ],
  };
}
