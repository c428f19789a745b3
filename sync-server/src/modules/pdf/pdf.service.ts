import {
  apiDocumentContent,
  documentFileName,
  documentModel,
  type DocumentContent,
  type DocumentModel,
} from '@smb/shared-types/documents';
import type { TenantRow } from '../../db/app-tables';
import type { MailMessage } from '../../mail/mailer';
import type { TenantDb } from '../../db/tenant-database';
import { findCurrencyByCode, findCustomer } from '../documents/documents.repository';
import { loadInvoice } from '../invoices/invoices.service';
import { loadOrder } from '../orders/orders.service';
import { loadQuote } from '../quotes/quotes.service';
import { companyOf, logoForDocument } from '../tenants/company.service';
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

const symbolOf = async (db: TenantDb, code: string) =>
  (await findCurrencyByCode(db, code))?.symbol ?? null;

/** The quote's document model, or 404 like GET /api/quotes/{id}. */
export async function quoteDocument(scope: ReadScope, id: string): Promise<PdfFile> {
  const quote = await loadQuote(scope.db, scope.tenant, id);
  const content = apiDocumentContent('quote', quote, {
    number: quote.quoteNumber,
    symbol: await symbolOf(scope.db, quote.currencyCode),
  });
  return {
    fileName: documentFileName('quote', quote.quoteNumber),
    model: await withCompany(scope, content),
  };
}

export async function orderDocument(scope: ReadScope, id: string): Promise<PdfFile> {
  const order = await loadOrder(scope.db, id);
  const content = apiDocumentContent('order', order, {
    number: order.orderNumber,
    symbol: await symbolOf(scope.db, order.currencyCode),
  });
  return {
    fileName: documentFileName('order', order.orderNumber),
    model: await withCompany(scope, content),
  };
}

export async function invoiceDocument(scope: ReadScope, id: string): Promise<PdfFile> {
  const invoice = await loadInvoice(scope.db, id);
  // The invoice keeps the customer's name and e-mail as they were; the address is today's.
  const customer = await findCustomer(scope.db, invoice.customerId);
  const content = apiDocumentContent(
    'invoice',
    {
      ...invoice,
      items: invoice.items.map((i) => ({ ...i, product: { ...i.product, name: i.productName } })),
    },
    {
      number: invoice.invoiceNumber,
      symbol: await symbolOf(scope.db, invoice.currencyCode),
      references: [{ label: 'Order', value: invoice.order.orderNumber }],
      customerExtra: { address: customer?.address ?? null },
    },
  );
  return {
    fileName: documentFileName('invoice', invoice.invoiceNumber),
    model: await withCompany(scope, content),
  };
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
