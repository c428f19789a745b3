/**
 * E-invoices of issued documents: the EN 16931 source of a stored invoice, built with
 * the shared mapping the PWA uses offline (`eInvoiceSourceOf`), written as Peppol BIS or
 * XRechnung (UBL) or as a Factur-X PDF (the invoice PDF as PDF/A-3b with its CII XML attached),
 * and what the chosen format still needs (`eInvoiceReadiness`).
 */
import {
  EINVOICE_CONTENT_TYPES,
  EINVOICE_FORMAT_LABELS,
  EINVOICE_MESSAGES,
  buildEInvoice,
  creditNoteEInvoiceInput,
  eInvoiceReadiness,
  eInvoiceXmlFile,
  storedDocumentEInvoice,
  type EInvoiceDocument,
  type EInvoiceDocumentInput,
  type EInvoiceFormat,
  type EInvoiceSource,
  type ReadinessProblem,
  type StoredDocumentEInvoice,
} from '@smb/shared-types/einvoice';
import { embedFacturX } from '@smb/shared-types/einvoice/facturx-pdf';
import { conflict } from '../../errors';
import { getCreditNote } from '../credit-notes/credit-notes.service';
import { ownAndNamedCurrency } from '../currencies/currencies.service';
import { findCustomerById } from '../customers/customers.service';
import { loadInvoice } from '../invoices/invoices.service';
import { listTaxRates } from '../tax-rates/tax-rates.service';
import {
  creditNoteDocument,
  invoiceDocument,
  renderPdf,
  type PdfFile,
  type ReadScope,
} from '../pdf/pdf.service';
import { companyOf } from '../tenants/company.service';
import type { MailMessage } from '../../mail/mailer';
import { mailTransmitter, type EInvoiceFile } from './transmitter';

export type { EInvoiceFile } from './transmitter';

/** The kinds of document an e-invoice is made of: issued invoices and credit notes. */
export type EInvoiceKind = EInvoiceSource['kind'];

export interface EInvoiceSourceOfDocument extends StoredDocumentEInvoice {
  /** The document's PDF, the base of its Factur-X file. */
  pdf: () => Promise<PdfFile>;
}

/**
 * A document's e-invoice source: its input with the tenant's tax rates and tax currency, the
 * company, and the customer's identity as it is today under the name and e-mail the document keeps.
 */
async function documentSource(
  scope: ReadScope,
  input: EInvoiceDocumentInput,
  kept: { id: string; name: string; email: string },
  pdf: () => Promise<PdfFile>,
): Promise<EInvoiceSourceOfDocument> {
  const stored = storedDocumentEInvoice({
    input,
    customer: await findCustomerById(scope.db, kept.id),
    company: companyOf(scope.tenant),
    companyName: scope.tenant.natural_name,
    taxRates: await listTaxRates(scope),
    currencies: await ownAndNamedCurrency(scope, input.currencyCode),
    kept,
  });
  return { ...stored, pdf };
}

async function invoiceSource(scope: ReadScope, id: string): Promise<EInvoiceSourceOfDocument> {
  const invoice = await loadInvoice(scope.db, id);
  if (!invoice.issuedAt) throw conflict(EINVOICE_MESSAGES.notIssued);
  return documentSource(
    scope,
    {
      kind: 'invoice',
      number: invoice.invoiceNumber,
      issueDate: invoice.issueDate,
      dueDate: invoice.dueDate,
      currencyCode: invoice.currencyCode,
      notes: invoice.notes,
      pricesIncludeTax: invoice.pricesIncludeTax,
      taxRate: invoice.taxRate,
      items: invoice.items.map((item) => {
        // A free line's text is its name, as on the PDF (the device maps its rows the same way).
        const free = !item.productId && !!item.description;
        return {
          ...item,
          name: free ? item.description : item.productName,
          description: free ? null : item.description,
          sku: item.product.sku,
        };
      }),
      adjustments: invoice.adjustments,
      amountPaid: invoice.amountPaid,
      orderNumber: invoice.order?.orderNumber ?? null,
      paymentTerms: invoice.paymentTerms,
    },
    { id: invoice.customerId, ...invoice.customer },
    () => invoiceDocument(scope, id),
  );
}

/** A credit note (issued when made) and the invoice it corrects (BT-25, BT-26). */
async function creditNoteSource(scope: ReadScope, id: string): Promise<EInvoiceSourceOfDocument> {
  const creditNote = await getCreditNote(scope, id);
  const invoice = await loadInvoice(scope.db, creditNote.invoiceId);
  return documentSource(
    scope,
    creditNoteEInvoiceInput(creditNote, {
      invoiceNumber: invoice.invoiceNumber,
      issueDate: invoice.issueDate,
      orderNumber: invoice.order?.orderNumber,
    }),
    { id: creditNote.customerId, ...creditNote.customer },
    () => creditNoteDocument(scope, id),
  );
}

