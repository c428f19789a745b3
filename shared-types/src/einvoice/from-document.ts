/**
 * The e-invoice source of a stored document: the one mapping from an issued invoice (or credit
 * note), the company's details and the customer's identity to `EInvoiceSource`. The server calls
 * it with what it loads for the PDF, the PWA with its local rows, so both write the same XML.
 */
import type { CompanyDetails } from '../company';
import { dec } from '../decimal';
import { parseNotes } from '../documents/notes';
import type { PaymentTerms } from '../payments';
import { PAYMENT_TERMS_LABELS } from '../payments';
import type { TaxCategory } from '../tax-categories';
import type { EInvoiceSource, EInvoiceSourceAdjustment, EInvoiceSourceLine } from './build';
import type { EInvoiceAddress, EInvoiceParty } from './model';

type Text = string | null | undefined;

export interface EInvoiceItemInput {
  name: string;
  description?: Text;
  sku?: Text;
  quantity: number | string;
  unitPrice: number | string;
  unitCode?: Text;
  /** The tax rate record the line was taxed with (its exemption reason goes in BT-120). */
  taxRateId?: Text;
  taxCategory?: TaxCategory | null;
  taxRate?: number | string | null;
  discountKind?: 'percent' | 'amount' | null;
  discountValue?: number | string | null;
}

/** A document-level allowance or charge, as stored. */
export interface EInvoiceAdjustmentInput {
  kind: 'allowance' | 'charge';
  reason: string;
  amount: number | string;
  taxCategory?: TaxCategory | null;
  taxRate?: number | string | null;
}

export interface EInvoiceDocumentInput {
  kind: EInvoiceSource['kind'];
  number: string;
  /** 'YYYY-MM-DD' (a date-time is cut to its date). */
  issueDate: string;
  dueDate?: Text;
  currencyCode: string;
  /** The document's rich-text notes (HTML); written as plain text. */
  notes?: Text;
  pricesIncludeTax?: boolean;
  /** The document's one rate, for lines stored before tax per line. */
  taxRate?: number | string;
  items: EInvoiceItemInput[];
  adjustments?: EInvoiceAdjustmentInput[];
  amountPaid?: number | string | null;
  orderNumber?: Text;
  paymentTerms?: Text;
  precedingInvoice?: { number: string; issueDate?: string };
  /** A credit note's reason: its first note (BT-22), plain text. */
  reason?: Text;
  /** The tax total also in this currency (BT-6, BT-111): `taxCurrencyOf`. */
  taxCurrency?: { code: string; rate: string };
  /** The company's tax rate records, for the exemption reasons they carry. */
  taxRates?: Array<{ id: string; category: TaxCategory; exemptionReason?: Text }>;
}

/** The company as the documents print it (`CompanyDetails`, any field may be missing). */
export type EInvoiceCompanyInput = Partial<CompanyDetails> & { name?: Text };

export interface EInvoiceCustomerInput {
  name: string;
  email?: Text;
  phoneNumber?: Text;
  address?: Text;
  address2?: Text;
  postcode?: Text;
  city?: Text;
  region?: Text;
  country?: Text;
  vatId?: Text;
  registrationId?: Text;
  electronicAddressScheme?: Text;
  electronicAddressId?: Text;
  buyerReference?: Text;
}

const text = (value: Text): string | undefined => value?.trim() || undefined;
const day = (value: string) => value.slice(0, 10);

function address(street: Text[], party: EInvoiceCustomerInput | EInvoiceCompanyInput) {
  const lines = street
    .flatMap((s) => (s ?? '').split('\n'))
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 3);
  const out: EInvoiceAddress = { lines, country: text(party.country)?.toUpperCase() ?? '' };
  if (text(party.city)) out.city = text(party.city);
  if (text(party.postcode)) out.postcode = text(party.postcode);
  if (text(party.region)) out.region = text(party.region);
  return out;
}

/** The identifiers a seller and a buyer alike carry: VAT id, registration id, electronic address. */
function identified(
  party: EInvoiceParty,
  source: EInvoiceCustomerInput | EInvoiceCompanyInput,
): EInvoiceParty {
  if (text(source.vatId)) party.vatId = text(source.vatId);
  if (text(source.registrationId)) party.registrationId = text(source.registrationId);
  const scheme = text(source.electronicAddressScheme);
  const id = text(source.electronicAddressId);
  if (scheme && id) party.electronicAddress = { scheme, id };
  return party;
}

/** The notes' text, one string per paragraph or list item (BT-22). */
export function plainNotes(html: Text): string[] {
  return parseNotes(html ?? '')
    .flatMap((block) =>
      block.type === 'paragraph'
        ? [block.runs.map((r) => r.text).join('')]
        : block.items.map((item) => item.map((r) => r.text).join('')),
    )
    .map((line) => line.trim())
    .filter(Boolean);
}

function seller(company: EInvoiceCompanyInput): EInvoiceParty {
  const name = text(company.legalName) ?? text(company.name) ?? '';
  const party = identified({ name, address: address([company.address], company) }, company);
  const email = text(company.email);
  const phone = text(company.phone);
  if (email || phone) party.contact = { name: name || undefined, phone, email };
  return party;
}

