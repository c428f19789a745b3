import { Type, type Static } from 'typebox';
import { SCHEMA_MESSAGE } from './api';
import { DEFAULT_LOCALE } from './locale-numbers';
import {
  DEFAULT_DOCUMENT_LANGUAGE,
  DOCUMENT_LANGUAGE_MESSAGE,
  isDocumentLanguage,
} from './document-language';
import { EINVOICE_MESSAGES, isEInvoicePreference } from './einvoice/preference';
import { COUNTRIES } from './countries';
import { isTimeZone } from './recurrence';
import {
  EMPTY_PARTY_IDENTITY,
  PARTY_FIELDS,
  PartyIdentityBody,
  PartyIdentitySchema,
  normalisePartyFields,
  partyError,
} from './parties';

/**
 * Company details printed on quotes, orders and invoices. Every field is optional:
 * an empty one is left out of the documents.
 */
export const PAPER_SIZES = ['A4', 'Letter'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

/** Countries that print on US Letter; every other country (and none) uses A4. */
export const LETTER_COUNTRIES: readonly string[] = [
  'US',
  'CA',
  'MX',
  'PR',
  'GT',
  'SV',
  'HN',
  'NI',
  'CR',
  'PA',
  'DO',
  'CO',
  'VE',
  'CL',
  'PH',
  'BZ',
];

export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];

/** A sent quote is valid for this many days by default (a tenant setting). */
export const DEFAULT_QUOTE_VALIDITY_DAYS = 30;
export const QUOTE_VALIDITY_DAYS_RANGE = { min: 1, max: 365 } as const;

export const COMPANY_LIMITS = {
  legalName: 200,
  address: 500,
  country: 2,
  taxId: 50,
  email: 254,
  phone: 50,
  website: 200,
  paymentInstructions: 2000,
  documentFooter: 1000,
} as const;

export const COMPANY_MESSAGES = {
  saved: 'Company details updated successfully!',
  saveFailed: 'Failed to update company details',
  country: 'Country must be a 2-letter ISO code (e.g. DE)',
  email: 'Invalid email address',
  website: 'Website must start with http:// or https://',
  paperSize: 'Paper size must be A4 or Letter',
  logoInvalid: 'The logo must be a PNG or JPEG image',
  logoTooLarge: 'The logo must be at most 1 MB',
  logoNotFound: 'No logo has been uploaded',
  quoteValidityDays: 'Quote validity must be between 1 and 365 days',
  locale: 'Choose a locale from the list (e.g. de-DE)',
  timeZone: 'Choose a time zone from the list (e.g. Europe/Berlin)',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
} as const;

const Text = (maxLength: number) => Type.Union([Type.String({ maxLength }), Type.Null()]);

export const CompanyLogo = Type.Object({
  /** SHA-256 of the bytes (hex); changes with every new logo. */
  sha256: Type.String(),
});
export type CompanyLogo = Static<typeof CompanyLogo>;

/** The company block of every document; null = not filled in. */
export const CompanyDetails = Type.Object({
  legalName: Type.Union([Type.String(), Type.Null()]),
  /** Address lines, one per line. */
  address: Type.Union([Type.String(), Type.Null()]),
  /** ISO 3166-1 alpha-2 (e.g. 'DE'). */
  country: Type.Union([Type.String(), Type.Null()]),
  taxId: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  website: Type.Union([Type.String(), Type.Null()]),
  paymentInstructions: Type.Union([Type.String(), Type.Null()]),
  documentFooter: Type.Union([Type.String(), Type.Null()]),
  /** As chosen; null → from the country (`paperSizeOf`). */
  paperSize: Type.Union([Type.String(), Type.Null()]),
  logo: Type.Union([CompanyLogo, Type.Null()]),
  /** Days a quote stays valid after sending, unless its Draft set a date (1–365). */
  quoteValidityDays: Type.Integer(),
  /** BCP 47 locale the company's numbers and dates are shown and typed in; null → en-US (`localeOf`). */
  locale: Type.Union([Type.String(), Type.Null()]),
  /** IANA time zone of the company's calendar day; null → the country's (`timeZoneOf`). */
  timeZone: Type.Union([Type.String(), Type.Null()]),
  /** The language of documents and mails for customers without one of their own. */
  documentLanguage: Type.String(),
  /** The e-invoice format of customers without one of their own: none, peppol, xrechnung, facturx. */
  einvoiceFormat: Type.String(),
  /** Identity for invoices: postcode, city, region, VAT ID, registration, e-address, bank. */
  ...PartyIdentitySchema,
});
export type CompanyDetails = Static<typeof CompanyDetails>;

