/**
 * The exact decimal type every amount in the product is computed with. A private clone of
 * decimal.js, so no other user of the library can change its precision or rounding under us:
 * 40 significant digits, and half-up rounding (away from zero on an exact half).
 */
import Decimal from 'decimal.js';

export const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof D>;

export type MoneyInput = string | number | { toString(): string };

/** A finite Decimal from a string, number or Decimal; an empty string is zero. */
export function dec(value: MoneyInput): Dec {
  const text = typeof value === 'number' ? String(value) : value.toString().trim();
  const parsed = new D(text === '' ? '0' : text);
  if (!parsed.isFinite()) throw new RangeError(`Not a finite amount: ${text}`);
  return parsed;
}

/** Rounded to cents, half-up, as a Decimal (for further exact arithmetic). */
export function cents(value: Dec): Dec {
  return value.toDecimalPlaces(2, D.ROUND_HALF_UP);
}
