/**
 * A document's amounts the way EN 16931 computes them, for the browser and the server alike.
 *
 * - Line net = round2(quantity × unit price) − line discount (a discount in percent is
 *   round2(that amount × percent / 100)).
 * - Document allowances and charges carry their own tax; one in percent is a share of the sum of
 *   the line nets.
 * - The tax breakdown groups by category and rate: taxable = Σ line nets − Σ allowances
 *   + Σ charges of the group; tax = round2(taxable × rate / 100), rounded per group, never per
 *   line.
 * - Totals: tax-exclusive = Σ line nets − allowances + charges; tax-inclusive = that + Σ tax;
 *   amount due = tax-inclusive + rounding − prepaid.
 *
 * With prices that include tax (a shop selling gross), every price, discount, allowance and charge
 * is gross; each group's gross sum G is split into a taxable amount T and tax = round2(T × rate)
 * with T + tax = G, the cent the split cannot place going to one line's net. Where no such T
 * exists (T + round2(T × rate) skips G's cent), the difference is the document's rounding amount,
 * so the customer still pays exactly the prices shown.
 */
import { cents, D, dec, type Dec, type MoneyInput } from './decimal';
import { normalizeTaxRate } from './money';
import type { TaxCategory } from './tax-categories';

export interface LineTax {
  category: TaxCategory;
  /** Percent, up to 3 decimals; 0 for every category but 'S'. */
  rate: MoneyInput;
}

export interface Discount {
  kind: 'percent' | 'amount';
  value: MoneyInput;
}

export interface CalculationLine {
  quantity: MoneyInput;
  unitPrice: MoneyInput;
  discount?: Discount | null;
  tax: LineTax;
}

export interface CalculationAdjustment {
  kind: 'allowance' | 'charge';
  /** An amount, or a percent of the sum of the line nets. */
  value: Discount;
  tax: LineTax;
}

export interface CalculationInput {
  lines: CalculationLine[];
  adjustments?: CalculationAdjustment[];
  pricesIncludeTax?: boolean;
  /** Already paid (payments, or for an invoice the credited amount): BT-113. */
  prepaid?: MoneyInput;
}

export interface CalculatedLine {
  /** round2(quantity × unit price), before the discount. */
  amount: string;
  discount: string;
  /** BT-131: the amount the line adds to its tax group (net of tax). */
  net: string;
  /** With gross prices: what the line costs the customer, tax included. Else equals `net`. */
  gross: string;
}

export interface CalculatedAdjustment {
  kind: 'allowance' | 'charge';
  /** Net of tax (BT-92 / BT-99); positive for both kinds. */
  amount: string;
  gross: string;
}

export interface TaxBreakdownRow {
  category: TaxCategory;
  /** Normalised: '19', '7', '9.975', '0'. */
  rate: string;
  taxableAmount: string;
  taxAmount: string;
}

export interface DocumentAmounts {
  /** Sum of the line nets (EN 16931 BT-106). */
  lineTotal: string;
  /** Document allowances (BT-107) and charges (BT-108). */
  allowanceTotal: string;
  chargeTotal: string;
  /** BT-109, BT-110 (in the document currency) and BT-112. */
  taxExclusive: string;
  taxTotal: string;
  taxInclusive: string;
  /** Paid before (BT-113), the rounding that makes the sum payable (BT-114), due (BT-115). */
  prepaid: string;
  rounding: string;
  due: string;
}

export interface CalculatedDocument {
  lines: CalculatedLine[];
  adjustments: CalculatedAdjustment[];
  breakdown: TaxBreakdownRow[];
  totals: DocumentAmounts;
}

const ZERO = new D(0);
const HUNDRED = new D(100);
const CENT = new D('0.01');

const fixed = (value: Dec) => value.toFixed(2);
const normalizeRate = (rate: MoneyInput) => dec(normalizeTaxRate(rate));
const groupKey = (tax: LineTax) => `${tax.category}|${normalizeRate(tax.rate).toString()}`;

function discountOf(discount: Discount | null | undefined, base: Dec): Dec {
  if (!discount) return ZERO;
  const value = dec(discount.value);
  return cents(discount.kind === 'percent' ? base.times(value).dividedBy(HUNDRED) : value);
}

/** One thing that adds to (or, for an allowance, takes from) a tax group, in signed cents. */
interface Part {
  tax: LineTax;
  sign: 1 | -1;
  /** As entered: net, or gross when prices include tax. */
  entered: Dec;
  net: Dec;
}

