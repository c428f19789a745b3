/**
 * EN 16931 documents written as UBL 2.1 Invoice or CreditNote, in the Peppol BIS Billing 3.0 or
 * the XRechnung 3.0 flavour (the two differ in their specification identifier; XRechnung also
 * asks for more of the data, which the readiness checks see to). Elements follow the UBL
 * schema's order; an absent optional term writes no element.
 */
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type {
  EInvoiceAddress,
  EInvoiceAllowanceCharge,
  EInvoiceDocument,
  EInvoiceParty,
  EInvoiceTax,
  EInvoiceTaxSubtotal,
} from './model';
import { optionalText } from './write-xml';

export type UblFlavour = 'peppol' | 'xrechnung';

export const UBL_CUSTOMIZATION: Record<UblFlavour, string> = {
  peppol: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
  xrechnung: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
};
export const PEPPOL_PROFILE = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

/** Adds `cac:name` and returns it. */
const cac = (parent: XMLBuilder, name: string) => parent.ele(NS.cac, `cac:${name}`);

/** Adds `cbc:name` with its text (and attributes) when the value is given; returns the parent. */
const cbc = (
  parent: XMLBuilder,
  name: string,
  value: string | undefined | null,
  attributes?: Record<string, string>,
) => optionalText(parent, NS.cbc, `cbc:${name}`, value, attributes);

