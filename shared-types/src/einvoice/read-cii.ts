/** Reads a CII CrossIndustryInvoice (Factur-X, ZUGFeRD, XRechnung CII) into the EN 16931 model. */
import type {
  EInvoiceAddress,
  EInvoiceAllowanceCharge,
  EInvoiceDocument,
  EInvoiceLine,
  EInvoiceParty,
  EInvoiceTax,
  EInvoiceTaxSubtotal,
} from './model';
import {
  attribute,
  category,
  child,
  compact,
  electronicAddress,
  list,
  path,
  required,
  text,
  type Node,
} from './read-xml';

const ciiDate = (node: Node): string | undefined => {
  const value = text(child(node, 'DateTimeString'));
  return value && /^\d{8}$/.test(value)
    ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6)}`
    : value;
};

export function readCii(root: Node): EInvoiceDocument {
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
