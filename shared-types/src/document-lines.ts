/**
 * A quote's or order's lines and allowances/charges as the client sends them, resolved against the
 * stored document, the products and the tax rates — the same function on the server and in the
 * browser's local mutators, so both store the same values — and their amounts by
 * `calculateDocument` (EN 16931).
 *
 * - Unit price: the one given, else a stored line's (matched by id, else by position, naming the
 *   same product), else the product's price.
 * - Tax: the rate record named (`taxRateId`), else — when the line does not say — the stored line's,
 *   else the product's default rate; a line naming no rate takes the document's default (the
 *   currency's rate: category S above 0 %, Z at 0 %). A stored line keeps its snapshot while it
 *   names the same rate, even if that rate was deleted since.
 */
import { dec, type MoneyInput } from './decimal';
import { normalizeTaxRate } from './money';
import { calculateDocument, type LineTax } from './tax-calculation';
import type { TaxCategory } from './tax-categories';
import { DEFAULT_UNIT, isUnitCode } from './units';

export const LINE_MESSAGES = {
  completeItems: 'Please complete all item details',
  unknownProduct: 'One of the items refers to a product that no longer exists',
  unknownTaxRate: 'One of the items refers to a tax rate that no longer exists',
  invalidPrice: 'Enter a price of 0 or more with at most 2 decimals',
  invalidDiscount: 'Enter a discount from 0 to 100 % or an amount from 0 up to the line’s amount',
  invalidUnit: 'Choose a unit of measure from the list',
  adjustmentReason: 'Give each discount or charge on the document a reason',
  adjustmentAmount: 'Enter an amount above 0 for each discount or charge on the document',
} as const;

export const MAX_DESCRIPTION_LENGTH = 2000;
export const MAX_ADJUSTMENTS = 20;
export const MAX_REASON_LENGTH = 200;
const MAX_PRICE = '999999999.99';

export interface LineDiscountInput {
  kind: 'percent' | 'amount';
  value: number;
}

/** One line as a client sends it (REST body or sync mutation). */
export interface LineInput {
  id?: string | null;
  productId?: string | null;
  quantity?: number | null;
  unitPrice?: number | null;
  taxRateId?: string | null;
  discount?: LineDiscountInput | null;
  description?: string | null;
  unitCode?: string | null;
}

export interface AdjustmentInput {
  kind: 'allowance' | 'charge';
  reason: string;
  amount: number;
  taxRateId?: string | null;
}

/** A line as stored, in neutral form (strings for amounts). */
export interface ResolvedLine {
  /** The stored line it continues, or null for a new line. */
  matchId: string | null;
  productId: string | null;
  productName: string;
  productSku: string | null;
  description: string;
  quantity: number;
  unitPrice: string;
  unitCode: string;
  taxRateId: string | null;
  taxCategory: TaxCategory;
  taxRate: string;
  discountKind: 'percent' | 'amount' | null;
  discountValue: string | null;
}

/** A stored allowance or charge (the document's `adjustments` jsonb). */
export interface StoredAdjustment {
  kind: 'allowance' | 'charge';
  reason: string;
  amount: number;
  taxRateId: string | null;
  taxCategory: TaxCategory;
  taxRate: number;
}

export interface ProductRef {
  id: string;
  name: string;
  sku: string | null;
  price: MoneyInput;
  taxRateId: string | null;
  unitCode: string | null;
}

export interface TaxRateRef {
  id: string;
  category: TaxCategory;
  rate: MoneyInput;
}

/** A rule a line breaks: the server answers 400 with the message, the browser shows it. */
export class LineRuleError extends Error {}

/** The tax of lines that name no rate: the currency's rate, S above 0 %, Z at 0 %. */
export function defaultLineTax(rate: MoneyInput): LineTax & { rate: string } {
  const value = normalizeTaxRate(rate);
  return { category: dec(value).isZero() ? 'Z' : 'S', rate: value };
}

const isCents = (value: number) =>
  Number.isFinite(value) && value >= 0 && dec(value).decimalPlaces() <= 2;

interface TaxSource {
  taxRateId: string | null;
  taxCategory: TaxCategory;
  taxRate: string;
}

