/**
 * Numbers shown and typed the way a locale writes them, and never guessed.
 *
 * Formatting goes through `Intl.NumberFormat` with the decimal string itself (exact, no float).
 * Parsing accepts only what that locale would write: its decimal separator at most once, its
 * group separator only between correctly sized groups before the decimal separator, and no more
 * decimals than the field allows. Everything else is refused with a message, never reinterpreted:
 * `1.000,00` under en-US and `1,5` where `,` groups digits are errors, not 1.00 and 15.
 */
import { dec, type MoneyInput } from './decimal';

export const DEFAULT_LOCALE = 'en-US';

export interface NumberSymbols {
  decimal: string;
  group: string;
  /** Digits in the group next to the decimal separator (3), and in every group before it
   *  (3, or 2 in Indian grouping: 12,34,567). */
  primaryGroup: number;
  secondaryGroup: number;
}

const symbolCache = new Map<string, NumberSymbols>();

export function numberSymbols(locale: string): NumberSymbols {
  const cached = symbolCache.get(locale);
  if (cached) return cached;
  const parts = new Intl.NumberFormat(locale, { useGrouping: 'always' }).formatToParts(
    12345678901.5,
  );
  const integers = parts.filter((p) => p.type === 'integer').map((p) => p.value.length);
  const symbols: NumberSymbols = {
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    primaryGroup: integers.at(-1) ?? 3,
    secondaryGroup: integers.at(-2) ?? 3,
  };
  symbolCache.set(locale, symbols);
  return symbols;
}

export interface DecimalFormatOptions {
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
}

/** `value` in the locale's digits and separators, exactly: `formatDecimal('1234.5', 'de-DE', {minimumFractionDigits: 2})` → '1.234,50'. */
export function formatDecimal(
  value: MoneyInput,
  locale: string,
  options: DecimalFormatOptions = {},
): string {
  const { minimumFractionDigits = 0, maximumFractionDigits = 3 } = options;
  const format = new Intl.NumberFormat(locale, {
    minimumFractionDigits,
    maximumFractionDigits,
    roundingMode: 'halfExpand',
  } as Intl.NumberFormatOptions);
  // A decimal string is formatted exactly (Intl.NumberFormat v3); a number would go through a float.
  return format.format(dec(value).toFixed() as unknown as number);
}

export type ParsedDecimal = { ok: true; value: string } | { ok: false; message: string };

export interface ParseOptions {
  /** Decimals the field allows: 2 for amounts, 3 for quantities and rates. */
  maxFractionDigits: number;
  /** Whether a minus sign is allowed (a refund, a correction). */
  allowNegative?: boolean;
}

export const NUMBER_MESSAGES = {
  notANumber: (example: string) => `Not a number this way. Type it like ${example}.`,
  tooManyDecimals: (digits: number) =>
    digits === 0
      ? 'Use a whole number.'
      : `Use at most ${digits} decimal${digits === 1 ? '' : 's'}.`,
  negative: 'Enter a number of 0 or more.',
} as const;

/** Spaces a person may type for a locale whose group separator is some kind of space. */
const SPACES = /[\u0020\u00a0\u202f\u2009]/;
const APOSTROPHES = /['\u2019]/;
const everywhere = (pattern: RegExp) => new RegExp(pattern.source, 'g');

/**
 * The exact decimal (as '1234.56', '-0.5', '12') a person typed in `locale`, or why it was
 * refused. An empty field is refused too; the caller decides whether a field may stay empty.
 */
export function parseDecimal(text: string, locale: string, options: ParseOptions): ParsedDecimal {
  const symbols = numberSymbols(locale);
  const example = formatDecimal('1234.56', locale, {
    minimumFractionDigits: Math.min(2, options.maxFractionDigits),
    maximumFractionDigits: Math.min(2, options.maxFractionDigits),
  });
  const refuse = { ok: false as const, message: NUMBER_MESSAGES.notANumber(example) };

  let input = text.trim().replace(/\u2212/g, '-');
  let group = symbols.group;
  if (SPACES.test(group)) {
    input = input.replace(everywhere(SPACES), ' ');
    group = ' ';
  } else if (APOSTROPHES.test(group)) {
    input = input.replace(everywhere(APOSTROPHES), "'");
    group = "'";
  }

  const negative = input.startsWith('-');
  if (negative) input = input.slice(1);
  if (input === '') return refuse;

  const [integerPart = '', fraction, ...rest] = input.split(symbols.decimal);
  if (rest.length > 0) return refuse;
  if (fraction !== undefined && !/^\d+$/.test(fraction)) return refuse;
  if (integerPart === '' && fraction === undefined) return refuse;
  if (!groupedDigitsValid(integerPart, group, symbols)) return refuse;

  const fractionDigits = fraction?.length ?? 0;
  if (fractionDigits > options.maxFractionDigits) {
    return { ok: false, message: NUMBER_MESSAGES.tooManyDecimals(options.maxFractionDigits) };
  }
  const digits = integerPart.split(group).join('') || '0';
  const value = dec(`${digits}${fraction ? `.${fraction}` : ''}`);
  if (negative && !value.isZero() && !options.allowNegative) {
    return { ok: false, message: NUMBER_MESSAGES.negative };
  }
  return { ok: true, value: (negative ? value.negated() : value).toFixed() };
}

/** Digits, optionally grouped exactly as the locale groups them (all groups or none, and a
 *  grouped number starts with a digit other than 0). */
function groupedDigitsValid(integerPart: string, group: string, symbols: NumberSymbols): boolean {
  if (integerPart === '') return true;
  const groups = integerPart.split(group);
  if (!groups.every((g) => /^\d+$/.test(g))) return false;
  if (groups.length === 1) return true;
  const last = groups.at(-1)!;
  const middle = groups.slice(1, -1);
  const first = groups[0]!;
  return (
    last.length === symbols.primaryGroup &&
    middle.every((g) => g.length === symbols.secondaryGroup) &&
    first.length >= 1 &&
    first.length <= symbols.secondaryGroup &&
    !first.startsWith('0')
  );
}