function buyer(customer: EInvoiceCustomerInput): EInvoiceParty {
  const party = identified(
    {
      name: customer.name.trim(),
      address: address([customer.address, customer.address2], customer),
    },
    customer,
  );
  const email = text(customer.email);
  const phone = text(customer.phoneNumber);
  if (email || phone) party.contact = { email, phone };
  return party;
}

function line(item: EInvoiceItemInput, fallbackRate: number | string): EInvoiceSourceLine {
  const category = item.taxCategory ?? 'S';
  const out: EInvoiceSourceLine = {
    name: item.name,
    quantity: String(item.quantity),
    unitPrice: String(item.unitPrice),
    unitCode: text(item.unitCode) ?? 'C62',
    tax: { category, rate: String(item.taxRate ?? (category === 'S' ? fallbackRate : 0)) },
  };
  if (text(item.description)) out.description = text(item.description);
  if (text(item.sku)) out.sellerItemId = text(item.sku);
  if (item.discountKind && item.discountValue != null && Number(item.discountValue) !== 0)
    out.discount = { kind: item.discountKind, value: String(item.discountValue) };
  return out;
}

/** The exemption reasons the company wrote on the rates the lines use, by category. */
function exemptionReasons(doc: EInvoiceDocumentInput): EInvoiceSource['exemptionReasons'] {
  const out: NonNullable<EInvoiceSource['exemptionReasons']> = {};
  const used = new Set(doc.items.map((i) => i.taxRateId).filter(Boolean));
  for (const rate of doc.taxRates ?? []) {
    const reason = text(rate.exemptionReason);
    if (reason && used.has(rate.id) && rate.category !== 'S' && !out[rate.category])
      out[rate.category] = reason;
  }
  return out;
}

/** The EN 16931 source of an issued document: the same data its PDF prints. */
export function eInvoiceSourceOf(
  doc: EInvoiceDocumentInput,
  company: EInvoiceCompanyInput,
  customer: EInvoiceCustomerInput,
): EInvoiceSource {
  const iban = text(company.iban);
  const terms =
    doc.paymentTerms && doc.paymentTerms in PAYMENT_TERMS_LABELS
      ? PAYMENT_TERMS_LABELS[doc.paymentTerms as PaymentTerms]
      : text(doc.paymentTerms);
  const adjustments: EInvoiceSourceAdjustment[] = (doc.adjustments ?? []).map((a) => ({
    kind: a.kind,
    reason: a.reason,
    value: { kind: 'amount', value: String(a.amount) },
    tax: { category: a.taxCategory ?? 'S', rate: String(a.taxRate ?? doc.taxRate ?? 0) },
  }));
  const paid = Number(doc.amountPaid ?? 0);
  const source: EInvoiceSource = {
    kind: doc.kind,
    number: doc.number,
    issueDate: day(doc.issueDate),
    currency: doc.currencyCode,
    notes: [...(text(doc.reason) ? [text(doc.reason)!] : []), ...plainNotes(doc.notes)],
    seller: seller(company),
    buyer: buyer(customer),
    lines: doc.items.map((item) => line(item, doc.taxRate ?? 0)),
    adjustments,
    pricesIncludeTax: doc.pricesIncludeTax === true,
    payment: {
      // 58: SEPA credit transfer in euros; 30: a credit transfer in another currency; both
      // need the account, so without one the means stay 1 (not defined).
      meansCode: !iban ? '1' : doc.currencyCode === 'EUR' ? '58' : '30',
      remittanceInformation: doc.number,
      ...(iban
        ? {
            account: {
              iban,
              name: text(company.legalName) ?? text(company.name),
              bic: text(company.bic),
            },
          }
        : {}),
      ...(terms ? { terms } : {}),
    },
  };
  if (doc.dueDate) source.dueDate = day(doc.dueDate);
  if (text(customer.buyerReference)) source.buyerReference = text(customer.buyerReference);
  if (text(doc.orderNumber)) source.orderReference = text(doc.orderNumber);
  if (paid > 0) source.prepaid = paid.toFixed(2);
  if (doc.precedingInvoice) source.precedingInvoice = doc.precedingInvoice;
  if (doc.taxCurrency) source.taxCurrency = doc.taxCurrency;
  const reasons = exemptionReasons(doc);
  if (reasons && Object.keys(reasons).length > 0) source.exemptionReasons = reasons;
  return source;
}

/** A currency as the tax currency needs it: what one unit is worth in dollars. */
export interface EInvoiceCurrencyInput {
  code: string;
  dollarExchangeRate: number | string;
  isDefault: boolean;
}

/**
 * The tax currency of a document (BT-6): the company's own currency, when the document is in
 * another. EU VAT law (Directive 2006/112/EC art. 230) wants the VAT of an invoice in a foreign
 * currency stated in the national currency too; the rate is the one the company keeps on its
 * currencies (units of its currency per unit of the document's). Undefined when they agree.
 */
export function taxCurrencyOf(
  currencyCode: string,
  currencies: EInvoiceCurrencyInput[],
): { code: string; rate: string } | undefined {
  const own = currencies.find((c) => c.isDefault);
  const code = currencyCode.trim().toUpperCase();
  const document = currencies.find((c) => c.code.trim().toUpperCase() === code);
  if (!own || !document || own.code.trim().toUpperCase() === code) return undefined;
  return {
    code: own.code.trim().toUpperCase(),
    rate: dec(document.dollarExchangeRate).dividedBy(dec(own.dollarExchangeRate)).toString(),
  };
}