export function writeUbl(doc: EInvoiceDocument, flavour: UblFlavour): string {
  const credit = doc.kind === 'creditNote';
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(
    credit ? NS.creditNote : NS.invoice,
    credit ? 'CreditNote' : 'Invoice',
    { 'xmlns:cac': NS.cac, 'xmlns:cbc': NS.cbc },
  );
  const money = { currencyID: doc.currency };

  cbc(root, 'CustomizationID', UBL_CUSTOMIZATION[flavour]);
  cbc(root, 'ProfileID', PEPPOL_PROFILE);
  cbc(root, 'ID', doc.number);
  cbc(root, 'IssueDate', doc.issueDate);
  if (!credit) cbc(root, 'DueDate', doc.dueDate);
  cbc(root, credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode', credit ? '381' : '380');
  for (const note of doc.notes) cbc(root, 'Note', note);
  cbc(root, 'DocumentCurrencyCode', doc.currency);
  cbc(root, 'TaxCurrencyCode', doc.taxCurrency?.code);
  cbc(root, 'BuyerReference', doc.buyerReference);
  if (doc.orderReference) cbc(cac(root, 'OrderReference'), 'ID', doc.orderReference);
  if (doc.precedingInvoice) {
    const reference = cac(cac(root, 'BillingReference'), 'InvoiceDocumentReference');
    cbc(reference, 'ID', doc.precedingInvoice.number);
    cbc(reference, 'IssueDate', doc.precedingInvoice.issueDate);
  }
  party(cac(root, 'AccountingSupplierParty'), doc.seller);
  party(cac(root, 'AccountingCustomerParty'), doc.buyer);
  if (doc.delivery) {
    const delivery = cac(root, 'Delivery');
    cbc(delivery, 'ActualDeliveryDate', doc.delivery.date);
    if (doc.delivery.address) {
      postalAddress(cac(cac(delivery, 'DeliveryLocation'), 'Address'), doc.delivery.address);
    }
  }

  if (doc.payment) {
    const means = cac(root, 'PaymentMeans');
    cbc(means, 'PaymentMeansCode', doc.payment.meansCode);
    if (credit) cbc(means, 'PaymentDueDate', doc.dueDate);
    cbc(means, 'PaymentID', doc.payment.remittanceInformation);
    if (doc.payment.account) {
      const account = cac(means, 'PayeeFinancialAccount');
      cbc(account, 'ID', doc.payment.account.iban);
      cbc(account, 'Name', doc.payment.account.name);
      if (doc.payment.account.bic) {
        cbc(cac(account, 'FinancialInstitutionBranch'), 'ID', doc.payment.account.bic);
      }
    }
    if (doc.payment.terms) cbc(cac(root, 'PaymentTerms'), 'Note', doc.payment.terms);
  }

  for (const adjustment of doc.allowancesCharges) allowanceCharge(root, adjustment, doc.currency);

  const taxTotal = cac(root, 'TaxTotal');
  cbc(taxTotal, 'TaxAmount', doc.totals.taxTotal, money);
  for (const subtotal of doc.taxSubtotals) taxSubtotal(taxTotal, subtotal, doc.currency);
  if (doc.taxCurrency) {
    cbc(cac(root, 'TaxTotal'), 'TaxAmount', doc.taxCurrency.taxTotal, {
      currencyID: doc.taxCurrency.code,
    });
  }

  const totals = cac(root, 'LegalMonetaryTotal');
  const t = doc.totals;
  cbc(totals, 'LineExtensionAmount', t.lineTotal, money);
  cbc(totals, 'TaxExclusiveAmount', t.taxExclusive, money);
  cbc(totals, 'TaxInclusiveAmount', t.taxInclusive, money);
  if (doc.allowancesCharges.some((a) => a.kind === 'allowance')) {
    cbc(totals, 'AllowanceTotalAmount', t.allowanceTotal, money);
  }
  if (doc.allowancesCharges.some((a) => a.kind === 'charge')) {
    cbc(totals, 'ChargeTotalAmount', t.chargeTotal, money);
  }
  if (t.prepaid !== '0.00') cbc(totals, 'PrepaidAmount', t.prepaid, money);
  if (t.rounding !== '0.00') cbc(totals, 'PayableRoundingAmount', t.rounding, money);
  cbc(totals, 'PayableAmount', t.due, money);

  for (const line of doc.lines) {
    const element = cac(root, credit ? 'CreditNoteLine' : 'InvoiceLine');
    cbc(element, 'ID', line.id);
    cbc(element, 'Note', line.note);
    cbc(element, credit ? 'CreditedQuantity' : 'InvoicedQuantity', line.quantity, {
      unitCode: line.unitCode,
    });
    cbc(element, 'LineExtensionAmount', line.netAmount, money);
    if (line.allowance) {
      const discount = cac(element, 'AllowanceCharge');
      cbc(discount, 'ChargeIndicator', 'false');
      cbc(discount, 'AllowanceChargeReason', line.allowance.reason);
      cbc(discount, 'Amount', line.allowance.amount, money);
    }
    const item = cac(element, 'Item');
    cbc(item, 'Description', line.description);
    cbc(item, 'Name', line.name);
    if (line.sellerItemId) cbc(cac(item, 'SellersItemIdentification'), 'ID', line.sellerItemId);
    taxCategory(cac(item, 'ClassifiedTaxCategory'), line.tax);
    cbc(cac(element, 'Price'), 'PriceAmount', line.netPrice, money);
  }

  return root.end({ prettyPrint: true });
}

function party(parent: XMLBuilder, value: EInvoiceParty): void {
  const element = cac(parent, 'Party');
  if (value.electronicAddress) {
    cbc(element, 'EndpointID', value.electronicAddress.id, {
      schemeID: value.electronicAddress.scheme,
    });
  }
  if (value.tradingName) cbc(cac(element, 'PartyName'), 'Name', value.tradingName);
  postalAddress(cac(element, 'PostalAddress'), value.address);
  if (value.vatId) {
    const scheme = cac(element, 'PartyTaxScheme');
    cbc(scheme, 'CompanyID', value.vatId);
    cbc(cac(scheme, 'TaxScheme'), 'ID', 'VAT');
  }
  const legal = cac(element, 'PartyLegalEntity');
  cbc(legal, 'RegistrationName', value.name);
  cbc(legal, 'CompanyID', value.registrationId);
  const contact = value.contact;
  if (contact && (contact.name || contact.phone || contact.email)) {
    const details = cac(element, 'Contact');
    cbc(details, 'Name', contact.name);
    cbc(details, 'Telephone', contact.phone);
    cbc(details, 'ElectronicMail', contact.email);
  }
}

function postalAddress(element: XMLBuilder, address: EInvoiceAddress): void {
  const [street, additional, third] = address.lines;
  cbc(element, 'StreetName', street);
  cbc(element, 'AdditionalStreetName', additional);
  cbc(element, 'CityName', address.city);
  cbc(element, 'PostalZone', address.postcode);
  cbc(element, 'CountrySubentity', address.region);
  if (third) cbc(cac(element, 'AddressLine'), 'Line', third);
  cbc(cac(element, 'Country'), 'IdentificationCode', address.country);
}

function taxCategory(element: XMLBuilder, tax: EInvoiceTax, exemption?: EInvoiceTaxSubtotal) {
  cbc(element, 'ID', tax.category);
  // Outside the scope of VAT carries no rate at all.
  if (tax.category !== 'O') cbc(element, 'Percent', tax.rate);
  cbc(element, 'TaxExemptionReasonCode', exemption?.exemptionReasonCode);
  cbc(element, 'TaxExemptionReason', exemption?.exemptionReason);
  cbc(cac(element, 'TaxScheme'), 'ID', 'VAT');
}

function taxSubtotal(parent: XMLBuilder, subtotal: EInvoiceTaxSubtotal, currency: string) {
  const element = cac(parent, 'TaxSubtotal');
  cbc(element, 'TaxableAmount', subtotal.taxableAmount, { currencyID: currency });
  cbc(element, 'TaxAmount', subtotal.taxAmount, { currencyID: currency });
  taxCategory(cac(element, 'TaxCategory'), subtotal, subtotal);
}

function allowanceCharge(parent: XMLBuilder, value: EInvoiceAllowanceCharge, currency: string) {
  const element = cac(parent, 'AllowanceCharge');
  cbc(element, 'ChargeIndicator', value.kind === 'charge' ? 'true' : 'false');
  cbc(element, 'AllowanceChargeReason', value.reason);
  cbc(element, 'Amount', value.amount, { currencyID: currency });
  taxCategory(cac(element, 'TaxCategory'), value.tax);
}
