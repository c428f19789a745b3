/**
 * Reads a UBL 2.1 Invoice or CreditNote or a CII CrossIndustryInvoice back into the EN 16931
 * model: to prove that what we write loses nothing, and to show a supplier's e-invoice as a
 * readable document. A document with a DOCTYPE is refused (no entity tricks), as is anything that
 * is neither format.
 */
import { XMLParser } from 'fast-xml-parser';
import { isTaxCategory, type TaxCategory } from '../tax-categories';
import type {
  EInvoiceAddress,
  EInvoiceAllowanceCharge,
  EInvoiceDocument,
  EInvoiceLine,
  EInvoiceParty,
  EInvoiceTax,
  EInvoiceTaxSubtotal,
} from './model';

export class EInvoiceReadError extends Error {}

export const EINVOICE_READ_MESSAGES = {
  notXml: 'This file is not an e-invoice we can read: it is not well-formed XML.',
  doctype: 'This file is not an e-invoice we can read: it declares a DOCTYPE.',
  unknown: 'This file is not an e-invoice we can read: it is neither UBL 2.1 nor CII.',
  missing: (what: string) => `This e-invoice has no ${what}.`,
} as const;

/** Elements that may repeat, read as arrays whether there is one or several. */
const REPEATING = new Set([
  'Note',
  'InvoiceLine',
  'CreditNoteLine',
  'AllowanceCharge',
  'TaxTotal',
  'TaxSubtotal',
  'IncludedSupplyChainTradeLineItem',
  'IncludedNote',
  'ApplicableTradeTax',
  'SpecifiedTradeAllowanceCharge',
  'TaxTotalAmount',
  'SpecifiedTradePaymentTerms',
  'SpecifiedTradeSettlementPaymentMeans',
  'AddressLine',
  'PaymentMeans',
  'PartyTaxScheme',
  'SpecifiedTaxRegistration',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => REPEATING.has(name),
});

type Node = Record<string, unknown> | string | undefined;

/** A child element; the first, where the element may repeat. */
function child(node: Node, name: string): Node {
  if (!node || typeof node !== 'object') return undefined;
  const value = node[name] as Node | Node[];
  return Array.isArray(value) ? value[0] : value;
}
const path = (node: Node, ...names: string[]): Node => names.reduce(child, node);
function list(node: Node, name: string): Node[] {
  if (!node || typeof node !== 'object') return [];
  const value = node[name] as Node | Node[];
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}
/** The text of an element, whether it has attributes or not; undefined when absent or empty. */
function text(node: Node | Node[]): string | undefined {
  if (Array.isArray(node)) return text(node[0]);
  if (node === undefined) return undefined;
  const value = typeof node === 'object' ? node['#text'] : node;
  return value === undefined || value === '' ? undefined : String(value);
}
const attribute = (node: Node, name: string): string | undefined =>
  node && typeof node === 'object' ? (node[`@${name}`] as string | undefined) : undefined;

function required(value: string | undefined, what: string): string {
  if (value === undefined) throw new EInvoiceReadError(EINVOICE_READ_MESSAGES.missing(what));
  return value;
}

function category(value: string | undefined): TaxCategory {
  if (!isTaxCategory(value))
    throw new EInvoiceReadError(EINVOICE_READ_MESSAGES.missing('tax category we know'));
  return value;
}

/** Drops keys whose value is undefined, so a read document compares equal to a written one. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

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

/** BT-34 / BT-49: an address is its identifier and its scheme; an empty one is no address. */
function electronicAddress(node: Node): EInvoiceParty['electronicAddress'] {
  const id = text(node);
  const scheme = attribute(node, 'schemeID');
  return id && scheme ? { scheme, id } : undefined;
}

// --- UBL --------------------------------------------------------------------------------------

