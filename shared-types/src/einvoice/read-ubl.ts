/** Reads a UBL 2.1 Invoice or CreditNote (Peppol BIS, XRechnung) into the EN 16931 model. */
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

export function readUbl(root: Node, kind: EInvoiceDocument['kind']): EInvoiceDocument {
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
