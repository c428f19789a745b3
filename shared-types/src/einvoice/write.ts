/** One entry point for the XML of a format: UBL for Peppol BIS and XRechnung, CII for Factur-X. */
import { buildEInvoice, type EInvoiceSource } from './build';
import { writeCii } from './cii';
import type { EInvoiceFormat } from './readiness';
import { writeUbl } from './ubl';
import type { EInvoiceDocument } from './model';

export function writeEInvoiceXml(doc: EInvoiceDocument, format: EInvoiceFormat): string {
  return format === 'facturx' ? writeCii(doc) : writeUbl(doc, format);
}

/** The XML of a source in a format (what the server sends and the device downloads). */
export const eInvoiceXml = (source: EInvoiceSource, format: EInvoiceFormat): string =>
  writeEInvoiceXml(buildEInvoice(source), format);

export const EINVOICE_CONTENT_TYPES: Record<EInvoiceFormat, string> = {
  peppol: 'application/xml',
  xrechnung: 'application/xml',
  facturx: 'application/pdf',
};
