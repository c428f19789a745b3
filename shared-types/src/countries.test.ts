import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryDefaults, countryFromLocale } from './countries';
import { parseDecimal, formatDecimal } from './locale-numbers';
import { taxRateProblems } from './tax-categories';

const REQUIRED = [
  'DE',
  'AT',
  'FR',
  'BE',
  'NL',
  'LU',
  'IT',
  'ES',
  'PT',
  'IE',
  'PL',
  'SE',
  'DK',
  'FI',
  'CH',
  'GB',
  'US',
  'CA',
  'AU',
];

describe('country defaults', () => {
  it('covers every country a company can start in, once each', () => {
    const codes = COUNTRIES.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of REQUIRED) expect(codes).toContain(code);
  });

  it.each(COUNTRIES.map((c) => [c.code, c] as const))(
    '%s: a real currency, locale and time zone, and valid standard rates',
    (_code, country) => {
      expect(
        () =>
          new Intl.NumberFormat(country.locale, { style: 'currency', currency: country.currency }),
      ).not.toThrow();
      expect(Intl.NumberFormat.supportedLocalesOf([country.locale])).toEqual([country.locale]);
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: country.timeZone })).not.toThrow();
      for (const rate of country.rates) {
        expect(taxRateProblems({ category: 'S', rate: rate.rate })).toEqual({});
        // Every rate reads back in the country's own way of writing numbers.
        const shown = formatDecimal(rate.rate, country.locale);
        expect(parseDecimal(shown, country.locale, { maxFractionDigits: 3 })).toEqual({
          ok: true,
          value: rate.rate,
        });
      }
    },
  );

  it('finds a country by code or by a browser language tag', () => {
    expect(countryDefaults('de')?.currency).toBe('EUR');
    expect(countryDefaults('XX')).toBeUndefined();
    expect(countryFromLocale('de-AT')?.code).toBe('AT');
    expect(countryFromLocale('fr')).toBeUndefined();
    expect(countryFromLocale('en_GB')?.rates[0]).toEqual({ name: 'VAT 20 %', rate: '20' });
  });
});
