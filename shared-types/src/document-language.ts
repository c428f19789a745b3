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
