/**
 * Which e-invoice format a customer receives: their own choice, else the company's default.
 * 'none' sends the plain PDF only.
 */
import { EINVOICE_FORMAT_LABELS, EINVOICE_FORMATS, type EInvoiceFormat } from './readiness';

export const EINVOICE_PREFERENCES = ['none', ...EINVOICE_FORMATS] as const;
export type EInvoicePreference = (typeof EINVOICE_PREFERENCES)[number];

export const EINVOICE_PREFERENCE_LABELS: Record<EInvoicePreference, string> = {
  none: 'None (PDF only)',
  ...EINVOICE_FORMAT_LABELS,
};

export const EINVOICE_MESSAGES = {
  format: 'E-invoice format must be none, peppol, xrechnung or facturx',
  queryFormat: 'Format must be peppol, xrechnung or facturx',
  notIssued: 'Issue the invoice first: an e-invoice is made from an issued invoice.',
  notNumbered:
    'This credit note gets its number when this device syncs: the e-invoice can be downloaded then.',
  noFormat: 'No e-invoice format chosen: choose one on the customer or in Settings → Company.',
} as const;

export const isEInvoicePreference = (value: unknown): value is EInvoicePreference =>
  typeof value === 'string' && (EINVOICE_PREFERENCES as readonly string[]).includes(value);

export const isEInvoiceFormat = (value: unknown): value is EInvoiceFormat =>
  typeof value === 'string' && (EINVOICE_FORMATS as readonly string[]).includes(value);

/** The customer's format, else the company's; null when neither wants one. */
export function eInvoiceFormatFor(
  customer: { einvoiceFormat?: string | null } | null | undefined,
  company: { einvoiceFormat?: string | null } | null | undefined,
): EInvoiceFormat | null {
  const chosen = customer?.einvoiceFormat ?? company?.einvoiceFormat ?? 'none';
  return isEInvoiceFormat(chosen) ? chosen : null;
}

/** The download's file name: Invoice-INV-0042.xml, or .pdf for Factur-X. */
export function eInvoiceFileName(
  kind: 'invoice' | 'creditNote',
  number: string,
  format: EInvoiceFormat,
): string {
  const safe = number.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'Draft';
  const title = kind === 'invoice' ? 'Invoice' : 'CreditNote';
  if (format === 'facturx') return `${title}-${safe}.pdf`;
  return `${title}-${safe}-${format === 'peppol' ? 'peppol' : 'xrechnung'}.xml`;
}
