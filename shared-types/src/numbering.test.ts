import { describe, expect, it } from 'vitest';
import {
  documentNumberParts,
  nextDocumentNumberPreview,
  formatDocumentNumber,
  NUMBERING_MESSAGES,
  numberingPatternProblem,
  numberingPeriod,
} from './numbering';

describe('numbering patterns', () => {
  it('writes numbers by the pattern, the sequence growing past its digits', () => {
    expect(formatDocumentNumber('INV-{YYYY}-{0000}', 'INV', '2026-11-26', 7)).toBe('INV-2026-0007');
    expect(formatDocumentNumber('INV-{YYYY}-{0000}', 'INV', '2026-11-26', 12345)).toBe(
      'INV-2026-12345',
    );
    expect(formatDocumentNumber('{YY}{MM}/{000}', 'INV', '2027-01-05', 3)).toBe('2701/003');
    expect(formatDocumentNumber('CN #{0}', 'CN', '2026-01-01', 42)).toBe('CN #42');
  });

  it('keeps the default numbers without a pattern', () => {
    expect(formatDocumentNumber(null, 'INV', '2026-11-26', 7)).toBe('INV-0007');
    expect(formatDocumentNumber('', 'Q', '2026-11-26', 10000)).toBe('Q-10000');
    expect(numberingPeriod(null, '2026-11-26')).toBe('');
  });

  it('counts per year, per month, or for ever', () => {
    expect(numberingPeriod('INV-{YYYY}-{0000}', '2026-11-26')).toBe('2026');
    expect(numberingPeriod('INV-{YY}-{0000}', '2026-11-26')).toBe('2026');
    expect(numberingPeriod('{YYYY}/{MM}-{000}', '2026-11-26')).toBe('2026-11');
    expect(numberingPeriod('INV-{0000}', '2026-11-26')).toBe('');
  });

  it.each([
    ['INV-{YYYY}-{0000}', null],
    ['{0000}', null],
    ['INV-{YYYY}', NUMBERING_MESSAGES.sequence],
    ['{000}-{000}', NUMBERING_MESSAGES.oneSequence],
    ['INV-{DD}-{0000}', NUMBERING_MESSAGES.unknownToken('{DD}')],
    ['INV<{0000}>', NUMBERING_MESSAGES.characters],
    [`${'X'.repeat(40)}{0}`, NUMBERING_MESSAGES.length],
    ['INV-{MM}-{0000}', NUMBERING_MESSAGES.monthNeedsYear],
    ['INV-{YY}{MM}-{0000}', null],
  ])('pattern %s → %s', (pattern, expected) => {
    expect(numberingPatternProblem(pattern)).toBe(expected);
  });

  it('splits a pattern around its running number, as the server writes it in SQL', () => {
    expect(documentNumberParts('INV-{YYYY}-{0000}', 'INV', '2026-11-26')).toEqual({
      before: 'INV-2026-',
      width: 4,
      after: '',
    });
    expect(documentNumberParts('{YY}{MM}/{000}-X', 'INV', '2027-01-05')).toEqual({
      before: '2701/',
      width: 3,
      after: '-X',
    });
    expect(documentNumberParts(null, 'SO', '2026-11-26')).toEqual({
      before: 'SO-',
      width: 4,
      after: '',
    });
  });

  it('previews the next number from the counts of the pattern’s period', () => {
    const counts = { '': 41, '2026': 6, '2026-11': 2 };
    expect(nextDocumentNumberPreview(null, 'INV', '2026-11-26', counts)).toBe('INV-0042');
    expect(nextDocumentNumberPreview('INV-{YYYY}-{0000}', 'INV', '2026-11-26', counts)).toBe(
      'INV-2026-0007',
    );
    expect(nextDocumentNumberPreview('{YYYY}{MM}-{00}', 'INV', '2026-11-26', counts)).toBe(
      '202611-03',
    );
    expect(nextDocumentNumberPreview('INV-{YYYY}-{0000}', 'INV', '2027-01-01', counts)).toBe(
      'INV-2027-0001',
    );
  });
});
