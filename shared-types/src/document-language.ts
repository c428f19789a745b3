/**
 * The words of everything a customer reads — PDFs, the public quote page, the mails about their
 * quotes, orders, invoices and credit notes — in the customer's document language. The app's own
 * screens stay in English. Every language has every key (the compiler checks it; a test checks
 * that the placeholders match English).
 */

import { de } from './languages/de';
import { en, type DocumentTextKey } from './languages/en';
import { es } from './languages/es';
import { fr } from './languages/fr';
import { it } from './languages/it';
import { nl } from './languages/nl';
import { formatMoney, roundMoney } from './money';
import type { MoneyInput } from './decimal';
import type { TaxCategory } from './tax-categories';

export const DOCUMENT_LANGUAGES = ['en', 'de', 'fr', 'nl', 'es', 'it'] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];

export const DOCUMENT_LANGUAGE_NAMES: Record<DocumentLanguage, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  nl: 'Nederlands',
  es: 'Español',
  it: 'Italiano',
};

/** The locale a language's dates and amounts are written in on documents. */
export const DOCUMENT_LOCALES: Record<DocumentLanguage, string> = {
  en: 'en-US',
  de: 'de-DE',
  fr: 'fr-FR',
  nl: 'nl-NL',
  es: 'es-ES',
  it: 'it-IT',
};

export type { DocumentTextKey };

const TEXTS: Record<DocumentLanguage, Record<DocumentTextKey, string>> = { en, de, fr, nl, es, it };

export function isDocumentLanguage(value: unknown): value is DocumentLanguage {
  return typeof value === 'string' && (DOCUMENT_LANGUAGES as readonly string[]).includes(value);
}

/** The text for `key` in `language`, its {placeholders} filled from `values`. */
export function documentText(
  language: DocumentLanguage,
  key: DocumentTextKey,
  values: Record<string, string | number> = {},
): string {
  return TEXTS[language][key].replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}

/** Every text of a language, for a check that nothing is missing. */
export function documentTexts(
  language: DocumentLanguage,
): Readonly<Record<DocumentTextKey, string>> {
  return TEXTS[language];
}

/** The company's default document language when it has not chosen one (the spec's English). */
export const DEFAULT_DOCUMENT_LANGUAGE: DocumentLanguage = 'en';

export const DOCUMENT_LANGUAGE_MESSAGE = `Document language must be one of ${DOCUMENT_LANGUAGES.join(', ')}`;

/** The language a customer's documents and mails are in: its own, else the company's, else English. */
export function documentLanguageOf(
  customer: { documentLanguage?: string | null } | null | undefined,
  company: { documentLanguage?: string | null } | null | undefined,
): DocumentLanguage {
  if (isDocumentLanguage(customer?.documentLanguage)) return customer.documentLanguage;
  if (isDocumentLanguage(company?.documentLanguage)) return company.documentLanguage;
  return DEFAULT_DOCUMENT_LANGUAGE;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount as a document in `language` writes it, from the exact decimal: English keeps the
 * spec's `€1,234.50`; the others their locale's, with the tenant's symbol in the currency's place
 * (French `1 234,56 €`, a narrow no-break space grouping, a no-break space before the symbol).
 */
export function documentAmount(
  language: DocumentLanguage,
  value: MoneyInput,
  currencyCode: string,
  symbol?: string | null,
): string {
  if (language === 'en') return formatMoney(value, currencyCode, symbol ?? null);
  const fixed = roundMoney(value);
  const key = `${language}/${currencyCode}`;
  let format = moneyFormats.get(key);
  try {
    format ??= new Intl.NumberFormat(DOCUMENT_LOCALES[language], {
      style: 'currency',
      currency: currencyCode,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
  } catch {
    // Not an ISO 4217 code: the number in the locale's way, then the symbol (or the code).
    format = new Intl.NumberFormat(DOCUMENT_LOCALES[language], {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    return `${format.format(fixed as unknown as number)}\u00a0${symbol?.trim() || currencyCode}`;
  }
  moneyFormats.set(key, format);
  // A decimal string is formatted exactly (Intl.NumberFormat v3), never through a float.
  return format
    .formatToParts(fixed as unknown as number)
    .map((part) => (part.type === 'currency' ? symbol?.trim() || part.value : part.value))
    .join('');
}

const dateFormats = new Map<DocumentLanguage, Intl.DateTimeFormat>();

/**
 * A day as a document in `language` writes it (UTC, so the server and every browser print the
 * same day): English `Nov 24, 2026`, French `24 novembre 2026`, German `24. November 2026`.
 */
export function documentDay(language: DocumentLanguage, iso: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return '';
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(DOCUMENT_LOCALES[language], {
      year: 'numeric',
      month: language === 'en' ? 'short' : 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    dateFormats.set(language, format);
  }
  return format.format(date);
}

const STATUS_KEYS: Record<string, DocumentTextKey> = {
  Draft: 'draft',
  Sent: 'statusSent',
  Accepted: 'statusAccepted',
  Rejected: 'statusRejected',
  Expired: 'statusExpired',
  Converted: 'statusConverted',
  Pending: 'statusPending',
  Processing: 'statusProcessing',
  Shipped: 'statusShipped',
  Delivered: 'statusDelivered',
  Cancelled: 'cancelled',
  Unpaid: 'statusUnpaid',
  'Partially paid': 'statusPartiallyPaid',
  Paid: 'statusPaid',
};

/** A document status in `language` (English keeps the status as stored; an unknown one too). */
export function documentStatus(language: DocumentLanguage, status: string): string {
  const key = STATUS_KEYS[status];
  return key && language !== 'en' ? documentText(language, key) : status;
}

/** `3 days overdue` in `language`. */
export function overdueText(language: DocumentLanguage, days: number): string {
  return days === 1
    ? documentText(language, 'overdueOneDay')
    : documentText(language, 'overdueDays', { days });
}

/** A tax category's name in `language` ("Autoliquidation" for AE in French). */
export function taxCategoryText(language: DocumentLanguage, category: TaxCategory): string {
  return documentText(language, `taxCategory${category}`);
}

/** Between a label and its value: French typography puts a no-break space before the colon. */
const LABEL_SEPARATORS: Record<DocumentLanguage, string> = {
  en: ': ',
  de: ': ',
  fr: '\u00a0: ',
  nl: ': ',
  es: ': ',
  it: ': ',
};

/** "Total HT : 255,00 €" — a label and its value as `language` writes them. */
export function labelled(language: DocumentLanguage, label: string, value: string): string {
  return `${label}${LABEL_SEPARATORS[language]}${value}`;
}