export function calculateDocument(input: CalculationInput): CalculatedDocument {
  const gross = input.pricesIncludeTax === true;

  const lineParts: Part[] = [];
  const lineAmounts = input.lines.map((line) => {
    const amount = cents(dec(line.quantity).times(dec(line.unitPrice)));
    const discount = discountOf(line.discount, amount);
    const entered = amount.minus(discount);
    lineParts.push({ tax: line.tax, sign: 1, entered, net: entered });
    return { amount, discount };
  });

  const enteredLineSum = lineParts.reduce((sum, p) => sum.plus(p.entered), ZERO);
  const adjustmentParts: Part[] = (input.adjustments ?? []).map((adjustment) => {
    const entered = discountOf(adjustment.value, enteredLineSum);
    return {
      tax: adjustment.tax,
      sign: adjustment.kind === 'allowance' ? -1 : 1,
      entered,
      net: entered,
    };
  });

  const groups = groupParts([...lineParts, ...adjustmentParts]);
  let rounding = ZERO;
  const breakdown: TaxBreakdownRow[] = [];
  for (const group of groups) {
    if (gross) rounding = rounding.plus(splitGross(group));
    const taxable = group.parts.reduce((sum, p) => sum.plus(p.net.times(p.sign)), ZERO);
    breakdown.push({
      category: group.tax.category,
      rate: group.rate.toString(),
      taxableAmount: fixed(taxable),
      taxAmount: fixed(cents(taxable.times(group.rate).dividedBy(HUNDRED))),
    });
  }

  const lineTotal = lineParts.reduce((sum, p) => sum.plus(p.net), ZERO);
  const sumOf = (kind: 'allowance' | 'charge') =>
    adjustmentParts
      .filter((p) => (p.sign === -1) === (kind === 'allowance'))
      .reduce((sum, p) => sum.plus(p.net), ZERO);
  const allowanceTotal = sumOf('allowance');
  const chargeTotal = sumOf('charge');
  const taxExclusive = lineTotal.minus(allowanceTotal).plus(chargeTotal);
  const taxTotal = breakdown.reduce((sum, row) => sum.plus(dec(row.taxAmount)), ZERO);
  const taxInclusive = taxExclusive.plus(taxTotal);
  const prepaid = cents(dec(input.prepaid ?? 0));

  return {
    lines: lineAmounts.map(({ amount, discount }, i) => ({
      amount: fixed(amount),
      discount: fixed(discount),
      net: fixed(lineParts[i]!.net),
      gross: fixed(gross ? lineParts[i]!.entered : lineParts[i]!.net),
    })),
    adjustments: adjustmentParts.map((p) => ({
      kind: p.sign === -1 ? 'allowance' : 'charge',
      amount: fixed(p.net),
      gross: fixed(gross ? p.entered : p.net),
    })),
    breakdown,
    totals: {
      lineTotal: fixed(lineTotal),
      allowanceTotal: fixed(allowanceTotal),
      chargeTotal: fixed(chargeTotal),
      taxExclusive: fixed(taxExclusive),
      taxTotal: fixed(taxTotal),
      taxInclusive: fixed(taxInclusive),
      prepaid: fixed(prepaid),
      rounding: fixed(rounding),
      due: fixed(taxInclusive.plus(rounding).minus(prepaid)),
    },
  };
}

interface Group {
  tax: LineTax;
  rate: Dec;
  parts: Part[];
}

/** Parts grouped by category and rate, in the order each group first appears. */
function groupParts(parts: Part[]): Group[] {
  const groups = new Map<string, Group>();
  for (const part of parts) {
    const key = groupKey(part.tax);
    const group = groups.get(key) ?? {
      tax: part.tax,
      rate: normalizeRate(part.tax.rate),
      parts: [],
    };
    group.parts.push(part);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * Gross prices: sets each part's net so that the group's taxable amount T satisfies
 * T + round2(T × rate) = the group's gross sum, as nearly as cents allow; returns what is left
 * (0, or a cent where no T hits the sum exactly).
 */
function splitGross(group: Group): Dec {
  const factor = HUNDRED.plus(group.rate).dividedBy(HUNDRED);
  const grossSum = group.parts.reduce((sum, p) => sum.plus(p.entered.times(p.sign)), ZERO);
  for (const part of group.parts) part.net = cents(part.entered.dividedBy(factor));
  const taxable = group.parts.reduce((sum, p) => sum.plus(p.net.times(p.sign)), ZERO);
  const inclusive = (t: Dec) => t.plus(cents(t.times(group.rate).dividedBy(HUNDRED)));

  let best = ZERO;
  let bestMiss = grossSum.minus(inclusive(taxable)).abs();
  for (const step of [1, -1, 2, -2, 3, -3]) {
    const candidate = CENT.times(step);
    const miss = grossSum.minus(inclusive(taxable.plus(candidate))).abs();
    if (miss.lessThan(bestMiss)) [best, bestMiss] = [candidate, miss];
  }
  if (!best.isZero()) {
    // The cent goes to the part with the largest amount, where it matters least.
    const target = group.parts.reduce((a, b) => (b.net.abs().greaterThan(a.net.abs()) ? b : a));
    target.net = target.net.plus(best.times(target.sign));
  }
  return grossSum.minus(inclusive(taxable.plus(best)));
}
