/**
 * An issued invoice or credit note as EN 16931 describes it: the one structured model every
 * e-invoice format (UBL for Peppol BIS and XRechnung, CII for Factur-X) is written from, and what
 * the readers give back. Amounts are 2-decimal strings, dates civil dates ('2026-11-26'); the
 * business term each field carries is named beside it (BT-n, BG-n).
 */
import type { DocumentAmounts } from '../tax-calculation';
import type { TaxCategory } from '../tax-categories';

export interface EInvoiceAddress {
  /** BT-35/36/162 (seller), BT-50/51/163 (buyer): up to three street lines. */
  lines: string[];
  /** BT-37 / BT-52. */
  city?: string;
  /** BT-38 / BT-53. */
  postcode?: string;
  /** BT-39 / BT-54. */
  region?: string;
  /** BT-40 / BT-55: ISO 3166-1 alpha-2. */
  country: string;
}

export interface EInvoiceParty {
  /** BT-27 / BT-44: legal name. */
  name: string;
  /** BT-28 / BT-45. */
  tradingName?: string;
  address: EInvoiceAddress;
  /** BT-31 / BT-48: VAT identifier with its country prefix. */
  vatId?: string;
  /** BT-30 / BT-47: legal registration identifier. */
  registrationId?: string;
  /** BT-34 / BT-49: electronic address, with its scheme (ISO 6523 ICD or EAS code, e.g. 0208). */
  electronicAddress?: { scheme: string; id: string };
  /** BG-6 / BG-9. */
  contact?: { name?: string; phone?: string; email?: string };
}

export interface EInvoiceTax {
  /** BT-151 / BT-118 / BT-95 / BT-102: UNCL 5305. */
  category: TaxCategory;
  /** Percent, normalised ('19', '5.5'); '0' for every category but S. */
  rate: string;
}

export interface EInvoiceLine {
  /** BT-126. */
  id: string;
  /** BT-127. */
  note?: string;
  /** BT-129, with its UN/ECE Rec 20 unit (BT-130). */
  quantity: string;
  unitCode: string;
  /** BT-131: quantity × net price − line allowance. */
  netAmount: string;
  /** BG-27: a discount on the line, with its reason (BT-136, BT-139). */
  allowance?: { amount: string; reason: string };
  /** BT-153. */
  name: string;
  /** BT-154. */
  description?: string;
  /** BT-155. */
  sellerItemId?: string;
  /** BT-146: the item's net price (more decimals allowed). */
  netPrice: string;
  tax: EInvoiceTax;
}

export interface EInvoiceAllowanceCharge {
  /** BG-20 (allowance) or BG-21 (charge). */
  kind: 'allowance' | 'charge';
  /** BT-92 / BT-99. */
  amount: string;
  /** BT-97 / BT-104. */
  reason: string;
  tax: EInvoiceTax;
}

export interface EInvoiceTaxSubtotal extends EInvoiceTax {
  /** BT-116. */
  taxableAmount: string;
  /** BT-117. */
  taxAmount: string;
  /** BT-120 / BT-121: why no tax is charged (every category but S and Z). */
  exemptionReason?: string;
  exemptionReasonCode?: string;
}

/** BG-22: the document totals (BT-106 … BT-115), as the one document arithmetic gives them. */
export type EInvoiceTotals = DocumentAmounts;

export interface EInvoicePayment {
  /** BT-81: UNCL 4461, 30 credit transfer, 58 SEPA credit transfer. */
  meansCode: string;
  /** BT-83: the reference the buyer quotes with the transfer. */
  remittanceInformation?: string;
  /** BT-84, BT-85, BT-86. */
  account?: { iban: string; name?: string; bic?: string };
  /** BT-20. */
  terms?: string;
}

export interface EInvoiceDocument {
  kind: 'invoice' | 'creditNote';
  /** BT-1. */
  number: string;
  /** BT-2. */
  issueDate: string;
  /** BT-9. */
  dueDate?: string;
  /** BT-5. */
  currency: string;
  /** BT-6 and BT-111: the tax total in the tax currency, when it differs (e.g. EUR). */
  taxCurrency?: { code: string; taxTotal: string };
  /** BT-10. */
  buyerReference?: string;
  /** BT-13. */
  orderReference?: string;
  /** BG-3: the invoice a credit note corrects (BT-25, BT-26). */
  precedingInvoice?: { number: string; issueDate?: string };
  /** BT-22. */
  notes: string[];
  seller: EInvoiceParty;
  buyer: EInvoiceParty;
  /** BG-13: BT-72 actual delivery date and BG-15 the deliver-to address (an intra-EU supply
   *  needs the date and the country). */
  delivery?: { date?: string; address?: EInvoiceAddress };
  payment?: EInvoicePayment;
  lines: EInvoiceLine[];
  allowancesCharges: EInvoiceAllowanceCharge[];
  taxSubtotals: EInvoiceTaxSubtotal[];
  totals: EInvoiceTotals;
}