function readUbl(root: Node, kind: EInvoiceDocument['kind']): EInvoiceDocument {
  const credit = kind === 'creditNote';
  const currency = required(text(child(root, 'DocumentCurrencyCode')), 'currency');
  const means = child(root, 'PaymentMeans');
  const account = child(means, 'PayeeFinancialAccount');
  const taxTotals = list(root, 'TaxTotal');
  const mainTax = taxTotals.find(
    (t) => attribute(child(t, 'TaxAmount'), 'currencyID') === currency,
  );
  const otherTax = taxTotals.find((t) => t !== mainTax);
  const totals = child(root, 'LegalMonetaryTotal');
  const amount = (name: string) => text(child(totals, name)) ?? '0.00';
  const delivery = child(root, 'Delivery');
  const deliveryAddress = path(delivery, 'DeliveryLocation', 'Address');
  const preceding = path(root, 'BillingReference', 'InvoiceDocumentReference');

  return compact({
    kind,
    number: required(text(child(root, 'ID')), 'number'),
    issueDate: required(text(child(root, 'IssueDate')), 'issue date'),
    dueDate: text(child(root, 'DueDate')) ?? text(child(means, 'PaymentDueDate')),
    currency,
    taxCurrency: otherTax
      ? {
          code: required(attribute(child(otherTax, 'TaxAmount'), 'currencyID'), 'tax currency'),
          taxTotal: required(text(child(otherTax, 'TaxAmount')), 'tax total'),
        }
      : undefined,
    buyerReference: text(child(root, 'BuyerReference')),
    orderReference: text(path(root, 'OrderReference', 'ID')),
    precedingInvoice: preceding
      ? compact({
          number: required(text(child(preceding, 'ID')), 'corrected invoice number'),
          issueDate: text(child(preceding, 'IssueDate')),
        })
      : undefined,
    notes: list(root, 'Note').map((n) => text(n) ?? ''),
    seller: ublParty(path(root, 'AccountingSupplierParty', 'Party')),
    buyer: ublParty(path(root, 'AccountingCustomerParty', 'Party')),
    delivery: delivery
      ? compact({
          date: text(child(delivery, 'ActualDeliveryDate')),
          address: deliveryAddress ? ublAddress(deliveryAddress) : undefined,
        })
      : undefined,
    payment: means
      ? compact({
          meansCode: required(text(child(means, 'PaymentMeansCode')), 'payment means'),
          remittanceInformation: text(child(means, 'PaymentID')),
          account: account
            ? compact({
                iban: required(text(child(account, 'ID')), 'account number'),
                name: text(child(account, 'Name')),
                bic: text(path(account, 'FinancialInstitutionBranch', 'ID')),
              })
            : undefined,
          terms: text(path(root, 'PaymentTerms', 'Note')),
        })
      : undefined,
    lines: list(root, credit ? 'CreditNoteLine' : 'InvoiceLine').map((line) =>
      ublLine(line, credit),
    ),
    allowancesCharges: list(root, 'AllowanceCharge').map((a): EInvoiceAllowanceCharge => ({
      kind: text(child(a, 'ChargeIndicator')) === 'true' ? 'charge' : 'allowance',
      amount: required(text(child(a, 'Amount')), 'allowance or charge amount'),
      reason: text(child(a, 'AllowanceChargeReason')) ?? '',
      tax: ublTax(child(a, 'TaxCategory')),
    })),
    taxSubtotals: list(mainTax, 'TaxSubtotal').map((subtotal): EInvoiceTaxSubtotal => {
      const taxCategory = child(subtotal, 'TaxCategory');
      return compact({
        ...ublTax(taxCategory),
        taxableAmount: required(text(child(subtotal, 'TaxableAmount')), 'taxable amount'),
        taxAmount: required(text(child(subtotal, 'TaxAmount')), 'tax amount'),
        exemptionReason: text(child(taxCategory, 'TaxExemptionReason')),
        exemptionReasonCode: text(child(taxCategory, 'TaxExemptionReasonCode')),
      });
    }),
    totals: {
      lineTotal: amount('LineExtensionAmount'),
      allowanceTotal: amount('AllowanceTotalAmount'),
      chargeTotal: amount('ChargeTotalAmount'),
      taxExclusive: amount('TaxExclusiveAmount'),
      taxTotal: text(child(mainTax, 'TaxAmount')) ?? '0.00',
      taxInclusive: amount('TaxInclusiveAmount'),
      prepaid: amount('PrepaidAmount'),
      rounding: amount('PayableRoundingAmount'),
      due: amount('PayableAmount'),
    },
  });
}