/** PUT /api/tenants/current/company (admin): only the fields given are written; '' or null clears one. */
export const CompanyDetailsUpdateBody = Type.Object({
  legalName: Type.Optional(Text(COMPANY_LIMITS.legalName)),
  address: Type.Optional(Text(COMPANY_LIMITS.address)),
  country: Type.Optional(Text(10)),
  taxId: Type.Optional(Text(COMPANY_LIMITS.taxId)),
  email: Type.Optional(Text(COMPANY_LIMITS.email)),
  phone: Type.Optional(Text(COMPANY_LIMITS.phone)),
  website: Type.Optional(Text(COMPANY_LIMITS.website)),
  paymentInstructions: Type.Optional(Text(COMPANY_LIMITS.paymentInstructions)),
  documentFooter: Type.Optional(Text(COMPANY_LIMITS.documentFooter)),
  paperSize: Type.Optional(Text(10)),
  locale: Type.Optional(Text(35)),
  timeZone: Type.Optional(Text(64)),
  quoteValidityDays: Type.Optional(
    Type.Integer({
      minimum: QUOTE_VALIDITY_DAYS_RANGE.min,
      maximum: QUOTE_VALIDITY_DAYS_RANGE.max,
      [SCHEMA_MESSAGE]: COMPANY_MESSAGES.quoteValidityDays,
    }),
  ),
  documentLanguage: Type.Optional(Type.String({ maxLength: 10 })),
  einvoiceFormat: Type.Optional(Type.String({ maxLength: 20 })),
  ...PartyIdentityBody,
});
export type CompanyDetailsUpdateBody = Static<typeof CompanyDetailsUpdateBody>;
export type CompanyTextField = Exclude<keyof CompanyDetailsUpdateBody, never>;

export const EMPTY_COMPANY_DETAILS: CompanyDetails = {
  legalName: null,
  address: null,
  country: null,
  taxId: null,
  email: null,
  phone: null,
  website: null,
  paymentInstructions: null,
  documentFooter: null,
  paperSize: null,
  logo: null,
  quoteValidityDays: DEFAULT_QUOTE_VALIDITY_DAYS,
  locale: null,
  timeZone: null,
  documentLanguage: DEFAULT_DOCUMENT_LANGUAGE,
  einvoiceFormat: 'none',
  ...EMPTY_PARTY_IDENTITY,
};

/** The locale a tenant's numbers and dates are written in: its choice, else en-US (the spec's). */
export function localeOf(details: Pick<CompanyDetails, 'locale'> | null | undefined): string {
  return details?.locale ?? DEFAULT_LOCALE;
}

/** The time zone of a country (ISO alpha-2), UTC for none or one not in the list. */
export function countryTimeZone(country: string | null | undefined): string {
  const code = country?.toUpperCase();
  return COUNTRIES.find((c) => c.code === code)?.timeZone ?? 'UTC';
}

/**
 * The zone the company's calendar day is in (recurring invoices, document dates): its choice,
 * else its country's, else UTC.
 */
export function timeZoneOf(
  details: { timeZone?: string | null; country?: string | null } | null | undefined,
): string {
  return details?.timeZone || countryTimeZone(details?.country);
}

