/**
 * What a company's country sets up for it at sign-up: its currency, the standard and reduced
 * tax rates in force, the locale its numbers and dates are written in, the language of its
 * documents and its time zone (the paper size follows from the country: `paperSizeOf`).
 * Existing companies keep what they have; these are only defaults.
 *
 * The rates were checked against the countries' published rates on TAX_TABLE_CHECKED (temporary
 * measures included where they run past that day: Sweden's 6 % on food until the end of 2027).
 * Rates change; a company edits its own in Settings.
 */

/** The day the rates below were last checked. */
export const TAX_TABLE_CHECKED = '2026-11-26';

export interface CountryRate {
  name: string;
  /** Percent, as the tax office writes it. */
  rate: string;
}

export interface CountryDefaults {
  /** ISO 3166-1 alpha-2. */
  code: string;
  name: string;
  /** ISO 4217. */
  currency: string;
  /** BCP 47 locale for numbers and dates. */
  locale: string;
  /** Language of the documents sent to customers (ISO 639-1). */
  language: string;
  /** IANA time zone of the capital (a company in another zone changes it). */
  timeZone: string;
  /** What the tax is called on documents there. */
  taxName: string;
  /** The standard rate first, then the reduced ones (Canada: GST, then the provinces' HST);
   *  empty where the rate differs by state. */
  rates: CountryRate[];
}

const vat = (standard: string, ...reduced: string[]): CountryRate[] => [
  { name: `VAT ${standard} %`, rate: standard },
  ...reduced.map((rate) => ({ name: `Reduced ${rate} %`, rate })),
];

export const COUNTRIES: readonly CountryDefaults[] = [
  {
    code: 'AT',
    name: 'Austria',
    currency: 'EUR',
    locale: 'de-AT',
    language: 'de',
    timeZone: 'Europe/Vienna',
    taxName: 'USt.',
    rates: vat('20', '13', '10'),
  },
  {
    code: 'AU',
    name: 'Australia',
    currency: 'AUD',
    locale: 'en-AU',
    language: 'en',
    timeZone: 'Australia/Sydney',
    taxName: 'GST',
    rates: [{ name: 'GST 10 %', rate: '10' }],
  },
  {
    code: 'BE',
    name: 'Belgium',
    currency: 'EUR',
    locale: 'nl-BE',
    language: 'nl',
    timeZone: 'Europe/Brussels',
    taxName: 'BTW',
    rates: vat('21', '12', '6'),
  },
  {
    code: 'CA',
    name: 'Canada',
    currency: 'CAD',
    locale: 'en-CA',
    language: 'en',
    timeZone: 'America/Toronto',
    taxName: 'GST/HST',
    rates: [
      { name: 'GST 5 %', rate: '5' },
      { name: 'HST 13 %', rate: '13' },
      { name: 'HST 15 %', rate: '15' },
    ],
  },
  {
    code: 'CH',
    name: 'Switzerland',
    currency: 'CHF',
    locale: 'de-CH',
    language: 'de',
    timeZone: 'Europe/Zurich',
    taxName: 'MWST',
    rates: vat('8.1', '3.8', '2.6'),
  },
  {
    code: 'DE',
    name: 'Germany',
    currency: 'EUR',
    locale: 'de-DE',
    language: 'de',
    timeZone: 'Europe/Berlin',
    taxName: 'USt.',
    rates: vat('19', '7'),
  },
  {
    code: 'DK',
    name: 'Denmark',
    currency: 'DKK',
    locale: 'da-DK',
    language: 'en',
    timeZone: 'Europe/Copenhagen',
    taxName: 'moms',
    rates: vat('25'),
  },
  {
    code: 'ES',
    name: 'Spain',
    currency: 'EUR',
    locale: 'es-ES',
    language: 'es',
    timeZone: 'Europe/Madrid',
    taxName: 'IVA',
    rates: vat('21', '10', '4'),
  },
  {
    code: 'FI',
    name: 'Finland',
    currency: 'EUR',
    locale: 'fi-FI',
    language: 'en',
    timeZone: 'Europe/Helsinki',
    taxName: 'ALV',
    rates: vat('25.5', '13.5', '10'),
  },
  {
    code: 'FR',
    name: 'France',
    currency: 'EUR',
    locale: 'fr-FR',
    language: 'fr',
    timeZone: 'Europe/Paris',
    taxName: 'TVA',
    rates: vat('20', '10', '5.5', '2.1'),
  },
  {
    code: 'GB',
    name: 'United Kingdom',
    currency: 'GBP',
    locale: 'en-GB',
    language: 'en',
    timeZone: 'Europe/London',
    taxName: 'VAT',
    rates: vat('20', '5'),
  },
  {
    code: 'IE',
    name: 'Ireland',
    currency: 'EUR',
    locale: 'en-IE',
    language: 'en',
    timeZone: 'Europe/Dublin',
    taxName: 'VAT',
    rates: vat('23', '13.5', '9', '4.8'),
  },
  {
    code: 'IT',
    name: 'Italy',
    currency: 'EUR',
    locale: 'it-IT',
    language: 'it',
    timeZone: 'Europe/Rome',
    taxName: 'IVA',
    rates: vat('22', '10', '5', '4'),
  },
  {
    code: 'LU',
    name: 'Luxembourg',
    currency: 'EUR',
    locale: 'fr-LU',
    language: 'fr',
    timeZone: 'Europe/Luxembourg',
    taxName: 'TVA',
    rates: vat('17', '14', '8', '3'),
  },
  {
    code: 'NL',
    name: 'Netherlands',
    currency: 'EUR',
    locale: 'nl-NL',
    language: 'nl',
    timeZone: 'Europe/Amsterdam',
    taxName: 'btw',
    rates: vat('21', '9'),
  },
  {
    code: 'PL',
    name: 'Poland',
    currency: 'PLN',
    locale: 'pl-PL',
    language: 'en',
    timeZone: 'Europe/Warsaw',
    taxName: 'VAT',
    rates: vat('23', '8', '5'),
  },
  {
    code: 'PT',
    name: 'Portugal',
    currency: 'EUR',
    locale: 'pt-PT',
    language: 'en',
    timeZone: 'Europe/Lisbon',
    taxName: 'IVA',
    rates: vat('23', '13', '6'),
  },
  {
    code: 'SE',
    name: 'Sweden',
    currency: 'SEK',
    locale: 'sv-SE',
    language: 'en',
    timeZone: 'Europe/Stockholm',
    taxName: 'moms',
    rates: vat('25', '12', '6'),
  },
  {
    code: 'US',
    name: 'United States',
    currency: 'USD',
    locale: 'en-US',
    language: 'en',
    timeZone: 'America/New_York',
    taxName: 'Sales tax',
    rates: [],
  },
];

export function countryDefaults(code: string | null | undefined): CountryDefaults | undefined {
  const wanted = code?.trim().toUpperCase();
  return COUNTRIES.find((c) => c.code === wanted);
}

/** The country a browser's language tag points to ('de-AT' → AT), when we know it. */
export function countryFromLocale(locale: string | null | undefined): CountryDefaults | undefined {
  const region = locale?.split(/[-_]/)[1];
  return region ? countryDefaults(region) : undefined;
}
