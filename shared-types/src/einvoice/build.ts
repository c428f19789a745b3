/**
 * The EN 16931 model of a document from its lines, taxes and parties: the amounts come from the
 * one document arithmetic (`calculateDocument`), so an e-invoice always says what the PDF says.
 */
import { D, dec } from '../decimal';
import { normalizeTaxRate } from '../money';
import {
  calculateDocument,
  type CalculationAdjustment,
  type CalculationLine,
} from '../tax-calculation';
import { TAX_CATEGORY_RULES } from '../tax-categories';
import type {
  EInvoiceDocument,
  EInvoiceParty,
  EInvoicePayment,
  EInvoiceTax,
  EInvoiceTaxSubtotal,
} from './model';

export interface EInvoiceSourceLine extends CalculationLine {
  name: string;
  description?: string;
  sellerItemId?: string;
  /** UN/ECE Rec 20 (C62 piece, HUR hour, DAY, KGM, MTR, LTR …). */
  unitCode: string;
}

export interface EInvoiceSourceAdjustment extends CalculationAdjustment {
  reason: string;
}

export interface EInvoiceSource {
  kind: EInvoiceDocument['kind'];
  number: string;
  issueDate: string;
  dueDate?: string;
  currency: string;
  /** When the tax must also be stated in another currency: its code and the exchange rate
   *  (units of the tax currency per unit of the document currency). */
  taxCurrency?: { code: string; rate: string };
  buyerReference?: string;
  orderReference?: string;
  precedingInvoice?: EInvoiceDocument['precedingInvoice'];
  notes?: string[];
  seller: EInvoiceParty;
  buyer: EInvoiceParty;
  delivery?: EInvoiceDocument['delivery'];
  payment?: EInvoicePayment;
  lines: EInvoiceSourceLine[];
  adjustments?: EInvoiceSourceAdjustment[];
  pricesIncludeTax?: boolean;
  prepaid?: string;
  /** Exemption reasons by category, where the company wrote its own (else the category's). */
  exemptionReasons?: Partial<Record<EInvoiceTax['category'], string>>;
}

export function buildEInvoice(source: EInvoiceSource): EInvoiceDocument {
  const calculated = calculateDocument({
    lines: source.lines,
    adjustments: source.adjustments,
    pricesIncludeTax: source.pricesIncludeTax,
    prepaid: source.prepaid,
  });
  const gross = source.pricesIncludeTax === true;

  const taxSubtotals: EInvoiceTaxSubtotal[] = calculated.breakdown.map((row) => {
    const rule = TAX_CATEGORY_RULES[row.category];
    const own = source.exemptionReasons?.[row.category];
    return {
      category: row.category,
      rate: row.rate,
      taxableAmount: row.taxableAmount,
      taxAmount: row.taxAmount,
      ...(rule.needsExemptionReason
        ? {
            exemptionReason: own ?? rule.defaultReason?.text,
            exemptionReasonCode: own ? undefined : rule.defaultReason?.code,
          }
        : {}),
    };
  });

  return {
    kind: source.kind,
    number: source.number,
    issueDate: source.issueDate,
    dueDate: source.dueDate,
    currency: source.currency,
    taxCurrency: source.taxCurrency && {
      code: source.taxCurrency.code,
      taxTotal: dec(calculated.totals.taxTotal)
        .times(dec(source.taxCurrency.rate))
        .toDecimalPlaces(2, D.ROUND_HALF_UP)
        .toFixed(2),
    },
    buyerReference: source.buyerReference,
    orderReference: source.orderReference,
    precedingInvoice: source.precedingInvoice,
    notes: source.notes ?? [],
    seller: source.seller,
    buyer: source.buyer,
    // The delivery (service) date must be stated; unless the document names another, it is
    // the issue date, as on most small-business invoices.
    delivery: { ...source.delivery, date: source.delivery?.date ?? source.issueDate },
    payment: source.payment,
    lines: source.lines.map((line, i) => {
      const amounts = calculated.lines[i]!;
      const tax = { category: line.tax.category, rate: normalizeTaxRate(line.tax.rate) };
      const base = {
        id: String(i + 1),
        quantity: dec(line.quantity).toString(),
        unitCode: line.unitCode,
        netAmount: amounts.net,
        name: line.name,
        description: line.description,
        sellerItemId: line.sellerItemId,
        tax,
      };
      if (gross) {
        // The net price that gives the derived net amount (its discount included in it).
        const quantity = dec(line.quantity);
        const price = quantity.isZero()
          ? dec(line.unitPrice).dividedBy(dec(100).plus(tax.rate).dividedBy(100))
          : dec(amounts.net).dividedBy(quantity);
        return { ...base, netPrice: price.toDecimalPlaces(6, D.ROUND_HALF_UP).toString() };
      }
      return {
        ...base,
        netPrice: dec(line.unitPrice).toString(),
        ...(amounts.discount !== '0.00'
          ? { allowance: { amount: amounts.discount, reason: 'Discount' } }
          : {}),
      };
    }),
    allowancesCharges: (source.adjustments ?? []).map((adjustment, i) => ({
      kind: adjustment.kind,
      amount: calculated.adjustments[i]!.amount,
      reason: adjustment.reason,
      tax: { category: adjustment.tax.category, rate: normalizeTaxRate(adjustment.tax.rate) },
    })),
    taxSubtotals,
    totals: calculated.totals,
  };
}
