import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDecimal, NUMBER_MESSAGES, numberSymbols, parseDecimal } from './locale-numbers';

const LOCALES = ['en-US', 'de-DE', 'fr-FR', 'de-CH', 'nl-NL', 'en-IN'] as const;
const amount = { maxFractionDigits: 2, allowNegative: true };

describe('formatDecimal', () => {
  it.each([
    ['en-US', '1234567.5', '1,234,567.50'],
    ['de-DE', '1234567.5', '1.234.567,50'],
    ['fr-FR', '1234567.5', '1\u202f234\u202f567,50'],
    ['de-CH', '1234567.5', "1'234'567.50"],
    ['nl-NL', '-1234.5', '-1.234,50'],
    ['en-IN', '1234567.5', '12,34,567.50'],
    ['en-US', '12345678901234567.89', '12,345,678,901,234,567.89'],
  ])('%s: %s → %s', (locale, value, expected) => {
    expect(
      formatDecimal(value, locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    ).toBe(expected);
  });
});

describe('parseDecimal', () => {
  it.each([
    ['de-DE', '1.234,56', '1234.56'],
    ['de-DE', '1234,56', '1234.56'],
    ['de-DE', '1.000', '1000'],
    ['en-US', '1,000.00', '1000'],
    ['en-US', '.5', '0.5'],
    ['fr-FR', '1 234,56', '1234.56'], // a plain space typed for the narrow no-break space
    ['fr-FR', '1\u202f234,56', '1234.56'],
    ['de-CH', "1'234.50", '1234.5'],
    ['en-IN', '12,34,567.89', '1234567.89'],
    ['nl-NL', '-12,5', '-12.5'],
    ['en-US', '\u22123', '-3'],
  ])('%s: %s → %s', (locale, text, expected) => {
    expect(parseDecimal(text, locale, amount)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['en-US', '1.000,00', NUMBER_MESSAGES.notANumber('1,234.56')], // the German way under en-US
    ['en-US', '1,5', NUMBER_MESSAGES.notANumber('1,234.56')], // a group of one digit
    ['en-US', '1,00,000', NUMBER_MESSAGES.notANumber('1,234.56')], // Indian grouping under en-US
    ['en-IN', '1,000,000', NUMBER_MESSAGES.notANumber('1,234.56')],
    ['de-DE', '1.5', NUMBER_MESSAGES.notANumber('1.234,56')], // '.' groups digits here
    ['de-DE', '1,000', NUMBER_MESSAGES.tooManyDecimals(2)], // one, with three decimals
    ['de-DE', '1,2,3', NUMBER_MESSAGES.notANumber('1.234,56')],
    ['de-DE', '1 234', NUMBER_MESSAGES.notANumber('1.234,56')],
    ['fr-FR', '1.234,56', NUMBER_MESSAGES.notANumber('1\u202f234,56')],
    ['en-US', '12abc', NUMBER_MESSAGES.notANumber('1,234.56')],
    ['en-US', '$12', NUMBER_MESSAGES.notANumber('1,234.56')],
    ['en-US', '+12', NUMBER_MESSAGES.notANumber('1,234.56')],
    ['en-US', '1e3', NUMBER_MESSAGES.notANumber('1,234.56')],
    ['en-US', '', NUMBER_MESSAGES.notANumber('1,234.56')],
    ['en-US', '-', NUMBER_MESSAGES.notANumber('1,234.56')],
    ['en-US', '1.', NUMBER_MESSAGES.notANumber('1,234.56')],
  ])('%s: %s is refused', (locale, text, message) => {
    expect(parseDecimal(text, locale, amount)).toEqual({ ok: false, message });
  });

  it('refuses a negative number where the field takes none', () => {
    expect(parseDecimal('-5', 'en-US', { maxFractionDigits: 2 })).toEqual({
      ok: false,
      message: NUMBER_MESSAGES.negative,
    });
  });
});

const decimalArb = (places: number) =>
  fc
    .bigInt({ min: -(10n ** 15n), max: 10n ** 15n })
    .map((n) => new Decimal(n.toString()).div(10 ** places).toFixed());

describe('properties across locales', () => {
  it.each(LOCALES)('%s: parse(format(x)) is x, with and without grouping', (locale) => {
    fc.assert(
      fc.property(decimalArb(2), fc.integer({ min: 0, max: 2 }), (value, minimumFractionDigits) => {
        const shown = formatDecimal(value, locale, {
          minimumFractionDigits,
          maximumFractionDigits: 2,
        });
        const parsed = parseDecimal(shown, locale, amount);
        expect(parsed.ok && new Decimal(parsed.value).equals(value)).toBe(true);
        const ungrouped = shown.split(numberSymbols(locale).group).join('');
        const again = parseDecimal(ungrouped, locale, amount);
        expect(again.ok && new Decimal(again.value).equals(value)).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it.each(LOCALES)(
    '%s: whatever is typed is refused or read as the locale writes it, never reinterpreted',
    (locale) => {
      const { decimal, group } = numberSymbols(locale);
      const chars = ['0', '1', '5', '9', decimal, group, '.', ',', ' ', "'", '-'];
      fc.assert(
        fc.property(
          fc.array(fc.constantFrom(...chars), { minLength: 1, maxLength: 14 }),
          (typed) => {
            const text = typed.join('');
            const parsed = parseDecimal(text, locale, amount);
            if (!parsed.ok) return;
            // Accepted: read as the locale reads it (group separators dropped, its decimal
            // separator the point), and any grouping typed is the locale's own grouping.
            expect(new Decimal(parsed.value).equals(localeReading(text, locale))).toBe(true);
            const integerPart = normalise(text.trim(), locale).replace('-', '').split(decimal)[0]!;
            if (integerPart.includes(normalise(group, locale))) {
              const shown = formatDecimal(
                new Decimal(parsed.value).abs().trunc().toFixed(),
                locale,
              );
              const sizes = (t: string) =>
                t
                  .split(normalise(group, locale))
                  .slice(1)
                  .map((g) => g.length);
              expect(sizes(integerPart)).toEqual(sizes(normalise(shown, locale)));
            }
          },
        ),
        { numRuns: 3_000 },
      );
    },
  );
});

/** Space and apostrophe variants folded into the locale's own group separator. */
function normalise(text: string, locale: string): string {
  const { group } = numberSymbols(locale);
  if (/\s/.test(group)) return text.replace(/[\u0020\u00a0\u202f]/g, ' ');
  if (group === "'" || group === '\u2019') return text.replace(/['\u2019]/g, "'");
  return text;
}

/** The value a locale-aware reader gets: group separators dropped, the decimal one made a point. */
function localeReading(text: string, locale: string): Decimal {
  const { decimal, group } = numberSymbols(locale);
  const read = normalise(text.trim(), locale)
    .split(normalise(group, locale))
    .join('')
    .replace(decimal, '.');
  return new Decimal(
    read.startsWith('.') || read.startsWith('-.') ? read.replace('.', '0.') : read,
  );
}