function resolveTax(
  key: string | null,
  stored: TaxSource | undefined,
  rates: Map<string, TaxRateRef>,
  fallback: LineTax & { rate: string },
): TaxSource {
  if (key === null)
    return { taxRateId: null, taxCategory: fallback.category, taxRate: fallback.rate };
  if (stored && stored.taxRateId === key) return stored;
  const rate = rates.get(key);
  if (!rate) throw new LineRuleError(LINE_MESSAGES.unknownTaxRate);
  return { taxRateId: key, taxCategory: rate.category, taxRate: normalizeTaxRate(rate.rate) };
}

const lower = (id: string | null | undefined) => (id ? id.toLowerCase() : null);

/** A stored line, as resolving needs it. */
export type StoredLineRef = Omit<ResolvedLine, 'matchId'> & { id: string };

/** The client's lines over the stored ones, or a `LineRuleError`. */
export function resolveLines(
  items: LineInput[],
  stored: StoredLineRef[],
  products: Map<string, ProductRef>,
  rates: Map<string, TaxRateRef>,
  defaultRate: MoneyInput,
): ResolvedLine[] {
  const fallback = defaultLineTax(defaultRate);
  const byId = new Map(stored.map((l) => [l.id, l]));
  const claimed = new Set<string>();
  return items.map((item, position) => {
    const productId = lower(item.productId);
    const product = productId ? products.get(productId) : undefined;
    let match = item.id ? byId.get(item.id) : stored[position];
    if (match && (match.productId !== productId || claimed.has(match.id))) match = undefined;
    if (productId && !match && !product) throw new LineRuleError(LINE_MESSAGES.unknownProduct);
    if (match) claimed.add(match.id);

    let unitPrice: string;
    if (item.unitPrice != null) {
      if (!isCents(item.unitPrice) || dec(item.unitPrice).greaterThan(MAX_PRICE))
        throw new LineRuleError(LINE_MESSAGES.invalidPrice);
      unitPrice = dec(item.unitPrice).toFixed(2);
    } else if (match) unitPrice = dec(match.unitPrice).toFixed(2);
    else if (product) unitPrice = dec(product.price).toFixed(2);
    else throw new LineRuleError(LINE_MESSAGES.completeItems);

    const key =
      item.taxRateId !== undefined
        ? lower(item.taxRateId)
        : match
          ? match.taxRateId
          : lower(product?.taxRateId);
    const tax = resolveTax(key, match, rates, fallback);

    const unitCode = item.unitCode ?? match?.unitCode ?? product?.unitCode ?? DEFAULT_UNIT;
    if (!isUnitCode(unitCode)) throw new LineRuleError(LINE_MESSAGES.invalidUnit);

    const discount = item.discount === undefined ? discountOf(match) : item.discount;
    const description = (item.description ?? match?.description ?? '').trim();
    if (!productId && !description) throw new LineRuleError(LINE_MESSAGES.completeItems);
    if (description.length > MAX_DESCRIPTION_LENGTH)
      throw new LineRuleError(LINE_MESSAGES.completeItems);

    const line: ResolvedLine = {
      matchId: match ? match.id : null,
      productId,
      productName: product?.name ?? match?.productName ?? description,
      productSku: product ? product.sku : (match?.productSku ?? null),
      description,
      quantity: item.quantity!,
      unitPrice,
      unitCode,
      ...tax,
      discountKind: discount ? discount.kind : null,
      discountValue: discount ? dec(discount.value).toFixed(2) : null,
    };
    checkDiscount(line);
    return line;
  });
}

function discountOf(
  match: Pick<ResolvedLine, 'discountKind' | 'discountValue'> | undefined,
): LineDiscountInput | null {
  if (!match?.discountKind || match.discountValue === null) return null;
  return { kind: match.discountKind, value: Number(match.discountValue) };
}

function checkDiscount(line: ResolvedLine): void {
  if (!line.discountKind) return;
  const value = Number(line.discountValue);
  const amount = dec(line.unitPrice).times(line.quantity);
  const ok =
    (line.discountKind === 'percent' || line.discountKind === 'amount') &&
    isCents(value) &&
    (line.discountKind === 'percent' ? value <= 100 : dec(value).lessThanOrEqualTo(amount));
  if (!ok) throw new LineRuleError(LINE_MESSAGES.invalidDiscount);
}

