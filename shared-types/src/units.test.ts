import { describe, expect, it } from 'vitest';
import { DEFAULT_UNIT, isUnitCode, UNITS } from './units';

describe('units', () => {
  it('names the Rec 20 codes a small business uses, pieces by default', () => {
    expect(UNITS[DEFAULT_UNIT]).toBe('piece');
    for (const code of ['C62', 'HUR', 'DAY', 'KGM', 'MTR', 'LTR'])
      expect(isUnitCode(code)).toBe(true);
    expect(isUnitCode('XYZ')).toBe(false);
    expect(isUnitCode('toString')).toBe(false);
  });
});
