/**
 * What a new company starts with, from the country chosen at sign-up (and the
 * browser's language). Only a starting point: every value is changed in Settings afterwards, and
 * companies that existed before keep what they have.
 */
import { canonicalLocale, paperSizeOf, type PaperSize } from './company';
import { countryDefaults, type CountryRate } from './countries';

export interface SignupCurrency {
  code: string;
  name: string;
  symbol: string;
  /** The country's standard rate, percent as a decimal string ('19'); '0' without one. */
  taxRate: string;
}

export interface SignupDefaults {
  /** ISO 3166-1 alpha-2, or null when none (or an unknown one) was chosen. */
  country: string | null;
  /** Null (en-US, `localeOf`) when neither a country nor the browser's language is known. */
  locale: string | null;
  /** Null without a country: the documents then print on A4 (`paperSizeOf`). */
  paperSize: PaperSize | null;
  currency: SignupCurrency;
}

export const SIGNUP_FALLBACK_CURRENCY: SignupCurrency = {
  code: 'USD',
  name: 'US Dollar',
  symbol: '$',
  taxRate: '0',
};

/** The standard and reduced rates of a country (the standard first); [] for none or unknown. */
export function countryTaxRates(country: string | null | undefined): CountryRate[] {
  return countryDefaults(country)?.rates ?? [];
}

/** The currency's symbol as the locale writes it ('€' in de-DE, 'CHF' in de-CH). */
function currencySymbol(code: string, locale: string): string {
  const parts = new Intl.NumberFormat(locale, { style: 'currency', currency: code }).formatToParts(
    1,
  );
  return parts.find((p) => p.type === 'currency')?.value ?? code;
}

/**
 * The defaults for a sign-up from `country` with a browser speaking `browserLocale`: the
 * browser's locale when it is of that country (de-AT in Austria stays de-AT), else the country's;
 * without a country, the browser's locale (or none: en-US) and US dollars at 0 %.
 */
export function signupDefaults(
  country: string | null | undefined,
  browserLocale: string | null | undefined,
): SignupDefaults {
  const browser = canonicalLocale(browserLocale);
  const found = countryDefaults(country);
  if (!found) {
    return {
      country: null,
      locale: browser,
      paperSize: null,
      currency: SIGNUP_FALLBACK_CURRENCY,
    };
  }
  const browserRegion = browser?.split('-').at(-1);
  const locale = browser && browserRegion === found.code ? browser : found.locale;
  const name =
    new Intl.DisplayNames('en', { type: 'currency' }).of(found.currency) ?? found.currency;
  return {
    country: found.code,
    locale,
    paperSize: paperSizeOf({ country: found.code, paperSize: null }),
    currency: {
      code: found.currency,
      name,
      symbol: currencySymbol(found.currency, found.locale),
      taxRate: found.rates[0]?.rate ?? '0',
    },
  };
}
