/**
 * The one money module, used by the server and the PWA alike.
 *
 * Exact decimal arithmetic with decimal.js — never binary floats in sums:
 * - line subtotal = round2(unitPrice × quantity)
 * - subtotal = Σ line subtotals
 * - tax = round2(subtotal × taxRate / 100), taxRate with up to 3 decimals (e.g. 9.975 %)
 * - total = subtotal + tax
 * Rounding is half-up (away from zero on an exact half). Results are strings with 2 decimals.
 */
import { D, dec, type Dec, type MoneyInput } from './decimal';

export type { MoneyInput } from './decimal';

/** Tax rate when the document's currency is unknown. */
export const DEFAULT_TAX_RATE = '10';
/** Orders use a fixed 10 % tax. */
export const ORDER_TAX_RATE = '10';
/** Default quote currency and symbol. */
export const DEFAULT_CURRENCY_CODE = 'USD';
export const DEFAULT_CURRENCY_SYMBOL = '$';

/** Rounds to cents, half-up. */
export function roundMoney(value: MoneyInput): string {
  return dec(value).toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2);
}

/** round2(unitPrice × quantity), as a 2-decimal string. */
export function lineSubtotal(unitPrice: MoneyInput, quantity: MoneyInput): string {
  return dec(unitPrice).times(dec(quantity)).toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2);
}

/** round2(subtotal × taxRate / 100). */
export function taxAmount(subtotal: MoneyInput, taxRate: MoneyInput): string {
  return dec(subtotal)
    .times(dec(taxRate))
    .dividedBy(100)
    .toDecimalPlaces(2, D.ROUND_HALF_UP)
    .toFixed(2);
}

/** Sum of amounts, exact, with 2 decimals. */
export function sumMoney(amounts: MoneyInput[]): string {
  return amounts
    .reduce<Dec>((acc, a) => acc.plus(dec(a)), new D(0))
    .toDecimalPlaces(2, D.ROUND_HALF_UP)
    .toFixed(2);
}

export interface MoneyLine {
  unitPrice: MoneyInput;
  quantity: MoneyInput;
}

export interface DocumentTotals {
  /** Each line's subtotal, in input order. */
  lines: string[];
  subtotal: string;
  /** The rate used, normalised (e.g. '9.975', '10'). */
  taxRate: string;
  taxAmount: string;
  total: string;
}

/** Totals of a quote, order or invoice from its lines and the tax rate in percent. */
export function documentTotals(lines: MoneyLine[], taxRate: MoneyInput): DocumentTotals {
  const lineTotals = lines.map((l) => lineSubtotal(l.unitPrice, l.quantity));
  const subtotal = sumMoney(lineTotals);
  const tax = taxAmount(subtotal, taxRate);
  return {
    lines: lineTotals,
    subtotal,
    taxRate: normalizeTaxRate(taxRate),
    taxAmount: tax,
    total: dec(subtotal).plus(dec(tax)).toFixed(2),
  };
}

/** A tax rate with at most 3 decimals and no trailing zeros: '9.975', '10', '0'. */
export function normalizeTaxRate(rate: MoneyInput): string {
  return dec(rate).toDecimalPlaces(3, D.ROUND_HALF_UP).toString();
}

/** The document's tax rate: the currency's own, or 10 % when the currency is unknown. */
export function taxRateFor(
  currency: { taxRate: MoneyInput } | { tax_rate: MoneyInput } | null | undefined,
): string {
  if (!currency) return DEFAULT_TAX_RATE;
  return normalizeTaxRate('taxRate' in currency ? currency.taxRate : currency.tax_rate);
}

/**
 * An amount as a JSON number with (at most) 2 decimals. `Number('12.35')` is the double nearest
 * to 12.35, which JSON prints as 12.35 — safe for display and transport, never used for sums.
 */
export function toMoneyNumber(value: MoneyInput): number {
  // What a numeric(…, 2) column gives is already in cents: Number() of it is the same number,
  // without building a Decimal (a list of 100 quotes converts ~1,000 amounts).
  if (typeof value === 'string' && CENTS.test(value)) return Number(value);
  return Number(roundMoney(value));
}
const CENTS = /^-?\d{1,15}(\.\d{1,2})?$/;

/** A tax rate as a JSON number (up to 3 decimals). */
export function toRateNumber(value: MoneyInput): number {
  if (typeof value === 'string' && THOUSANDTHS.test(value)) return Number(value);
  return Number(normalizeTaxRate(value));
}
const THOUSANDTHS = /^-?\d{1,15}(\.\d{1,3})?$/;

/** a − b, exact, with 2 decimals (an invoice's balance: total − payments). */
export function subtractMoney(a: MoneyInput, b: MoneyInput): string {
  return dec(a).minus(dec(b)).toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2);
}

/** Compares two amounts exactly: -1, 0 or 1. */
export function compareMoney(a: MoneyInput, b: MoneyInput): number {
  return dec(a).comparedTo(dec(b));
}

function symbolOf(currencyCode: string | null | undefined): string {
  if (!currencyCode) return DEFAULT_CURRENCY_SYMBOL;
  try {
    const parts = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currencyCode,
    }).formatToParts(0);
    return parts.find((p) => p.type === 'currency')?.value ?? DEFAULT_CURRENCY_SYMBOL;
  } catch {
    return DEFAULT_CURRENCY_SYMBOL;
  }
}

/**
 * en-US money text with 2 decimals: `formatMoney('1234.5', 'EUR', '€')` → '€1,234.50'.
 * The currency's own symbol when given (a tenant's currency may set one; the quote page shows it), else the en-US symbol of the
 * code (USD → $, EUR → €, CAD → CA$), else '$'. Exact: formats the decimal string, not a float.
 */
export function formatMoney(
  amount: MoneyInput,
  currencyCode?: string | null,
  symbol?: string | null,
): string {
  const fixed = roundMoney(amount);
  const negative = fixed.startsWith('-') && compareMoney(fixed, 0) !== 0;
  const [whole = '0', cents = '00'] = fixed.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = symbol || symbolOf(currencyCode);
  return `${negative ? '-' : ''}${sign}${grouped}.${cents}`;
}

/**
 * `amount` in another currency: amount × fromRate ÷ toRate, where each rate is what one unit of
 * its currency is worth in dollars (the currencies' `dollarExchangeRate`). Exact and NOT rounded:
 * sum the results with `sumMoney`, which rounds once, at the end.
 */
export function convertMoney(amount: MoneyInput, fromRate: MoneyInput, toRate: MoneyInput): string {
  return dec(amount).times(dec(fromRate)).dividedBy(dec(toRate)).toString();
}
