import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_LANGUAGES,
  DOCUMENT_LOCALES,
  documentText,
  documentTexts,
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
