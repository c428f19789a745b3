import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  documentTotals,
  formatMoney,
  lineSubtotal,
  normalizeTaxRate,
  roundMoney,
  sumMoney,
  taxAmount,
  taxRateFor,
  toMoneyNumber,
  toRateNumber,
} from './money';

describe('lineSubtotal', () => {
  it.each([
    ['1.005', 3, '3.02'], // 3.015 → half-up
    ['0.005', 1, '0.01'],
    ['0.004', 1, '0.00'],
    ['0.015', 1, '0.02'], // 0.015 as a float is 0.01499…; exact maths rounds up
    ['1.015', 1, '1.02'],
    ['2.675', 1, '2.68'], // float toFixed gives 2.67
    ['19.99', 3, '59.97'],
    ['0.10', 3, '0.30'],
    ['9999999.99', 100000, '999999999000.00'],
    ['0.01', 1000000, '10000.00'],
    ['1234.56', 0, '0.00'],
    [0.1, 3, '0.30'],
    ['-0.005', 1, '-0.01'], // half away from zero
  ])('%s × %s = %s', (price, qty, expected) => {
    expect(lineSubtotal(price, qty)).toBe(expected);
  });
});

describe('taxAmount and documentTotals', () => {
  it.each([
    ['100.00', '9.975', '9.98'], // 9.975 exactly → half-up
    ['10.00', '9.975', '1.00'], // 0.9975 → 1.00
    ['1.00', '9.975', '0.10'], // 0.09975
    ['0.05', '10', '0.01'], // 0.005 boundary
    ['0.04', '10', '0.00'],
    ['33.33', '15', '5.00'], // 4.9995
    ['123456789.99', '7.5', '9259259.25'],
    ['50.00', '0', '0.00'],
  ])('tax on %s at %s %% = %s', (subtotal, rate, expected) => {
    expect(taxAmount(subtotal, rate)).toBe(expected);
  });

  it('sums like a human: 0.1 + 0.2 = 0.30', () => {
    expect(sumMoney(['0.1', '0.2'])).toBe('0.30');
    expect(sumMoney([0.1, 0.2])).toBe('0.30');
    const t = documentTotals(
      [
        { unitPrice: '0.10', quantity: 1 },
        { unitPrice: '0.20', quantity: 1 },
      ],
      '10',
    );
    expect(t).toEqual({
      lines: ['0.10', '0.20'],
      subtotal: '0.30',
      taxRate: '10',
      taxAmount: '0.03',
      total: '0.33',
    });
  });

  it('rounds each line before summing, then the tax once', () => {
    const t = documentTotals(
      [
        { unitPrice: '1.005', quantity: 3 }, // 3.015 → 3.02
        { unitPrice: '0.333', quantity: 3 }, // 0.999 → 1.00
        { unitPrice: '2.50', quantity: 7 }, // 17.50
      ],
      '9.975',
    );
    expect(t.lines).toEqual(['3.02', '1.00', '17.50']);
    expect(t.subtotal).toBe('21.52');
    expect(t.taxAmount).toBe('2.15'); // 2.146620
    expect(t.total).toBe('23.67');
    expect(t.taxRate).toBe('9.975');
  });

  it('handles large quantities and prices exactly', () => {
    const t = documentTotals([{ unitPrice: '99999.99', quantity: 999999 }], '12.345');
    expect(t.subtotal).toBe('99999890000.01');
    expect(t.taxAmount).toBe('12344986420.50'); // 12344986420.50173…
    expect(t.total).toBe('112344876420.51');
  });

  it('an empty document totals zero', () => {
    expect(documentTotals([], '10')).toEqual({
      lines: [],
      subtotal: '0.00',
      taxRate: '10',
      taxAmount: '0.00',
      total: '0.00',
    });
  });

  it('total is always subtotal + tax, and the subtotal the exact sum of cents (property)', () => {
    const cents = fc.integer({ min: 0, max: 10_000_000 });
    const line = fc.record({ cents, quantity: fc.integer({ min: 1, max: 10_000 }) });
    const rate = fc.integer({ min: 0, max: 100_000 }); // thousandths of a percent
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), rate, (lines, milli) => {
        const rateText = (milli / 1000).toFixed(3);
        const t = documentTotals(
          lines.map((l) => ({ unitPrice: (l.cents / 100).toFixed(2), quantity: l.quantity })),
          rateText,
        );
        const subtotalCents = lines.reduce(
          (acc, l) => acc + BigInt(l.cents) * BigInt(l.quantity),
          0n,
        );
        expect(t.subtotal).toBe(centsText(subtotalCents));
        // tax = round-half-up(subtotalCents × milli / 100000) in cents
        const num = subtotalCents * BigInt(milli);
        const taxCents = (num * 2n + 100_000n) / 200_000n;
        expect(t.taxAmount).toBe(centsText(taxCents));
        expect(t.total).toBe(centsText(subtotalCents + taxCents));
      }),
    );
  });
});

