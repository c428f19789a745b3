/**
 * The e-invoice of an invoice or a credit note from the local store, offline: the same shared
 * mapping (`eInvoiceSourceOf`, and `creditNoteEInvoiceInput` for a credit note) the server uses,
 * fed with the device's rows, so the device writes the same XML the server sends. Readiness runs
 * the shared checks on it.
 */
import {
  buildEInvoice,
  creditNoteEInvoiceInput,
  eInvoiceReadiness,
  eInvoiceXmlFile,
  storedDocumentEInvoice,
  type EInvoiceDocumentInput,
  type EInvoiceFormat,
  type ReadinessProblem,
  type StoredDocumentEInvoice,
} from '@smb/shared-types/einvoice';
import type { SmbDatabase } from '../../db/database';
import { getMeta } from '../../db/meta';
import type { CreditNoteRow, InvoiceRow } from '../../db/types';

export type LocalEInvoice = StoredDocumentEInvoice;

/** The document of an e-invoice on this device: an invoice or a credit note. */
export type LocalEInvoiceDocument =
  { kind: 'invoice'; row: InvoiceRow } | { kind: 'creditNote'; row: CreditNoteRow };

type DocumentInput = Omit<EInvoiceDocumentInput, 'taxRates' | 'taxCurrency'>;

async function invoiceInput(db: SmbDatabase, invoice: InvoiceRow): Promise<DocumentInput> {
  const order = invoice.orderId ? await db.orders.get(invoice.orderId) : undefined;
  const items = [...invoice.items]
    .sort((a, b) => a.position - b.position)
    .map((item) => {
      // A free line's text is its name, as on the PDF.
      const free = !item.productId && !!item.description;
      return {
        ...item,
        name: free ? item.description! : item.productName,
        description: free ? null : (item.description ?? null),
        sku: item.productSku,
      };
    });
  return {
    kind: 'invoice',
    number: invoice.invoiceNumber ?? 'Draft',
    issueDate: invoice.issueDate ?? invoice.createdAt,
    dueDate: invoice.dueDate,
    currencyCode: invoice.currencyCode,
    notes: invoice.notes,
    pricesIncludeTax: invoice.pricesIncludeTax,
    taxRate: invoice.taxRate,
    items,
    adjustments: invoice.adjustments,
    amountPaid: invoice.amountPaid,
    orderNumber: order?.orderNumber,
    paymentTerms: invoice.paymentTerms,
  };
}

/** A credit note and the invoice it corrects (BT-25, BT-26), as the server reads them. */
async function creditNoteInput(db: SmbDatabase, note: CreditNoteRow): Promise<DocumentInput> {
  const invoice = await db.invoices.get(note.invoiceId);
  const order = invoice?.orderId ? await db.orders.get(invoice.orderId) : undefined;
  return creditNoteEInvoiceInput(
    { ...note, items: [...note.items].sort((a, b) => a.position - b.position) },
    {
      invoiceNumber: invoice?.invoiceNumber ?? null,
      issueDate: invoice?.issueDate,
      orderNumber: order?.orderNumber,
    },
  );
}

export async function localEInvoice(
  db: SmbDatabase,
  document: LocalEInvoiceDocument,
): Promise<LocalEInvoice> {
  const tenant = await getMeta(db, 'tenant');
  const { row } = document;
  return storedDocumentEInvoice({
    customer: await db.customers.get(row.customerId),
    input:
      document.kind === 'invoice'
        ? await invoiceInput(db, document.row)
        : await creditNoteInput(db, document.row),
    taxRates: await db.tax_rates.toArray(),
    currencies: await db.currencies.toArray(),
    company: tenant?.company,
    companyName: tenant?.naturalName,
    // The document keeps the customer's name and e-mail as they were; the identity is today's.
    kept: { name: row.customerName, email: row.customerEmail },
  });
}

export const localReadiness = (e: LocalEInvoice, format: EInvoiceFormat): ReadinessProblem[] =>
  eInvoiceReadiness(buildEInvoice(e.source), format);

/** The XML of the local document in a format, with its download name. */
export function localEInvoiceXml(
  e: LocalEInvoice,
  format: EInvoiceFormat,
): { xml: string; fileName: string } {
  return eInvoiceXmlFile(buildEInvoice(e.source), format);
}
