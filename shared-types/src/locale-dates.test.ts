import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DATE_MESSAGES, formatLocaleDate, parseLocaleDate } from './locale-dates';

const LOCALES = ['en-US', 'de-DE', 'fr-FR', 'de-CH', 'nl-NL', 'en-IN', 'en-GB', 'sv-SE'];

describe('locale dates', () => {
  it.each([
    ['en-US', '11/26/2026'],
    ['de-DE', '26.11.2026'],
    ['fr-FR', '26/11/2026'],
    ['nl-NL', '26-11-2026'],
    ['sv-SE', '2026-11-26'],
  ])('%s writes 26 November 2026 as %s and reads it back', (locale, text) => {
    expect(formatLocaleDate('2026-11-26', locale)).toBe(text);
    expect(parseLocaleDate(text, locale)).toEqual({ ok: true, value: '2026-11-26' });
  });

  it('reads single digits, spaces around the separator and an ISO day in every locale', () => {
    expect(parseLocaleDate('3/1/2026', 'en-US')).toEqual({ ok: true, value: '2026-03-01' });
    expect(parseLocaleDate(' 1. 3. 2026 ', 'de-DE')).toEqual({ ok: true, value: '2026-03-01' });
    for (const locale of LOCALES)
      expect(parseLocaleDate('2026-03-01', locale)).toEqual({ ok: true, value: '2026-03-01' });
  });

  it.each([
    ['en-US', '26.11.2026', '11/26/2026'], // another locale's way
    ['en-US', '26/11/2026', '11/26/2026'], // day and month swapped: no 26th month
    ['de-DE', '11/26/2026', '26.11.2026'],
    ['de-DE', '26.11.26', '26.11.2026'], // a two-digit year is a guess
    ['de-DE', '31.02.2026', '26.11.2026'], // no such day
    ['de-DE', '26.11', '26.11.2026'],
    ['de-DE', 'morgen', '26.11.2026'],
    ['fr-FR', '26-11-2026', '26/11/2026'],
  ])('%s refuses %s, showing %s', (locale, text, example) => {
    expect(parseLocaleDate(text, locale)).toEqual({
      ok: false,
      message: DATE_MESSAGES.notADate(example),
    });
  });

  it('format → parse is the identity for every day and locale', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2199-12-31'), noInvalidDate: true }),
        fc.constantFrom(...LOCALES),
        (date, locale) => {
          const day = date.toISOString().slice(0, 10);
          expect(parseLocaleDate(formatLocaleDate(day, locale), locale)).toEqual({
            ok: true,
            value: day,
          });
        },
      ),
      { numRuns: 2000 },
    );
  });
});
