import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './countries';
import { canonicalLocale } from './company';
import { countryTaxRates, signupDefaults } from './signup-defaults';

describe('signupDefaults (issue 34.2)', () => {
  it('gives every country of the table its currency, standard rate, paper size and a known locale', () => {
    for (const country of COUNTRIES) {
      const d = signupDefaults(country.code, null);
      expect(d.country).toBe(country.code);
      expect(d.currency.code).toBe(country.currency);
      expect(d.currency.taxRate).toBe(country.rates[0]?.rate ?? '0');
      expect(d.currency.name).not.toBe('');
      expect(d.locale).toBe(country.locale);
      expect(canonicalLocale(d.locale)).toBe(d.locale);
      expect(d.paperSize).toBe(['US', 'CA'].includes(country.code) ? 'Letter' : 'A4');
    }
  });

  it('keeps the browser’s locale of the same country, else takes the country’s', () => {
    expect(signupDefaults('AT', 'de-AT').locale).toBe('de-AT');
    expect(signupDefaults('CH', 'fr-CH').locale).toBe('fr-CH');
    expect(signupDefaults('DE', 'en-US').locale).toBe('de-DE');
    expect(signupDefaults('DE', 'de').locale).toBe('de-DE');
    expect(signupDefaults('de', 'not a tag').locale).toBe('de-DE');
  });

  it('without a known country: US dollars at 0 %, no paper size, the browser’s locale or none', () => {
    expect(signupDefaults(undefined, 'fr-FR')).toEqual({
      country: null,
      locale: 'fr-FR',
      paperSize: null,
      currency: { code: 'USD', name: 'US Dollar', symbol: '$', taxRate: '0' },
    });
    expect(signupDefaults('XX', undefined).locale).toBeNull();
  });

  it('names the currencies as people know them', () => {
    expect(signupDefaults('DE', null).currency).toEqual({
      code: 'EUR',
      name: 'Euro',
      symbol: '€',
      taxRate: '19',
    });
    expect(signupDefaults('GB', null).currency).toMatchObject({ code: 'GBP', symbol: '£' });
  });
});

describe('countryTaxRates', () => {
  it('lists the standard rate first, then the reduced ones; none for an unknown country', () => {
    expect(countryTaxRates('DE').map((r) => r.rate)).toEqual(['19', '7']);
    expect(countryTaxRates('fr').map((r) => r.rate)).toEqual(['20', '10', '5.5', '2.1']);
    expect(countryTaxRates('ZZ')).toEqual([]);
    expect(countryTaxRates(null)).toEqual([]);
  });
});
