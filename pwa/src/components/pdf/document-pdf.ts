/**
 * The PDF of a quote, order, invoice or credit note from the local store — offline too. Loaded on demand
 * (dynamic import): the PDF renderer, the layout and the font never reach the app's main bundle.
 */
import { createElement, type ReactElement } from 'react';
import { pdf, type DocumentProps } from '@react-pdf/renderer';
import {
  customerAddress,
  documentTotals,
  DocumentPdf,
  documentFileName,
  documentModel,
  prepareDocumentFonts,
  symbolFallback,
  type DocumentContent,
  type DocumentKind,
  type DocumentLine,
} from '@smb/shared-types/documents';
import regular from '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf?url';
import italic from '@expo-google-fonts/inter/400Regular_Italic/Inter_400Regular_Italic.ttf?url';
import bold from '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf?url';
import boldItalic from '@expo-google-fonts/inter/700Bold_Italic/Inter_700Bold_Italic.ttf?url';
import { subtractMoney } from '@smb/shared-types/money';
import { documentLanguageOf, documentText } from '@smb/shared-types/document-language';
import type { SmbDatabase } from '../../db/database';
import { getMeta } from '../../db/meta';
import type {
  CreditNoteRow,
  DocumentItemRow,
  InvoiceRow,
  OrderRow,
  QuoteRow,
} from '../../db/types';
import { cachedLogo } from './logo-cache';

export interface RenderedPdf {
  blob: Blob;
  fileName: string;
}

const lines = (items: DocumentItemRow[]): DocumentLine[] =>
  [...items]
    .sort((a, b) => a.position - b.position)
    .map((item) => {
      const free = !item.productId && !!item.description;
      return {
        name: free ? item.description! : item.productName,
        sku: item.productSku,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
        lineTotal: item.lineTotal ?? item.subtotal,
        description: free ? null : (item.description ?? null),
      };
    });

/** A credit note as the server prints it (`creditNoteDocument`): the invoice's parties, its lines. */
async function creditNoteContent(
  db: SmbDatabase,
  note: CreditNoteRow,
  company: { documentLanguage?: string | null } | undefined,
): Promise<DocumentContent> {
  const invoice = await db.invoices.get(note.invoiceId);
  const currency = await db.currencies.where('code').equals(note.currencyCode).first();
  const customer = await db.customers.get(note.customerId);
  const rates = note.taxBreakdown ?? [];
  return {
    kind: 'credit_note',
    number: note.creditNoteNumber,
    status: '',
    issueDate: note.issueDate,
    creditedInvoice: invoice?.invoiceNumber
      ? { number: invoice.invoiceNumber, date: invoice.issueDate ?? invoice.createdAt }
      : null,
    reason: note.reason,
    currency: {
      code: note.currencyCode,
      symbol: currency?.symbol ?? symbolFallback(note.currencyCode),
    },
    customer: { name: note.customerName, email: note.customerEmail, ...customerAddress(customer) },
    contact: invoice?.contactName
      ? { name: invoice.contactName, email: invoice.contactEmail, role: invoice.contactRole }
      : null,
    items: lines(note.items),
    subtotal: note.subtotal,
    taxRate: rates.length === 1 ? rates[0]!.rate : 0,
    taxAmount: note.taxAmount,
    total: note.total,
    adjustments: note.adjustments ?? [],
    taxBreakdown: rates,
    notes: '',
    references: [],
    language: documentLanguageOf(customer, company),
  };
}

async function content(
  db: SmbDatabase,
  kind: DocumentKind,
  id: string,
  company: { documentLanguage?: string | null } | undefined,
): Promise<DocumentContent> {
  if (kind === 'credit_note') {
    const note = await db.credit_notes.get(id);
    if (!note) throw new Error('credit note not found');
    return creditNoteContent(db, note, company);
  }
  const row = (await db[`${kind}s` as 'quotes' | 'orders' | 'invoices'].get(id)) as
    QuoteRow | OrderRow | InvoiceRow | undefined;
  if (!row) throw new Error(`${kind} not found`);
  const currency = await db.currencies.where('code').equals(row.currencyCode).first();
  const customer = await db.customers.get(row.customerId);
  const contact = row.contactId ? await db.contacts.get(row.contactId) : undefined;
  // As the server: the customer's document language, else the company's.
  const language = documentLanguageOf(customer, company);
  const number =
    kind === 'quote'
      ? (row as QuoteRow).quoteNumber
      : kind === 'order'
        ? (row as OrderRow).orderNumber
        : (row as InvoiceRow).invoiceNumber;
  const base = {
    kind,
    number,
    status: row.status,
    issueDate: row.createdAt,
    currency: {
      code: row.currencyCode,
      symbol: currency?.symbol ?? symbolFallback(row.currencyCode),
    },
    items: lines(row.items),
    ...documentTotals(row),
    notes: row.notes,
    references: [] as Array<{ label: string; value: string }>,
    language,
  };
  if (kind === 'invoice') {
    const invoice = row as InvoiceRow;
    const order = invoice.orderId ? await db.orders.get(invoice.orderId) : undefined;
    const paid = invoice.amountPaid ?? null;
    return {
      ...base,
      // Dated by the server; an invoice made offline prints the day it was made until then.
      issueDate: invoice.issueDate ?? row.createdAt,
      dueDate: invoice.dueDate ?? null,
      amountPaid: paid,
      balanceDue: paid === null ? null : subtractMoney(row.total, paid),
      references: order?.orderNumber
        ? [{ label: documentText(language, 'orderReference'), value: order.orderNumber }]
        : [],
      // An invoice keeps the names and e-mails it was made with; the address is today's.
      customer: {
        name: invoice.customerName,
        email: invoice.customerEmail,
        ...customerAddress(customer),
      },
      contact: invoice.contactName
        ? { name: invoice.contactName, email: invoice.contactEmail, role: invoice.contactRole }
        : null,
    };
  }
  return {
    ...base,
    ...(kind === 'quote' ? { validUntil: (row as QuoteRow).validUntil ?? null } : {}),
    customer: customer
      ? { name: customer.name, email: customer.email, ...customerAddress(customer) }
      : null,
    contact: contact ? { name: contact.name, email: contact.email, role: contact.role } : null,
  };
}

/** Renders the document with the same layout the server uses. */
export async function renderDocumentPdf(
  db: SmbDatabase,
  kind: DocumentKind,
  id: string,
  token: string | null,
  /** pdfA: as PDF/A-3b, the base of a Factur-X invoice. */
  options: { pdfA?: boolean } = {},
): Promise<RenderedPdf> {
  await prepareDocumentFonts({ regular, italic, bold, boldItalic });
  const tenant = await getMeta(db, 'tenant');
  const model = documentModel(
    await content(db, kind, id, tenant?.company),
    { naturalName: tenant?.naturalName ?? '', company: tenant?.company },
    await cachedLogo(db, tenant?.company?.logo?.sha256 ?? null, token),
  );
  if (options.pdfA) model.pdfA = true;
  const element = createElement(DocumentPdf, { model }) as unknown as ReactElement<DocumentProps>;
  const blob = await pdf(element).toBlob();
  return { blob, fileName: documentFileName(kind, model.number) };
}