/** The client's allowances and charges, each with its tax resolved. */
export function resolveAdjustments(
  input: AdjustmentInput[],
  stored: StoredAdjustment[],
  rates: Map<string, TaxRateRef>,
  defaultRate: MoneyInput,
): StoredAdjustment[] {
  const fallback = defaultLineTax(defaultRate);
  if (input.length > MAX_ADJUSTMENTS) throw new LineRuleError(LINE_MESSAGES.adjustmentAmount);
  return input.map((a, i) => {
    const reason = (a.reason ?? '').trim();
    if (!reason || reason.length > MAX_REASON_LENGTH)
      throw new LineRuleError(LINE_MESSAGES.adjustmentReason);
    if (
      (a.kind !== 'allowance' && a.kind !== 'charge') ||
      typeof a.amount !== 'number' ||
      !isCents(a.amount) ||
      a.amount <= 0 ||
      dec(a.amount).greaterThan(MAX_PRICE)
    )
      throw new LineRuleError(LINE_MESSAGES.adjustmentAmount);
    const before = stored[i];
    const snapshot = before && {
      taxRateId: before.taxRateId,
      taxCategory: before.taxCategory,
      taxRate: normalizeTaxRate(before.taxRate),
    };
    const tax = resolveTax(lower(a.taxRateId), snapshot, rates, fallback);
    return {
      kind: a.kind,
      reason,
      amount: Number(dec(a.amount).toFixed(2)),
      taxRateId: tax.taxRateId,
      taxCategory: tax.taxCategory,
      taxRate: Number(tax.taxRate),
    };
  });
}

/** A row of the stored tax breakdown (JSON numbers). */
export interface StoredBreakdownRow {
  category: TaxCategory;
  rate: number;
  taxableAmount: number;
  taxAmount: number;
}

/** Line amounts and document totals as stored (2-decimal strings) and the breakdown. */
export interface DocumentTaxAmounts {
  lines: { subtotal: string; discountAmount: string; lineTotal: string }[];
  subtotal: string;
  allowanceTotal: string;
  chargeTotal: string;
  taxAmount: string;
  roundingAmount: string;
  total: string;
  taxBreakdown: StoredBreakdownRow[];
}

/** A stored line's amount-relevant fields, whichever side reads them. */
export interface TaxedLine {
  quantity: MoneyInput;
  unitPrice: MoneyInput;
  taxCategory: TaxCategory;
  taxRate: MoneyInput;
  discountKind: 'percent' | 'amount' | null;
  discountValue: MoneyInput | null;
}

/** The one arithmetic: every stored amount of a document, by `calculateDocument`. */
export function documentTaxAmounts(
  lines: TaxedLine[],
  adjustments: StoredAdjustment[],
  pricesIncludeTax: boolean,
): DocumentTaxAmounts {
  const result = calculateDocument({
    pricesIncludeTax,
    lines: lines.map((l) => ({
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      tax: { category: l.taxCategory, rate: l.taxRate },
      discount:
        l.discountKind && l.discountValue !== null
          ? { kind: l.discountKind, value: l.discountValue }
          : null,
    })),
    adjustments: adjustments.map((a) => ({
      kind: a.kind,
      value: { kind: 'amount', value: a.amount },
      tax: { category: a.taxCategory, rate: a.taxRate },
    })),
  });
  const t = result.totals;
  return {
    lines: result.lines.map((l) => ({
      subtotal: l.amount,
      discountAmount: l.discount,
      lineTotal: pricesIncludeTax ? l.gross : l.net,
    })),
    subtotal: t.lineTotal,
    allowanceTotal: t.allowanceTotal,
    chargeTotal: t.chargeTotal,
    taxAmount: t.taxTotal,
    roundingAmount: t.rounding,
    total: dec(t.taxInclusive).plus(dec(t.rounding)).toFixed(2),
    taxBreakdown: result.breakdown.map((row) => ({
      category: row.category,
      rate: Number(row.rate),
      taxableAmount: Number(row.taxableAmount),
      taxAmount: Number(row.taxAmount),
    })),
  };
}

/**
 * A stored document's tax-exclusive amount (EN 16931 BT-109): Σ line nets − allowances + charges,
 * exact, 2 decimals. A row stored before allowances and charges existed has neither.
 */
export function taxExclusiveAmount(doc: {
  subtotal: MoneyInput;
  allowanceTotal?: MoneyInput | null;
  chargeTotal?: MoneyInput | null;
}): string {
  return dec(doc.subtotal)
    .minus(dec(doc.allowanceTotal ?? 0))
    .plus(dec(doc.chargeTotal ?? 0))
    .toFixed(2);
}
