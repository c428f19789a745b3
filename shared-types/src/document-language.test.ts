import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_LANGUAGES,
  DOCUMENT_LOCALES,
  documentLanguageOf,
  documentStatus,
  documentText,
  documentTexts,
  documentAmount,
  documentDay,
  overdueText,
  type DocumentTextKey,
} from './document-language';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('document languages', () => {
  const keys = Object.keys(documentTexts('en')) as DocumentTextKey[];

  it.each(DOCUMENT_LANGUAGES)(
    '%s has every text, each with the placeholders English has',
    (language) => {
      const texts = documentTexts(language);
      expect(Object.keys(texts).sort()).toEqual([...keys].sort());
      for (const key of keys) {
        expect(texts[key].trim(), `${language}.${key}`).not.toBe('');
        expect(placeholders(texts[key]), `${language}.${key}`).toEqual(
          placeholders(documentTexts('en')[key]),
        );
      }
    },
  );

  it.each(DOCUMENT_LANGUAGES)(
    '%s is actually translated (most texts differ from English)',
    (language) => {
      if (language === 'en') return;
      const same = keys.filter((key) => documentTexts(language)[key] === documentTexts('en')[key]);
      // Words such as IBAN, BIC, Date or Total may be the same; sentences never are.
      expect(same.length).toBeLessThan(keys.length / 8);
      expect(same.every((key) => !documentTexts('en')[key].includes(' '))).toBe(true);
    },
  );

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(
      documentText('fr', 'invoiceMailSubject', {
        number: 'F-2026-0007',
        company: 'Atelier Dupont',
      }),
    ).toBe('Facture F-2026-0007 de Atelier Dupont');
    expect(documentText('de', 'page', { page: 1, pages: 3 })).toBe('Seite 1 von 3');
    expect(documentText('en', 'acceptedBy', { name: 'Jane Roe' })).toBe(
      'Accepted by Jane Roe on {date}',
    );
  });

  it.each(DOCUMENT_LANGUAGES)('%s has a locale that formats dates', (language) => {
    expect(() => new Intl.DateTimeFormat(DOCUMENT_LOCALES[language])).not.toThrow();
  });
});

describe('document formats', () => {
  it("writes amounts the way the language does, exactly, with the tenant's symbol", () => {
    expect(documentAmount('fr', '1234.56', 'EUR', '€')).toBe('1\u202f234,56\u00a0€');
    expect(documentAmount('de', 1234.5, 'EUR', '€')).toBe('1.234,50\u00a0€');
    expect(documentAmount('en', '1234.56', 'EUR', '€')).toBe('€1,234.56');
    expect(documentAmount('nl', '-5', 'EUR', '€')).toMatch(/^€\s?-5,00$|^-\s?€\s?5,00$/);
    // No float on the way: 16 significant digits stay as they are.
    expect(documentAmount('fr', '12345678901234.56', 'EUR', '€')).toBe(
      '12\u202f345\u202f678\u202f901\u202f234,56\u00a0€',
    );
    // A symbol of the tenant's own, and a code Intl does not know.
    expect(documentAmount('fr', '10', 'CHF', 'Fr.')).toBe('10,00\u00a0Fr.');
    expect(documentAmount('it', '10', 'XX1', null)).toBe('10,00\u00a0XX1');
  });

  it('writes days in the language, the same day everywhere (UTC)', () => {
    expect(documentDay('fr', '2026-11-24')).toBe('24 novembre 2026');
    expect(documentDay('de', '2026-11-24T23:30:00.000Z')).toBe('24. November 2026');
    expect(documentDay('en', '2026-11-24')).toBe('Nov 24, 2026');
    expect(documentDay('es', 'not a date')).toBe('');
  });

  it('translates statuses and overdue days; English keeps the stored status', () => {
    expect(documentStatus('fr', 'Partially paid')).toBe('Partiellement payée');
    expect(documentStatus('de', 'Sent')).toBe('Versendet');
    expect(documentStatus('en', 'Partially paid')).toBe('Partially paid');
    expect(documentStatus('fr', 'Something new')).toBe('Something new');
    expect(overdueText('fr', 1)).toBe('1 jour de retard');
    expect(overdueText('de', 3)).toBe('3 Tage überfällig');
  });

  it("takes the customer's language, else the company's, else English", () => {
    expect(documentLanguageOf({ documentLanguage: 'fr' }, { documentLanguage: 'de' })).toBe('fr');
    expect(documentLanguageOf({ documentLanguage: null }, { documentLanguage: 'de' })).toBe('de');
    expect(documentLanguageOf({ documentLanguage: 'xx' }, null)).toBe('en');
    expect(documentLanguageOf(undefined, undefined)).toBe('en');
  });
});