/** `tag` in its canonical form ('de-de' → 'de-DE') if Intl knows it for numbers and dates, else null. */
export function canonicalLocale(tag: string | null | undefined): string | null {
  if (!tag || !/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(tag.trim())) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(tag.trim());
    if (!canonical) return null;
    const supported = Intl.NumberFormat.supportedLocalesOf([canonical]);
    return supported.length > 0 && Intl.DateTimeFormat.supportedLocalesOf([canonical]).length > 0
      ? canonical
      : null;
  } catch {
    return null;
  }
}

/** The paper a tenant's documents print on: its choice, else Letter in the Americas' Letter countries, else A4. */
export function paperSizeOf(details: Pick<CompanyDetails, 'paperSize' | 'country'>): PaperSize {
  if (details.paperSize === 'A4' || details.paperSize === 'Letter') return details.paperSize;
  return details.country && LETTER_COUNTRIES.includes(details.country.toUpperCase())
    ? 'Letter'
    : 'A4';
}

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/**
 * Trims the given fields (blank → null), upper-cases the country, and checks them; answers the
 * normalised changes or the first problem's message. The identity fields are checked as the
 * company will be (`current` with the changes: a VAT ID against the country it keeps or gets).
 */
export function normaliseCompanyDetails(
  body: CompanyDetailsUpdateBody,
  current: Partial<CompanyDetails> = {},
): { changes: Partial<CompanyDetails>; error: null } | { changes: null; error: string } {
  const changes: Record<string, string | number | null> = {};
  for (const [key, raw] of Object.entries(body)) {
    if (raw === undefined || (PARTY_FIELDS as readonly string[]).includes(key)) continue;
    if (key === 'quoteValidityDays') {
      const days = raw as number;
      if (
        !Number.isInteger(days) ||
        days < QUOTE_VALIDITY_DAYS_RANGE.min ||
        days > QUOTE_VALIDITY_DAYS_RANGE.max
      )
        return { changes: null, error: COMPANY_MESSAGES.quoteValidityDays };
      changes[key] = days;
      continue;
    }
    if (key === 'documentLanguage') {
      if (!isDocumentLanguage(raw)) return { changes: null, error: DOCUMENT_LANGUAGE_MESSAGE };
      changes[key] = raw;
      continue;
    }
    if (key === 'einvoiceFormat') {
      if (!isEInvoicePreference(raw)) return { changes: null, error: EINVOICE_MESSAGES.format };
      changes[key] = raw;
      continue;
    }
    const text = typeof raw === 'string' ? raw.replace(/\r\n?/g, '\n').trim() : '';
    changes[key] = text === '' ? null : text;
  }
  const { country, email, website, paperSize, locale, timeZone } = changes as Record<
    string,
    string | null
  >;
  if (country !== undefined && country !== null) {
    if (!/^[A-Za-z]{2}$/.test(country)) return { changes: null, error: COMPANY_MESSAGES.country };
    changes.country = country.toUpperCase();
  }
  if (email && !EMAIL.test(email)) return { changes: null, error: COMPANY_MESSAGES.email };
  if (website && !/^https?:\/\/\S+$/i.test(website))
    return { changes: null, error: COMPANY_MESSAGES.website };
  if (paperSize && !(PAPER_SIZES as readonly string[]).includes(paperSize))
    return { changes: null, error: COMPANY_MESSAGES.paperSize };
  if (locale) {
    const canonical = canonicalLocale(locale);
    if (!canonical) return { changes: null, error: COMPANY_MESSAGES.locale };
    changes.locale = canonical;
  }
  if (timeZone) {
    if (!isTimeZone(timeZone)) return { changes: null, error: COMPANY_MESSAGES.timeZone };
    // 'europe/berlin' → 'Europe/Berlin'.
    changes.timeZone = new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  }
  const party = normalisePartyFields(body);
  const after = { ...current, ...changes, ...party } as Partial<CompanyDetails>;
  const problem = partyError(after);
  if (problem) return { changes: null, error: problem };
  return { changes: { ...(changes as Partial<CompanyDetails>), ...party }, error: null };
}

/** The image type of a logo, read from its first bytes (never from its name); null if neither PNG nor JPEG. */
export function logoContentType(bytes: Uint8Array): LogoContentType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length > png.length && png.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  return null;
}
