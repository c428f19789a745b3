/**
 * Reads a UBL 2.1 Invoice or CreditNote or a CII CrossIndustryInvoice back into the EN 16931
 * model: to prove that what we write loses nothing, and to show a supplier's e-invoice as a
 * readable document. A document with a DOCTYPE is refused (no entity tricks), as is anything that
 * is neither format.
 */
import type { EInvoiceDocument } from './model';
import { readCii } from './read-cii';
import { readUbl } from './read-ubl';
import { EINVOICE_READ_MESSAGES, EInvoiceReadError, parser, type Node } from './read-xml';

export { EINVOICE_READ_MESSAGES, EInvoiceReadError } from './read-xml';

export function readEInvoice(xml: string): EInvoiceDocument {
  if (/<!DOCTYPE/i.test(xml)) throw new EInvoiceReadError(EINVOICE_READ_MESSAGES.doctype);
  let parsed: Record<string, Node>;
  try {
    parsed = parser.parse(xml, true) as Record<string, Node>;
  } catch {
    throw new EInvoiceReadError(EINVOICE_READ_MESSAGES.notXml);
  }
  if (parsed.Invoice) return readUbl(parsed.Invoice, 'invoice');
  if (parsed.CreditNote) return readUbl(parsed.CreditNote, 'creditNote');
  if (parsed.CrossIndustryInvoice) return readCii(parsed.CrossIndustryInvoice);
  throw new EInvoiceReadError(EINVOICE_READ_MESSAGES.unknown);
}
