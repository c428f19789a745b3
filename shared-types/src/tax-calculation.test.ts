import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentTotals } from './money';
import {
  calculateDocument,
  type CalculationAdjustment,
  type CalculationInput,
  type CalculationLine,
  type LineTax,
} from './tax-calculation';

const S19: LineTax = { category: 'S', rate: '19' };
const S7: LineTax = { category: 'S', rate: '7' };
const AE: LineTax = { category: 'AE', rate: '0' };

const line = (
  quantity: string,
  unitPrice: string,
  tax = S19,
  discount?: CalculationLine['discount'],
) => ({
  quantity,
  unitPrice,
  tax,
  discount,
});

describe('calculateDocument', () => {
  it('groups two rates and rounds tax per group, not per line', () => {
    const doc = calculateDocument({
      lines: [line('1', '0.33'), line('1', '0.33'), line('1', '0.33'), line('2', '2.50', S7)],
    });
    // Per line 0.0627 → 0.06 three times would give 0.18; per group 0.99 × 19 % = 0.1881 → 0.19.
    expect(doc.breakdown).toEqual([
      { category: 'S', rate: '19', taxableAmount: '0.99', taxAmount: '0.19' },
      { category: 'S', rate: '7', taxableAmount: '5.00', taxAmount: '0.35' },
    ]);
    expect(doc.totals).toMatchObject({
      lineTotal: '5.99',
      taxExclusive: '5.99',
      taxTotal: '0.54',
      taxInclusive: '6.53',
      rounding: '0.00',
      due: '6.53',
    });
  });

  it('takes a line discount in percent or as an amount, and document allowances and charges with their own tax', () => {
    const doc = calculateDocument({
      lines: [
        line('3', '33.33', S19, { kind: 'percent', value: '10' }),
        line('1.5', '80', S7, { kind: 'amount', value: '20' }),
        line('4', '250', AE),
      ],
      adjustments: [
        { kind: 'charge', value: { kind: 'amount', value: '5.95' }, tax: S19 },
        { kind: 'allowance', value: { kind: 'percent', value: '2' }, tax: S7 },
      ],
      prepaid: '100',
    });
    expect(doc.lines).toEqual([
      { amount: '99.99', discount: '10.00', net: '89.99', gross: '89.99' },
      { amount: '120.00', discount: '20.00', net: '100.00', gross: '100.00' },
      { amount: '1000.00', discount: '0.00', net: '1000.00', gross: '1000.00' },
    ]);
    // 2 % of the line nets 1,189.99 = 23.80, taken from the 7 % group.
    expect(doc.adjustments).toEqual([
      { kind: 'charge', amount: '5.95', gross: '5.95' },
      { kind: 'allowance', amount: '23.80', gross: '23.80' },
    ]);
    expect(doc.breakdown).toEqual([
      { category: 'S', rate: '19', taxableAmount: '95.94', taxAmount: '18.23' },
      { category: 'S', rate: '7', taxableAmount: '76.20', taxAmount: '5.33' },
      { category: 'AE', rate: '0', taxableAmount: '1000.00', taxAmount: '0.00' },
    ]);
    expect(doc.totals).toEqual({
      lineTotal: '1189.99',
      allowanceTotal: '23.80',
      chargeTotal: '5.95',
      taxExclusive: '1172.14',
      taxTotal: '23.56',
      taxInclusive: '1195.70',
      prepaid: '100.00',
      rounding: '0.00',
      due: '1095.70',
    });
  });

  it('derives net amounts from gross prices so the customer pays the prices shown', () => {
    const doc = calculateDocument({
      pricesIncludeTax: true,
      lines: [line('1', '11.90'), line('3', '9.99'), line('1', '10.70', S7)],
    });
    expect(doc.breakdown).toEqual([
      { category: 'S', rate: '19', taxableAmount: '35.18', taxAmount: '6.68' },
      { category: 'S', rate: '7', taxableAmount: '10.00', taxAmount: '0.70' },
    ]);
    expect(doc.lines.map((l) => l.gross)).toEqual(['11.90', '29.97', '10.70']);
    expect(doc.totals.taxInclusive).toBe('52.56');
    expect(doc.totals.due).toBe('52.57');
    expect(doc.totals.rounding).toBe('0.01');
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over random documents.

const decimalText = (max: number, places: number) =>
  fc
    .integer({ min: 0, max: max * 10 ** places })
    .map((n) => new Decimal(n).div(10 ** places).toString());

const taxArb: fc.Arbitrary<LineTax> = fc.oneof(
  fc
    .constantFrom('19', '7', '20', '5.5', '9.975', '21', '0.1', '25')
    .map((rate) => ({ category: 'S' as const, rate })),
  fc
    .constantFrom('Z', 'E', 'AE', 'K', 'G', 'O')
    .map((category) => ({ category: category as LineTax['category'], rate: '0' })),
);

const lineArb: fc.Arbitrary<CalculationLine> = fc
  .record({
    quantity: decimalText(500, 3),
    unitPrice: decimalText(5000, 2),
    tax: taxArb,
    discountKind: fc.constantFrom('none', 'percent', 'amount'),
    discountShare: fc.integer({ min: 0, max: 100 }),
  })
  .map(({ discountKind, discountShare, ...rest }) => {
    if (discountKind === 'none') return rest;
    if (discountKind === 'percent')
      return { ...rest, discount: { kind: 'percent' as const, value: String(discountShare) } };
    const amount = new Decimal(rest.quantity)
      .times(rest.unitPrice)
      .toDecimalPlaces(2)
      .times(discountShare)
      .div(100);
    return {
      ...rest,
      discount: { kind: 'amount' as const, value: amount.toDecimalPlaces(2).toString() },
    };
  });

const adjustmentArb: fc.Arbitrary<CalculationAdjustment> = fc.record({
  kind: fc.constantFrom('allowance' as const, 'charge' as const),
  value: fc.oneof(
    decimalText(50, 2).map((value) => ({ kind: 'amount' as const, value })),
    decimalText(10, 1).map((value) => ({ kind: 'percent' as const, value })),
  ),
  tax: taxArb,
});

const documentArb: fc.Arbitrary<CalculationInput> = fc.record({
  lines: fc.array(lineArb, { minLength: 1, maxLength: 8 }),
  adjustments: fc.array(adjustmentArb, { maxLength: 3 }),
  pricesIncludeTax: fc.boolean(),
  prepaid: decimalText(1000, 2),
});

const sum = (values: string[]) => values.reduce((acc, v) => acc.plus(v), new Decimal(0)).toFixed(2);
const round2 = (value: Decimal.Value) =>
  new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
const keyOf = (tax: LineTax) => `${tax.category}|${new Decimal(String(tax.rate)).toString()}`;

describe('calculateDocument properties (10,000 random documents)', () => {
  it('adds up to the cent: groups, breakdown and totals', () => {
    fc.assert(
      fc.property(documentArb, (input) => {
        const doc = calculateDocument(input);
        const { totals } = doc;
        const adjustments = input.adjustments ?? [];

        // Each group's taxable amount is its lines' nets less its allowances plus its charges,
        // and its tax is that amount at its rate, rounded once.
        for (const row of doc.breakdown) {
          const key = `${row.category}|${row.rate}`;
          const lineNets = doc.lines
            .filter((_, i) => keyOf(input.lines[i]!.tax) === key)
            .map((l) => l.net);
          const signed = doc.adjustments
            .map((a, i) => ({ a, tax: adjustments[i]!.tax }))
            .filter(({ tax }) => keyOf(tax) === key)
            .map(({ a }) => (a.kind === 'allowance' ? `-${a.amount}` : a.amount));
          expect(row.taxableAmount).toBe(sum([...lineNets, ...signed]));
          expect(row.taxAmount).toBe(
            round2(new Decimal(row.taxableAmount).times(row.rate).div(100)),
          );
        }
        expect(new Set(doc.breakdown.map((r) => `${r.category}|${r.rate}`)).size).toBe(
          doc.breakdown.length,
        );

        expect(totals.lineTotal).toBe(sum(doc.lines.map((l) => l.net)));
        expect(sum(doc.breakdown.map((r) => r.taxableAmount))).toBe(totals.taxExclusive);
        expect(sum([totals.lineTotal, `-${totals.allowanceTotal}`, totals.chargeTotal])).toBe(
          totals.taxExclusive,
        );
        expect(sum(doc.breakdown.map((r) => r.taxAmount))).toBe(totals.taxTotal);
        expect(sum([totals.taxExclusive, totals.taxTotal])).toBe(totals.taxInclusive);
        expect(sum([totals.taxInclusive, totals.rounding, `-${totals.prepaid}`])).toBe(totals.due);

        doc.lines.forEach((l, i) => {
          expect(sum([l.amount, `-${l.discount}`])).toBe(l.gross);
          expect(l.amount).toBe(
            round2(
              new Decimal(String(input.lines[i]!.quantity)).times(
                String(input.lines[i]!.unitPrice),
              ),
            ),
          );
        });

        if (input.pricesIncludeTax) {
          // The customer pays exactly the gross prices shown; at most a cent per group is left
          // to the rounding amount.
          const grossSum = sum([
            ...doc.lines.map((l) => l.gross),
            ...doc.adjustments.map((a) => (a.kind === 'allowance' ? `-${a.gross}` : a.gross)),
          ]);
          expect(sum([totals.taxInclusive, totals.rounding])).toBe(grossSum);
          expect(
            new Decimal(totals.rounding)
              .abs()
              .lessThanOrEqualTo(new Decimal('0.01').times(doc.breakdown.length)),
          ).toBe(true);
        } else {
          expect(totals.rounding).toBe('0.00');
          doc.lines.forEach((l) => expect(l.net).toBe(l.gross));
        }
      }),
      { numRuns: 10_000 },
    );
  }, 60_000);

  it('keeps every existing single-rate document at the totals it was stored with', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ quantity: decimalText(500, 3), unitPrice: decimalText(5000, 2) }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.constantFrom('10', '19', '9.975', '0', '7.5'),
        (lines, rate) => {
          const before = documentTotals(lines, rate);
          const after = calculateDocument({
            lines: lines.map((l) => ({ ...l, tax: { category: rate === '0' ? 'Z' : 'S', rate } })),
          });
          expect(after.lines.map((l) => l.net)).toEqual(before.lines);
          expect(after.totals.taxExclusive).toBe(before.subtotal);
          expect(after.totals.taxTotal).toBe(before.taxAmount);
          expect(after.totals.taxInclusive).toBe(before.total);
        },
      ),
      { numRuns: 2_000 },
    );
  }, 60_000);
});