function ublTax(node: Node): EInvoiceTax {
  const code = category(text(child(node, 'ID')));
  return { category: code, rate: text(child(node, 'Percent')) ?? '0' };
}

function ublAddress(node: Node): EInvoiceAddress {
  const third = text(path(node, 'AddressLine', 'Line'));
  return compact({
    lines: [
      text(child(node, 'StreetName')),
      text(child(node, 'AdditionalStreetName')),
      third,
    ].filter((l): l is string => l !== undefined),
    city: text(child(node, 'CityName')),
    postcode: text(child(node, 'PostalZone')),
    region: text(child(node, 'CountrySubentity')),
    country: required(text(path(node, 'Country', 'IdentificationCode')), 'country'),
  });
}

function ublParty(node: Node): EInvoiceParty {
  const endpoint = child(node, 'EndpointID');
  const contact = child(node, 'Contact');
  return compact({
    name: required(text(path(node, 'PartyLegalEntity', 'RegistrationName')), 'party name'),
    tradingName: text(path(node, 'PartyName', 'Name')),
    address: ublAddress(child(node, 'PostalAddress')),
    vatId: text(
      child(
        list(node, 'PartyTaxScheme').find((t) => text(path(t, 'TaxScheme', 'ID')) === 'VAT'),
        'CompanyID',
      ),
    ),
    registrationId: text(path(node, 'PartyLegalEntity', 'CompanyID')),
    electronicAddress: electronicAddress(endpoint),
    contact: contact
      ? compact({
          name: text(child(contact, 'Name')),
          phone: text(child(contact, 'Telephone')),
          email: text(child(contact, 'ElectronicMail')),
        })
      : undefined,
  });
}

function ublLine(line: Node, credit: boolean): EInvoiceLine {
  const quantity = child(line, credit ? 'CreditedQuantity' : 'InvoicedQuantity');
  const item = child(line, 'Item');
  const discount = list(line, 'AllowanceCharge').find(
    (a) => text(child(a, 'ChargeIndicator')) === 'false',
  );
  return compact({
    id: required(text(child(line, 'ID')), 'line number'),
    note: text(child(line, 'Note')),
    quantity: required(text(quantity), 'quantity'),
    unitCode: required(attribute(quantity, 'unitCode'), 'unit'),
    netAmount: required(text(child(line, 'LineExtensionAmount')), 'line amount'),
    allowance: discount
      ? {
          amount: required(text(child(discount, 'Amount')), 'discount amount'),
          reason: text(child(discount, 'AllowanceChargeReason')) ?? '',
        }
      : undefined,
    name: required(text(child(item, 'Name')), 'item name'),
    description: text(child(item, 'Description')),
    sellerItemId: text(path(item, 'SellersItemIdentification', 'ID')),
    netPrice: required(text(path(line, 'Price', 'PriceAmount')), 'price'),
    tax: ublTax(child(item, 'ClassifiedTaxCategory')),
  });
}

// --- CII --------------------------------------------------------------------------------------

