/**
 * Tax categories as EN 16931 names them (UNCL 5305 codes), with what each one requires of a
 * document. One model covers EU and UK VAT, GST and US sales tax: a line's tax is a rate within a
 * category, and only the standard category ('S') carries a rate above zero.
 */
import { dec, type MoneyInput } from './decimal';

export const TAX_CATEGORIES = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O'] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];

export interface TaxCategoryRule {
  /** What a shop owner calls it. */
  label: string;
  /** Only 'S' is taxed; every other category has a rate of exactly 0. */
  taxed: boolean;
  /** The invoice must say why no VAT is charged (EN 16931 BT-120/BT-121). */
  needsExemptionReason: boolean;
  /** The reason printed when the rate names none, and its VATEX code. */
  defaultReason?: { text: string; code: string };
  /** The buyer's VAT ID must be on the invoice (reverse charge, intra-EU supply). */
  needsBuyerVatId: boolean;
  /** The seller's VAT ID (or tax registration) must be on the invoice. */
  needsSellerVatId: boolean;
}

export const TAX_CATEGORY_RULES: Record<TaxCategory, TaxCategoryRule> = {
  S: {
    label: 'Standard rate',
    taxed: true,
    needsExemptionReason: false,
    needsBuyerVatId: false,
    needsSellerVatId: true,
  },
  Z: {
    label: 'Zero rated',
    taxed: false,
    needsExemptionReason: false,
    needsBuyerVatId: false,
    needsSellerVatId: true,
  },
  E: {
    label: 'Exempt',
    taxed: false,
    needsExemptionReason: true,
    needsBuyerVatId: false,
    needsSellerVatId: true,
  },
  AE: {
    label: 'Reverse charge',
    taxed: false,
    needsExemptionReason: true,
    defaultReason: { text: 'Reverse charge', code: 'VATEX-EU-AE' },
    needsBuyerVatId: true,
    needsSellerVatId: true,
  },
  K: {
    label: 'Intra-EU supply',
    taxed: false,
    needsExemptionReason: true,
    defaultReason: { text: 'Intra-community supply', code: 'VATEX-EU-IC' },
    needsBuyerVatId: true,
    needsSellerVatId: true,
  },
  G: {
    label: 'Export outside the EU',
    taxed: false,
    needsExemptionReason: true,
    defaultReason: { text: 'Export outside the EU', code: 'VATEX-EU-G' },
    needsBuyerVatId: false,
    needsSellerVatId: true,
  },
  O: {
    label: 'Outside the scope of VAT',
    taxed: false,
    needsExemptionReason: true,
    defaultReason: { text: 'Not subject to VAT', code: 'VATEX-EU-O' },
    needsBuyerVatId: false,
    needsSellerVatId: false,
  },
};

export function isTaxCategory(value: unknown): value is TaxCategory {
  return typeof value === 'string' && (TAX_CATEGORIES as readonly string[]).includes(value);
}

export const TAX_RATE_MESSAGES = {
  rateRange: 'Enter a tax rate from 0 to 100 with at most 3 decimals.',
  standardNeedsRate: 'A standard rate must be above 0 %.',
  untaxedHasRate: 'This category is not taxed: its rate must be 0 %.',
  reasonRequired: 'Say why no tax is charged (it is printed on the invoice).',
} as const;

export interface TaxRateShape {
  category: TaxCategory;
  rate: MoneyInput;
  exemptionReason?: string | null;
}

/** What is wrong with a tax rate record, per field, or an empty object when it is valid. */
export function taxRateProblems(
  value: TaxRateShape,
): Partial<Record<'rate' | 'exemptionReason', string>> {
  const problems: Partial<Record<'rate' | 'exemptionReason', string>> = {};
  const rule = TAX_CATEGORY_RULES[value.category];
  let rate;
  try {
    rate = dec(value.rate);
  } catch {
    return { rate: TAX_RATE_MESSAGES.rateRange };
  }
  if (!rate.isFinite() || rate.isNegative() || rate.greaterThan(100) || rate.decimalPlaces() > 3) {
    problems.rate = TAX_RATE_MESSAGES.rateRange;
  } else if (rule.taxed && rate.isZero()) {
    problems.rate = TAX_RATE_MESSAGES.standardNeedsRate;
  } else if (!rule.taxed && !rate.isZero()) {
    problems.rate = TAX_RATE_MESSAGES.untaxedHasRate;
  }
  if (rule.needsExemptionReason && !rule.defaultReason && !value.exemptionReason?.trim()) {
    problems.exemptionReason = TAX_RATE_MESSAGES.reasonRequired;
  }
  return problems;
}
