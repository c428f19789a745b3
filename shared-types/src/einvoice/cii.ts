/**
 * EN 16931 documents written as UN/CEFACT Cross Industry Invoice (CII D16B) at the Factur-X /
 * ZUGFeRD EN 16931 profile: the `factur-x.xml` a Factur-X PDF carries. Elements follow the CII
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
} from './model';
import { optionalText } from './write-xml';

/** BT-24 of the Factur-X EN 16931 profile (the plain EN 16931 identifier). */
export const FACTURX_GUIDELINE = 'urn:cen.eu:en16931:2017';

const NS = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};

const ram = (parent: XMLBuilder, name: string, attributes?: Record<string, string>) =>
  parent.ele(NS.ram, `ram:${name}`, attributes ?? {});

/** Adds `ram:name` with its text when the value is given; returns the parent. */
const text = (
  parent: XMLBuilder,
  name: string,
  value: string | undefined | null,
  attributes?: Record<string, string>,
) => optionalText(parent, NS.ram, `ram:${name}`, value, attributes);

/** A date as CII writes it: `<udt:DateTimeString format="102">20261126</…>`. */
function date(parent: XMLBuilder, name: string, value: string | undefined, ns: 'udt' | 'qdt') {
  if (!value) return;
  ram(parent, name)
    .ele(NS[ns], `${ns}:DateTimeString`, { format: '102' })
    .txt(value.replaceAll('-', ''));
}

function indicator(parent: XMLBuilder, charge: boolean) {
  ram(parent, 'ChargeIndicator')
    .ele(NS.udt, 'udt:Indicator')
    .txt(charge ? 'true' : 'false');
}

export function writeCii(doc: EInvoiceDocument): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(
    NS.rsm,
    'rsm:CrossIndustryInvoice',
    { 'xmlns:ram': NS.ram, 'xmlns:qdt': NS.qdt, 'xmlns:udt': NS.udt },
  );
  const money = { currencyID: doc.currency };

  const context = root.ele(NS.rsm, 'rsm:ExchangedDocumentContext');
  text(ram(context, 'GuidelineSpecifiedDocumentContextParameter'), 'ID', FACTURX_GUIDELINE);

  const header = root.ele(NS.rsm, 'rsm:ExchangedDocument');
  text(header, 'ID', doc.number);
  text(header, 'TypeCode', doc.kind === 'creditNote' ? '381' : '380');
  date(header, 'IssueDateTime', doc.issueDate, 'udt');
  for (const note of doc.notes) text(ram(header, 'IncludedNote'), 'Content', note);

  const transaction = root.ele(NS.rsm, 'rsm:SupplyChainTradeTransaction');
  for (const line of doc.lines) {
    const item = ram(transaction, 'IncludedSupplyChainTradeLineItem');
    const lineDocument = ram(item, 'AssociatedDocumentLineDocument');
    text(lineDocument, 'LineID', line.id);
    if (line.note) text(ram(lineDocument, 'IncludedNote'), 'Content', line.note);
    const product = ram(item, 'SpecifiedTradeProduct');
    text(product, 'SellerAssignedID', line.sellerItemId);
    text(product, 'Name', line.name);
    text(product, 'Description', line.description);
    text(
      ram(ram(item, 'SpecifiedLineTradeAgreement'), 'NetPriceProductTradePrice'),
      'ChargeAmount',
      line.netPrice,
    );
    text(ram(item, 'SpecifiedLineTradeDelivery'), 'BilledQuantity', line.quantity, {
      unitCode: line.unitCode,
    });
    const settlement = ram(item, 'SpecifiedLineTradeSettlement');
    tradeTax(ram(settlement, 'ApplicableTradeTax'), line.tax);
    if (line.allowance) {
      const discount = ram(settlement, 'SpecifiedTradeAllowanceCharge');
      indicator(discount, false);
      text(discount, 'ActualAmount', line.allowance.amount);
      text(discount, 'Reason', line.allowance.reason);
    }
    text(
      ram(settlement, 'SpecifiedTradeSettlementLineMonetarySummation'),
      'LineTotalAmount',
      line.netAmount,
    );
  }

  const agreement = ram(transaction, 'ApplicableHeaderTradeAgreement');
  text(agreement, 'BuyerReference', doc.buyerReference);
  party(ram(agreement, 'SellerTradeParty'), doc.seller);
  party(ram(agreement, 'BuyerTradeParty'), doc.buyer);
  if (doc.orderReference) {
    text(ram(agreement, 'BuyerOrderReferencedDocument'), 'IssuerAssignedID', doc.orderReference);
  }

  const delivery = ram(transaction, 'ApplicableHeaderTradeDelivery');
  if (doc.delivery?.address) {
    postalAddress(
      ram(ram(delivery, 'ShipToTradeParty'), 'PostalTradeAddress'),
      doc.delivery.address,
    );
  }
  if (doc.delivery?.date) {
    date(
      ram(delivery, 'ActualDeliverySupplyChainEvent'),
      'OccurrenceDateTime',
      doc.delivery.date,
      'udt',
    );
  }

  const settlement = ram(transaction, 'ApplicableHeaderTradeSettlement');
  text(settlement, 'PaymentReference', doc.payment?.remittanceInformation);
  text(settlement, 'TaxCurrencyCode', doc.taxCurrency?.code);
  text(settlement, 'InvoiceCurrencyCode', doc.currency);
  if (doc.payment) {
    const means = ram(settlement, 'SpecifiedTradeSettlementPaymentMeans');
    text(means, 'TypeCode', doc.payment.meansCode);
    if (doc.payment.account) {
      const account = ram(means, 'PayeePartyCreditorFinancialAccount');
      text(account, 'IBANID', doc.payment.account.iban);
      text(account, 'AccountName', doc.payment.account.name);
      if (doc.payment.account.bic) {
        text(
          ram(means, 'PayeeSpecifiedCreditorFinancialInstitution'),
          'BICID',
          doc.payment.account.bic,
        );
      }
    }
  }
  for (const subtotal of doc.taxSubtotals) {
    const tax = ram(settlement, 'ApplicableTradeTax');
    text(tax, 'CalculatedAmount', subtotal.taxAmount);
    text(tax, 'TypeCode', 'VAT');
    text(tax, 'ExemptionReason', subtotal.exemptionReason);
    text(tax, 'BasisAmount', subtotal.taxableAmount);
    text(tax, 'CategoryCode', subtotal.category);
    text(tax, 'ExemptionReasonCode', subtotal.exemptionReasonCode);
    text(tax, 'RateApplicablePercent', subtotal.rate);
  }
  for (const adjustment of doc.allowancesCharges) allowanceCharge(settlement, adjustment);
  if (doc.payment?.terms || doc.dueDate) {
    const terms = ram(settlement, 'SpecifiedTradePaymentTerms');
    text(terms, 'Description', doc.payment?.terms);
    date(terms, 'DueDateDateTime', doc.dueDate, 'udt');
  }

  const t = doc.totals;
  const sums = ram(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  text(sums, 'LineTotalAmount', t.lineTotal);
  if (doc.allowancesCharges.some((a) => a.kind === 'charge')) {
    text(sums, 'ChargeTotalAmount', t.chargeTotal);
  }
  if (doc.allowancesCharges.some((a) => a.kind === 'allowance')) {
    text(sums, 'AllowanceTotalAmount', t.allowanceTotal);
  }
  text(sums, 'TaxBasisTotalAmount', t.taxExclusive);
  text(sums, 'TaxTotalAmount', t.taxTotal, money);
  if (doc.taxCurrency) {
    text(sums, 'TaxTotalAmount', doc.taxCurrency.taxTotal, { currencyID: doc.taxCurrency.code });
  }
  if (t.rounding !== '0.00') text(sums, 'RoundingAmount', t.rounding);
  text(sums, 'GrandTotalAmount', t.taxInclusive);
  if (t.prepaid !== '0.00') text(sums, 'TotalPrepaidAmount', t.prepaid);
  text(sums, 'DuePayableAmount', t.due);

  if (doc.precedingInvoice) {
    const reference = ram(settlement, 'InvoiceReferencedDocument');
    text(reference, 'IssuerAssignedID', doc.precedingInvoice.number);
    date(reference, 'FormattedIssueDateTime', doc.precedingInvoice.issueDate, 'qdt');
  }

  return root.end({ prettyPrint: true });
}

