/**
 * The e-invoice of an invoice from the local store, offline: the same shared mapping
 * (`eInvoiceSourceOf`) the server uses, fed with the device's rows, so the device writes the same
 * XML the server sends. Readiness runs the shared checks on it.
 */
import {
  buildEInvoice,
  eInvoiceFileName,
  eInvoiceFormatFor,
  eInvoiceReadiness,
  eInvoiceSourceOf,
  taxCurrencyOf,
  writeEInvoiceXml,
  type EInvoiceFormat,
  type EInvoiceSource,
  type ReadinessProblem,
} from '@smb/shared-types/einvoice';
import type { SmbDatabase } from '../../../db/database';
import { getMeta } from '../../../db/meta';
import type { InvoiceRow } from '../../../db/types';

export interface LocalEInvoice {
  source: EInvoiceSource;
  /** The customer's format, else the company's default; null: none chosen. */
  format: EInvoiceFormat | null;
}

export async function localEInvoice(db: SmbDatabase, invoice: InvoiceRow): Promise<LocalEInvoice> {
  const tenant = await getMeta(db, 'tenant');
  const company = tenant?.company;
  const customer = await db.customers.get(invoice.customerId);
  const order = invoice.orderId ? await db.orders.get(invoice.orderId) : undefined;
  const taxRates = await db.tax_rates.toArray();
  const currencies = await db.currencies.toArray();
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
  const source = eInvoiceSourceOf(
    {
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
      taxRates,
      taxCurrency: taxCurrencyOf(invoice.currencyCode, currencies),
    },
    { ...company, name: tenant?.naturalName },
    { ...customer, name: invoice.customerName, email: invoice.customerEmail },
  );
  return { source, format: eInvoiceFormatFor(customer, company) };
}

export const localReadiness = (e: LocalEInvoice, format: EInvoiceFormat): ReadinessProblem[] =>
  eInvoiceReadiness(buildEInvoice(e.source), format);

/** The XML of the local invoice in a format, with its download name. */
export function localEInvoiceXml(
  e: LocalEInvoice,
  format: EInvoiceFormat,
): { xml: string; fileName: string } {
  const doc = buildEInvoice(e.source);
  return {
    xml: writeEInvoiceXml(doc, format),
    fileName: eInvoiceFileName('invoice', doc.number, format),
  };
}
