import { describe, expect, it } from 'vitest';
import { TAX_RATE_MESSAGES, taxRateProblems } from './tax-categories';

describe('taxRateProblems', () => {
  it.each([
    [{ category: 'S', rate: '19' }, {}],
    [{ category: 'S', rate: '9.975' }, {}],
    [{ category: 'S', rate: '0' }, { rate: TAX_RATE_MESSAGES.standardNeedsRate }],
    [{ category: 'S', rate: '100.5' }, { rate: TAX_RATE_MESSAGES.rateRange }],
    [{ category: 'S', rate: '-1' }, { rate: TAX_RATE_MESSAGES.rateRange }],
    [{ category: 'S', rate: '7.1234' }, { rate: TAX_RATE_MESSAGES.rateRange }],
    [{ category: 'S', rate: 'abc' }, { rate: TAX_RATE_MESSAGES.rateRange }],
    [{ category: 'Z', rate: '0' }, {}],
    [{ category: 'Z', rate: '5' }, { rate: TAX_RATE_MESSAGES.untaxedHasRate }],
    [{ category: 'AE', rate: '0' }, {}],
    [{ category: 'E', rate: '0' }, { exemptionReason: TAX_RATE_MESSAGES.reasonRequired }],
    [
      { category: 'E', rate: '0', exemptionReason: '  ' },
      { exemptionReason: TAX_RATE_MESSAGES.reasonRequired },
    ],
    [{ category: 'E', rate: '0', exemptionReason: 'Medical services, §4 Nr. 14 UStG' }, {}],
  ] as const)('%o → %o', (value, expected) => {
    expect(taxRateProblems(value)).toEqual(expected);
  });
});