function party(element: XMLBuilder, value: EInvoiceParty): void {
  text(element, 'Name', value.name);
  if (value.registrationId || value.tradingName) {
    const legal = ram(element, 'SpecifiedLegalOrganization');
    text(legal, 'ID', value.registrationId);
    text(legal, 'TradingBusinessName', value.tradingName);
  }
  const contact = value.contact;
  if (contact && (contact.name || contact.phone || contact.email)) {
    const details = ram(element, 'DefinedTradeContact');
    text(details, 'PersonName', contact.name);
    if (contact.phone)
      text(ram(details, 'TelephoneUniversalCommunication'), 'CompleteNumber', contact.phone);
    if (contact.email) text(ram(details, 'EmailURIUniversalCommunication'), 'URIID', contact.email);
  }
  postalAddress(ram(element, 'PostalTradeAddress'), value.address);
  if (value.electronicAddress) {
    text(ram(element, 'URIUniversalCommunication'), 'URIID', value.electronicAddress.id, {
      schemeID: value.electronicAddress.scheme,
    });
  }
  if (value.vatId)
    text(ram(element, 'SpecifiedTaxRegistration'), 'ID', value.vatId, { schemeID: 'VA' });
}

function postalAddress(element: XMLBuilder, address: EInvoiceAddress): void {
  const [one, two, three] = address.lines;
  text(element, 'PostcodeCode', address.postcode);
  text(element, 'LineOne', one);
  text(element, 'LineTwo', two);
  text(element, 'LineThree', three);
  text(element, 'CityName', address.city);
  text(element, 'CountryID', address.country);
  text(element, 'CountrySubDivisionName', address.region);
}

function tradeTax(element: XMLBuilder, tax: EInvoiceTax): void {
  text(element, 'TypeCode', 'VAT');
  text(element, 'CategoryCode', tax.category);
  // Outside the scope of VAT carries no rate at all.
  if (tax.category !== 'O') text(element, 'RateApplicablePercent', tax.rate);
}

function allowanceCharge(parent: XMLBuilder, value: EInvoiceAllowanceCharge): void {
  const element = ram(parent, 'SpecifiedTradeAllowanceCharge');
  indicator(element, value.kind === 'charge');
  text(element, 'ActualAmount', value.amount);
  text(element, 'Reason', value.reason);
  tradeTax(ram(element, 'CategoryTradeTax'), value.tax);
}
