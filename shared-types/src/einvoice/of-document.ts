/**
 * The e-invoice of a stored invoice or credit note, made the same way on both sides: the server
 * feeds it what it reads from PostgreSQL, the device what it reads from its local store, so the
 * device writes the same XML the server sends.
 */
import type { EInvoiceSource } from './build';
import {
  eInvoiceSourceOf,
  taxCurrencyOf,
  type EInvoiceCompanyInput,
  type EInvoiceCurrencyInput,
  type EInvoiceCustomerInput,
  type EInvoiceDocumentInput,
} from './from-document';
import type { EInvoiceDocument } from './model';
import { eInvoiceFileName, eInvoiceFormatFor } from './preference';
import type { EInvoiceFormat } from './readiness';
import { writeEInvoiceXml } from './write';

type FormatChoice = { einvoiceFormat?: string | null };

/** What a document's e-invoice is made of, as either side reads it. */
export interface StoredDocumentEInvoiceInput {
  /** The document, without what the tenant's records add (tax rates, tax currency). */
  input: Omit<EInvoiceDocumentInput, 'taxRates' | 'taxCurrency'>;
  taxRates: NonNullable<EInvoiceDocumentInput['taxRates']>;
  /** The tenant's currencies: the own one and the document's, for the tax currency. */
  currencies: EInvoiceCurrencyInput[];
  company: (EInvoiceCompanyInput & FormatChoice) | null | undefined;
  /** The company's name as the documents print it. */
  companyName: EInvoiceCompanyInput['name'];
  /** The customer's identity as it is today (undefined once deleted). */
  customer: (Partial<EInvoiceCustomerInput> & FormatChoice) | null | undefined;
  /** The customer's name and e-mail as the document keeps them. */
  kept: { name: string; email: string };
}

export interface StoredDocumentEInvoice {
  source: EInvoiceSource;
  /** The customer's format, else the company's default; null when neither wants one. */
  format: EInvoiceFormat | null;
}

/** A stored document's EN 16931 source and the format its customer (or company) wants. */
export function storedDocumentEInvoice(
  stored: StoredDocumentEInvoiceInput,
): StoredDocumentEInvoice {
  const { input, company, customer, kept } = stored;
  const source = eInvoiceSourceOf(
    {
      ...input,
      taxRates: stored.taxRates,
      taxCurrency: taxCurrencyOf(input.currencyCode, stored.currencies),
    },
    { ...company, name: stored.companyName },
    { ...customer, name: kept.name, email: kept.email },
  );
  return { source, format: eInvoiceFormatFor(customer, company) };
}

/** The XML of a built document in a format, with its download name. */
export function eInvoiceXmlFile(
  doc: EInvoiceDocument,
  format: EInvoiceFormat,
): { xml: string; fileName: string } {
  return {
    xml: writeEInvoiceXml(doc, format),
    fileName: eInvoiceFileName(doc.kind, doc.number, format),
  };
}
