import { describe, expect, it } from 'vitest';
import { taxCurrencyOf } from './from-document';

const currencies = [
  { code: 'EUR', dollarExchangeRate: 1.08, isDefault: true },
  { code: 'USD', dollarExchangeRate: 1, isDefault: false },
  { code: 'GBP', dollarExchangeRate: '1.27', isDefault: false },
];

describe('taxCurrencyOf', () => {
  it('is the company’s currency at the rate of its currencies when the document is in another', () => {
    expect(taxCurrencyOf('USD', currencies)?.code).toBe('EUR');
    expect(Number(taxCurrencyOf('USD', currencies)?.rate)).toBeCloseTo(1 / 1.08, 12);
    expect(Number(taxCurrencyOf('gbp ', currencies)?.rate)).toBeCloseTo(1.27 / 1.08, 12);
  });

  it('is none in the company’s own currency, or when a currency is unknown', () => {
    expect(taxCurrencyOf('EUR', currencies)).toBeUndefined();
    expect(taxCurrencyOf('JPY', currencies)).toBeUndefined();
    expect(taxCurrencyOf('USD', currencies.slice(1))).toBeUndefined();
  });
});