function centsText(cents: bigint): string {
  const s = cents.toString().padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}

describe('rates, numbers and rounding helpers', () => {
  it('normalises tax rates to at most 3 decimals', () => {
    expect(normalizeTaxRate('9.975')).toBe('9.975');
    expect(normalizeTaxRate('10.000')).toBe('10');
    expect(normalizeTaxRate('0.000')).toBe('0');
  });

  it('uses the currency tax rate, or 10 % when the currency is unknown', () => {
    expect(taxRateFor({ taxRate: '9.975' })).toBe('9.975');
    expect(taxRateFor({ tax_rate: '0.000' })).toBe('0');
    expect(taxRateFor(null)).toBe('10');
    expect(taxRateFor(undefined)).toBe('10');
  });

  it('converts decimal strings to JSON numbers with 2 decimals', () => {
    expect(toMoneyNumber('12.50')).toBe(12.5);
    expect(toMoneyNumber('0.005')).toBe(0.01);
    expect(toMoneyNumber('1.005')).toBe(1.01);
    expect(JSON.stringify(toMoneyNumber('1234567890.35'))).toBe('1234567890.35');
  });

  it('roundMoney is half-up on exact decimals', () => {
    expect(roundMoney('1.005')).toBe('1.01');
    expect(roundMoney('1.0049999')).toBe('1.00');
    expect(roundMoney('')).toBe('0.00');
    expect(() => roundMoney('abc')).toThrow();
  });
});

describe('formatMoney (en-US)', () => {
  it.each([
    [['1234.5', 'USD'], '$1,234.50'],
    [['1234.5', 'EUR', '€'], '€1,234.50'],
    [['1234567.891', 'GBP', '£'], '£1,234,567.89'],
    [['0', 'USD'], '$0.00'],
    [['0.005', 'USD'], '$0.01'],
    [['-1234.5', 'USD'], '-$1,234.50'],
    [['-0.001', 'USD'], '$0.00'],
    [['999.995', 'CAD', 'C$'], 'C$1,000.00'],
    [['12', 'EUR'], '€12.00'],
    [['12', 'XYZ'], 'XYZ12.00'],
    [['12', undefined], '$12.00'],
    [['12', 'not a code'], '$12.00'],
  ] as Array<[[string, string | undefined, string?], string]>)(
    '%j → %s',
    ([amount, code, symbol], expected) => {
      expect(formatMoney(amount, code, symbol)).toBe(expected);
    },
  );

  it('formats numbers too', () => {
    expect(formatMoney(0.1 + 0.2, 'USD')).toBe('$0.30');
  });
});

describe('toMoneyNumber and toRateNumber on stored values', () => {
  it('give exactly the rounded amount for any numeric(…, 2) / (…, 3) text, and round anything else', () => {
    const stored = (decimals: number) =>
      fc
        .tuple(
          fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n }),
          fc.integer({ min: 0, max: decimals }),
        )
        .map(([units, places]) => {
          const text = (units < 0n ? -units : units).toString().padStart(places + 1, '0');
          const body = places ? `${text.slice(0, -places)}.${text.slice(-places)}` : text;
          return units < 0n ? `-${body}` : body;
        });
    fc.assert(
      fc.property(stored(2), (text) => {
        expect(toMoneyNumber(text)).toBe(Number(roundMoney(text)));
      }),
      { numRuns: 5_000 },
    );
    fc.assert(
      fc.property(stored(3), (text) => {
        expect(toRateNumber(text)).toBe(Number(normalizeTaxRate(text)));
      }),
      { numRuns: 5_000 },
    );
    expect(toMoneyNumber('12.345')).toBe(12.35);
    expect(toMoneyNumber(' 7.5 ')).toBe(7.5);
    expect(toRateNumber('9.9755')).toBe(9.976);
  });
});
