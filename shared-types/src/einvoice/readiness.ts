/**
 * What a document still needs before it can leave in an e-invoice format, in words a shop owner
 * understands. The checks mirror the official rules (EN 16931, Peppol BIS 3.0, XRechnung 3.0)
 * that a missing piece of data would break, and run offline on the EN 16931 model.
 */
import { electronicAddressProblems, ibanProblem, vatIdProblem } from '../identifiers';
import type { TaxCategory } from '../tax-categories';
import type { EInvoiceDocument, EInvoiceParty } from './model';

export const EINVOICE_FORMATS = ['peppol', 'xrechnung', 'facturx'] as const;
export type EInvoiceFormat = (typeof EINVOICE_FORMATS)[number];

export const EINVOICE_FORMAT_LABELS: Record<EInvoiceFormat, string> = {
  peppol: 'Peppol BIS Billing 3.0',
  xrechnung: 'XRechnung 3.0',
  facturx: 'Factur-X / ZUGFeRD (EN 16931)',
};

export interface ReadinessProblem {
  /** Stable key for tests and for the screen to link to the right form. */
  key: string;
  /** Whose data it is: the company's settings, the customer's record, or this document. */
  where: 'company' | 'customer' | 'document';
  message: string;
}

export const READINESS_MESSAGES = {
  sellerName: 'Add your company’s legal name in Settings → Company.',
  sellerCountry: 'Add your company’s country in Settings → Company.',
  sellerCityPostcode: 'Add your company’s postcode and city in Settings → Company.',
  sellerVatId: 'Add your VAT number in Settings → Company: an invoice with VAT must show it.',
  sellerVatIdInvalid: (problem: string) => `Your VAT number needs fixing: ${problem}`,
  sellerAddress:
    'Add your company’s electronic address (Peppol ID) in Settings → Company, e.g. scheme 0208 and your company number: the network sends it as the sender.',
  sellerAddressInvalid: (problem: string) => `Your electronic address needs fixing: ${problem}`,
  sellerContact: 'Add a contact name, phone and e-mail for your company: XRechnung requires them.',
  sellerContactPeppolDe:
    'Add a contact name, phone and e-mail for your company: Peppol requires them between German companies.',
  iban: 'Add your bank account (IBAN) in Settings → Company to receive transfers.',
  ibanInvalid: (problem: string) => `Your bank account needs fixing: ${problem}`,
  buyerName: 'Add the customer’s legal name.',
  buyerCountry: 'Add the customer’s country to their address.',
  buyerCityPostcode: 'Add the customer’s postcode and city.',
  buyerVatIdReverseCharge: 'Add the customer’s VAT number: reverse charge needs it.',
  buyerVatIdIntraEu:
    'Add the customer’s VAT number: a tax-free supply to another EU country needs it.',
  buyerVatIdInvalid: (problem: string) => `The customer’s VAT number needs fixing: ${problem}`,
  buyerAddress:
    'Add the customer’s electronic address (Peppol ID), e.g. scheme 0208 and their company number: the e-invoice is delivered to it.',
  buyerAddressInvalid: (problem: string) =>
    `The customer’s electronic address needs fixing: ${problem}`,
  buyerReferenceOrOrder: 'Add the customer’s reference (their buyer reference or order number).',
  buyerReference: 'Add the buyer reference (Leitweg-ID) the customer gave you.',
  noLines: 'Add at least one line.',
} as const;

const VAT_CATEGORIES: readonly TaxCategory[] = ['S', 'Z', 'E', 'AE', 'K', 'G'];

function categories(doc: EInvoiceDocument): Set<TaxCategory> {
  return new Set([
    ...doc.lines.map((l) => l.tax.category),
    ...doc.allowancesCharges.map((a) => a.tax.category),
  ]);
}

function addressProblem(party: EInvoiceParty): string | null {
  if (!party.electronicAddress) return null;
  const problems = electronicAddressProblems(party.electronicAddress);
  return problems.scheme ?? problems.id ?? null;
}

export function eInvoiceReadiness(
  doc: EInvoiceDocument,
  format: EInvoiceFormat,
): ReadinessProblem[] {
  const problems: ReadinessProblem[] = [];
  const add = (
    key: keyof typeof READINESS_MESSAGES,
    where: ReadinessProblem['where'],
    message?: string,
  ) => problems.push({ key, where, message: message ?? (READINESS_MESSAGES[key] as string) });
  const { seller, buyer } = doc;
  const used = categories(doc);

  if (doc.lines.length === 0) add('noLines', 'document');

  // The seller.
  if (!seller.name.trim()) add('sellerName', 'company');
  if (!seller.address.country) add('sellerCountry', 'company');
  if ([...used].some((c) => VAT_CATEGORIES.includes(c)) && !seller.vatId)
    add('sellerVatId', 'company');
  if (seller.vatId) {
    const problem = vatIdProblem(seller.vatId, seller.address.country);
    if (problem)
      add('sellerVatIdInvalid', 'company', READINESS_MESSAGES.sellerVatIdInvalid(problem));
  }
  const iban = doc.payment?.account?.iban;
  if (iban) {
    const problem = ibanProblem(iban);
    if (problem) add('ibanInvalid', 'company', READINESS_MESSAGES.ibanInvalid(problem));
  } else if (format === 'xrechnung') {
    add('iban', 'company');
  }

  // The buyer.
  if (!buyer.name.trim()) add('buyerName', 'customer');
  if (!buyer.address.country) add('buyerCountry', 'customer');
  if (used.has('AE') && !buyer.vatId) add('buyerVatIdReverseCharge', 'customer');
  if (used.has('K') && !buyer.vatId) add('buyerVatIdIntraEu', 'customer');
  if (buyer.vatId) {
    const problem = vatIdProblem(buyer.vatId, buyer.address.country);
    if (problem)
      add('buyerVatIdInvalid', 'customer', READINESS_MESSAGES.buyerVatIdInvalid(problem));
  }

  // What the networks and the German rules add.
  if (format === 'peppol' || format === 'xrechnung') {
    if (!seller.electronicAddress) add('sellerAddress', 'company');
    if (!buyer.electronicAddress) add('buyerAddress', 'customer');
    const sellerProblem = addressProblem(seller);
    if (sellerProblem)
      add(
        'sellerAddressInvalid',
        'company',
        READINESS_MESSAGES.sellerAddressInvalid(sellerProblem),
      );
    const buyerProblem = addressProblem(buyer);
    if (buyerProblem)
      add('buyerAddressInvalid', 'customer', READINESS_MESSAGES.buyerAddressInvalid(buyerProblem));
  }
  // Peppol's German rules (DE-R-*) ask what XRechnung asks when seller and buyer are in Germany.
  const germanPeppol =
    format === 'peppol' && seller.address.country === 'DE' && buyer.address.country === 'DE';
  if (format === 'peppol' && !germanPeppol && !doc.buyerReference && !doc.orderReference) {
    add('buyerReferenceOrOrder', 'document');
  }
  if (format === 'xrechnung' || germanPeppol) {
    // The buyer reference is kept on the customer's record.
    if (!doc.buyerReference) add('buyerReference', 'customer');
    if (!seller.address.city || !seller.address.postcode) add('sellerCityPostcode', 'company');
    if (!buyer.address.city || !buyer.address.postcode) add('buyerCityPostcode', 'customer');
    const contact = seller.contact;
    if (!contact?.name || !contact.phone || !contact.email)
      add(
        'sellerContact',
        'company',
        germanPeppol ? READINESS_MESSAGES.sellerContactPeppolDe : undefined,
      );
  }
  return problems;
}
