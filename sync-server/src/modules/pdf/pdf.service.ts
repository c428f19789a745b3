import {
  apiDocumentContent,
  documentFileName,
  documentModel,
  type DocumentContent,
  type DocumentModel,
} from '@smb/shared-types/documents';
import type { AppContext } from '../../context';
import type { TenantRow } from '../../db/app-tables';
import { peekQuote } from '../../public-quote/public-quote.service';
import { findTenantById } from '../auth/auth.repository';
import type { TenantDb } from '../../db/tenant-database';
import { findCurrencyByCode, findCustomer } from '../documents/documents.repository';
import { loadInvoice } from '../invoices/invoices.service';
import { loadOrder } from '../orders/orders.service';
import { loadQuote } from '../quotes/quotes.service';
import { companyOf, logoForDocument } from '../tenants/company.service';

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

/**
 * The quote's document for the holder of its public link, or null for every failure the public
 * page answers 404 to (ids, tenant, wrong or rotated token). Never records a view.
 */
export async function publicQuoteDocument(
  ctx: AppContext,
  tenantId: string,
  quoteId: string,
  token: string | undefined,
): Promise<PdfFile | null> {
  const found = await peekQuote(ctx, tenantId, quoteId, token);
  if (!found) return null;
  const tenant = await findTenantById(ctx.database.db, found.quote.tenantId);
  if (!tenant) return null;
  return quoteDocument({ db: ctx.database.tenantDb(tenant.schema_name), tenant }, found.quote.id);
}

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