const LOADERS: Record<
  EInvoiceKind,
  (scope: ReadScope, id: string) => Promise<EInvoiceSourceOfDocument>
> = { invoice: invoiceSource, creditNote: creditNoteSource };

/** The EN 16931 source of a stored document: 404 for an unknown id, 409 while it is a draft. */
export function einvoiceSourceFor(
  scope: ReadScope,
  kind: EInvoiceKind,
  id: string,
): Promise<EInvoiceSourceOfDocument> {
  return LOADERS[kind](scope, id);
}

/** The document in `format`: the XML (Peppol BIS, XRechnung) or the Factur-X PDF. */
export async function eInvoiceFile(
  scope: ReadScope,
  kind: EInvoiceKind,
  id: string,
  format: EInvoiceFormat,
): Promise<EInvoiceFile> {
  const { source, pdf: pdfOf } = await einvoiceSourceFor(scope, kind, id);
  const pdf = format === 'facturx' ? await pdfOf() : null;
  return writeFile(buildEInvoice(source), format, pdf);
}

/** The file of a built document; Factur-X needs the document's PDF to embed its XML in. */
async function writeFile(
  doc: EInvoiceDocument,
  format: EInvoiceFormat,
  pdf: PdfFile | null,
): Promise<EInvoiceFile> {
  const { xml, fileName } = eInvoiceXmlFile(doc, format);
  if (format !== 'facturx' || !pdf)
    return { fileName, contentType: EINVOICE_CONTENT_TYPES[format], content: Buffer.from(xml) };
  const rendered = await renderPdf(pdf, { pdfA: true });
  const content = await embedFacturX(new Uint8Array(rendered), xml, {
    title: `${doc.kind === 'invoice' ? 'Invoice' : 'Credit note'} ${doc.number}`,
    author: doc.seller.name,
    date: new Date(`${doc.issueDate}T00:00:00Z`),
  });
  return { fileName, contentType: EINVOICE_CONTENT_TYPES.facturx, content: Buffer.from(content) };
}

/**
 * The files a document's mail carries, read now (in the caller's transaction) and made later:
 * the customer's format decides — none: the PDF; Factur-X: the Factur-X PDF in place of the
 * PDF; Peppol BIS or XRechnung: the PDF and the XML beside it.
 */
export async function mailWithEInvoice(
  scope: ReadScope,
  kind: EInvoiceKind,
  id: string,
  pdf: PdfFile,
): Promise<(message: MailMessage) => Promise<MailMessage>> {
  const files = await mailFiles(scope, kind, id, pdf);
  return (message) => mailTransmitter.attach(message, files);
}

async function mailFiles(
  scope: ReadScope,
  kind: EInvoiceKind,
  id: string,
  pdf: PdfFile,
): Promise<() => Promise<EInvoiceFile[]>> {
  const { source, format } = await einvoiceSourceFor(scope, kind, id);
  const plain = async (): Promise<EInvoiceFile> => ({
    fileName: pdf.fileName,
    contentType: 'application/pdf',
    content: await renderPdf(pdf),
  });
  if (!format) return async () => [await plain()];
  const doc = buildEInvoice(source);
  if (format === 'facturx') return async () => [await writeFile(doc, format, pdf)];
  return async () => [await plain(), await writeFile(doc, format, null)];
}

export interface EInvoiceReadinessReport {
  /** The format checked: the one asked for, else the customer's or the company's; null: none. */
  format: EInvoiceFormat | null;
  formatLabel: string | null;
  ready: boolean;
  problems: ReadinessProblem[];
}

/** What the format still needs, in the shop owner's words (the same checks the screen runs). */
export async function eInvoiceReadinessOf(
  scope: ReadScope,
  kind: EInvoiceKind,
  id: string,
  asked?: EInvoiceFormat,
): Promise<EInvoiceReadinessReport> {
  const { source, format: chosen } = await einvoiceSourceFor(scope, kind, id);
  const format = asked ?? chosen;
  const problems = format ? eInvoiceReadiness(buildEInvoice(source), format) : [];
  return {
    format,
    formatLabel: format ? EINVOICE_FORMAT_LABELS[format] : null,
    ready: format !== null && problems.length === 0,
    problems,
  };
}