const ciiDate = (node: Node): string | undefined => {
  const value = text(child(node, 'DateTimeString'));
  return value && /^\d{8}$/.test(value)
    ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6)}`
    : value;
};

function readCii(root: Node): EInvoiceDocument {
  const header = child(root, 'ExchangedDocument');
  const transaction = child(root, 'SupplyChainTradeTransaction');
  const agreement = child(transaction, 'ApplicableHeaderTradeAgreement');
  const deliveryNode = child(transaction, 'ApplicableHeaderTradeDelivery');
  const settlement = child(transaction, 'ApplicableHeaderTradeSettlement');
  const currency = required(text(child(settlement, 'InvoiceCurrencyCode')), 'currency');
  const sums = child(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  const amount = (name: string) => text(child(sums, name)) ?? '0.00';
  const taxTotals = list(sums, 'TaxTotalAmount');
  const mainTax = taxTotals.find((t) => attribute(t, 'currencyID') === currency) ?? taxTotals[0];
  const otherTax = taxTotals.find((t) => t !== mainTax);
  const means = child(settlement, 'SpecifiedTradeSettlementPaymentMeans');
  const account = child(means, 'PayeePartyCreditorFinancialAccount');
  const terms = child(settlement, 'SpecifiedTradePaymentTerms');
  const shipTo = path(deliveryNode, 'ShipToTradeParty', 'PostalTradeAddress');
  const deliveryDate = ciiDate(
    path(deliveryNode, 'ActualDeliverySupplyChainEvent', 'OccurrenceDateTime'),
  );
  const preceding = child(settlement, 'InvoiceReferencedDocument');
  const typeCode = text(child(header, 'TypeCode'));

  return compact({
    kind: typeCode === '381' ? 'creditNote' : 'invoice',
    number: required(text(child(header, 'ID')), 'number'),
    issueDate: required(ciiDate(child(header, 'IssueDateTime')), 'issue date'),
    dueDate: ciiDate(child(terms, 'DueDateDateTime')),
    currency,
    taxCurrency: otherTax
      ? {
          code: required(attribute(otherTax, 'currencyID'), 'tax currency'),
          taxTotal: required(text(otherTax), 'tax total'),
        }
      : undefined,
    buyerReference: text(child(agreement, 'BuyerReference')),
    orderReference: text(path(agreement, 'BuyerOrderReferencedDocument', 'IssuerAssignedID')),
    precedingInvoice: preceding
      ? compact({
          number: required(text(child(preceding, 'IssuerAssignedID')), 'corrected invoice number'),
          issueDate: ciiDate(child(preceding, 'FormattedIssueDateTime')),
        })
      : undefined,
    notes: list(header, 'IncludedNote').map((n) => text(child(n, 'Content')) ?? ''),
    seller: ciiParty(child(agreement, 'SellerTradeParty')),
    buyer: ciiParty(child(agreement, 'BuyerTradeParty')),
    delivery:
      shipTo || deliveryDate
        ? compact({ date: deliveryDate, address: shipTo ? ciiAddress(shipTo) : undefined })
        : undefined,
    payment: means
      ? compact({
          meansCode: required(text(child(means, 'TypeCode')), 'payment means'),
          remittanceInformation: text(child(settlement, 'PaymentReference')),
          account: account
            ? compact({
                iban: required(text(child(account, 'IBANID')), 'account number'),
                name: text(child(account, 'AccountName')),
                bic: text(path(means, 'PayeeSpecifiedCreditorFinancialInstitution', 'BICID')),
              })
            : undefined,
          terms: text(child(terms, 'Description')),
        })
      : undefined,
    lines: list(transaction, 'IncludedSupplyChainTradeLineItem').map(ciiLine),
    allowancesCharges: list(settlement, 'SpecifiedTradeAllowanceCharge').map(
      (a): EInvoiceAllowanceCharge => ({
        kind: text(path(a, 'ChargeIndicator', 'Indicator')) === 'true' ? 'charge' : 'allowance',
        amount: required(text(child(a, 'ActualAmount')), 'allowance or charge amount'),
        reason: text(child(a, 'Reason')) ?? '',
        tax: ciiTax(child(a, 'CategoryTradeTax')),
      }),
    ),
    taxSubtotals: list(settlement, 'ApplicableTradeTax').map((tax): EInvoiceTaxSubtotal =>
      compact({
        ...ciiTax(tax),
        taxableAmount: required(text(child(tax, 'BasisAmount')), 'taxable amount'),
        taxAmount: required(text(child(tax, 'CalculatedAmount')), 'tax amount'),
        exemptionReason: text(child(tax, 'ExemptionReason')),
        exemptionReasonCode: text(child(tax, 'ExemptionReasonCode')),
      }),
    ),
    totals: {
      lineTotal: amount('LineTotalAmount'),
      allowanceTotal: amount('AllowanceTotalAmount'),
      chargeTotal: amount('ChargeTotalAmount'),
      taxExclusive: amount('TaxBasisTotalAmount'),
      taxTotal: text(mainTax) ?? '0.00',
      taxInclusive: amount('GrandTotalAmount'),
      prepaid: amount('TotalPrepaidAmount'),
      rounding: amount('RoundingAmount'),
      due: amount('DuePayableAmount'),
    },
  });
}

function ciiTax(node: Node): EInvoiceTax {
  const code = category(text(child(node, 'CategoryCode')));
  return { category: code, rate: text(child(node, 'RateApplicablePercent')) ?? '0' };
}

function ciiAddress(node: Node): EInvoiceAddress {
  return compact({
    lines: ['LineOne', 'LineTwo', 'LineThree']
      .map((name) => text(child(node, name)))
      .filter((l): l is string => l !== undefined),
    city: text(child(node, 'CityName')),
    postcode: text(child(node, 'PostcodeCode')),
    region: text(child(node, 'CountrySubDivisionName')),
    country: required(text(child(node, 'CountryID')), 'country'),
  });
}

function ciiParty(node: Node): EInvoiceParty {
  const legal = child(node, 'SpecifiedLegalOrganization');
  const contact = child(node, 'DefinedTradeContact');
  const uri = path(node, 'URIUniversalCommunication', 'URIID');
  return compact({
    name: required(text(child(node, 'Name')), 'party name'),
    tradingName: text(child(legal, 'TradingBusinessName')),
    address: ciiAddress(child(node, 'PostalTradeAddress')),
    vatId: text(
      list(node, 'SpecifiedTaxRegistration')
        .map((r) => child(r, 'ID'))
        .find((id) => attribute(id, 'schemeID') === 'VA'),
    ),
    registrationId: text(child(legal, 'ID')),
    electronicAddress: electronicAddress(uri),
    contact: contact
      ? compact({
          name: text(child(contact, 'PersonName')),
          phone: text(path(contact, 'TelephoneUniversalCommunication', 'CompleteNumber')),
          email: text(path(contact, 'EmailURIUniversalCommunication', 'URIID')),
        })
      : undefined,
  });
}

function ciiLine(item: Node): EInvoiceLine {
  const lineDocument = child(item, 'AssociatedDocumentLineDocument');
  const product = child(item, 'SpecifiedTradeProduct');
  const quantity = path(item, 'SpecifiedLineTradeDelivery', 'BilledQuantity');
  const settlement = child(item, 'SpecifiedLineTradeSettlement');
  const discount = list(settlement, 'SpecifiedTradeAllowanceCharge').find(
    (a) => text(path(a, 'ChargeIndicator', 'Indicator')) === 'false',
  );
  return compact({
    id: required(text(child(lineDocument, 'LineID')), 'line number'),
    note: text(path(lineDocument, 'IncludedNote', 'Content')),
    quantity: required(text(quantity), 'quantity'),
    unitCode: required(attribute(quantity, 'unitCode'), 'unit'),
    netAmount: required(
      text(path(settlement, 'SpecifiedTradeSettlementLineMonetarySummation', 'LineTotalAmount')),
      'line amount',
    ),
    allowance: discount
      ? {
          amount: required(text(child(discount, 'ActualAmount')), 'discount amount'),
          reason: text(child(discount, 'Reason')) ?? '',
        }
      : undefined,
    name: required(text(child(product, 'Name')), 'item name'),
    description: text(child(product, 'Description')),
    sellerItemId: text(child(product, 'SellerAssignedID')),
    netPrice: required(
      text(path(item, 'SpecifiedLineTradeAgreement', 'NetPriceProductTradePrice', 'ChargeAmount')),
      'price',
    ),
    tax: ciiTax(child(settlement, 'ApplicableTradeTax')),
  });
}
