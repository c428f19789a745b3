import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from './decimal';
import {
  LINE_MESSAGES,
  LineRuleError,
  documentTaxAmounts,
  resolveAdjustments,
  resolveLines,
  type ProductRef,
  type StoredAdjustment,
  type StoredLineRef,
  type TaxRateRef,
  type TaxedLine,
} from './document-lines';
import { TAX_CATEGORIES, type TaxCategory } from './tax-categories';

const product: ProductRef = {
  id: 'p1',
  name: 'Widget',
  sku: 'W-1',
  price: '10.00',
  taxRateId: 'r19',
  unitCode: 'DAY',
};
const rates = new Map<string, TaxRateRef>([
  ['r19', { id: 'r19', category: 'S', rate: '19' }],
  ['r7', { id: 'r7', category: 'S', rate: '7.000' }],
  ['ae', { id: 'ae', category: 'AE', rate: '0' }],
]);
const products = new Map([[product.id, product]]);

describe('resolveLines', () => {
  it('takes the product’s price, default rate and unit, and the currency’s rate when none is named', () => {
    const [a, b] = resolveLines(
      [
        { id: 'l1', productId: 'p1', quantity: 2 },
        { id: 'l2', productId: 'p1', quantity: 1, taxRateId: null, unitPrice: 12.5 },
      ],
      [],
      products,
      rates,
      '9.975',
    );
    expect(a).toMatchObject({
      unitPrice: '10.00',
      taxRateId: 'r19',
      taxCategory: 'S',
      taxRate: '19',
      unitCode: 'DAY',
    });
    expect(b).toMatchObject({
      unitPrice: '12.50',
      taxRateId: null,
      taxCategory: 'S',
      taxRate: '9.975',
    });
    expect(
      resolveLines([{ productId: 'p1', quantity: 1, taxRateId: null }], [], products, rates, 0)[0],
    ).toMatchObject({ taxCategory: 'Z', taxRate: '0' });
  });

  it('keeps a stored line’s price and rate snapshot while it names the same rate, even one deleted since', () => {
    const stored: StoredLineRef = {
      id: 'l1',
      productId: 'p1',
      productName: 'Widget',
      productSku: 'W-1',
      description: '',
      quantity: 1,
      unitPrice: '8.00',
      unitCode: 'C62',
      taxRateId: 'gone',
      taxCategory: 'S',
      taxRate: '16',
      discountKind: 'percent',
      discountValue: '5.00',
    };
    const [line] = resolveLines(
      [{ id: 'l1', productId: 'p1', quantity: 3 }],
      [stored],
      products,
      rates,
      '10',
    );
    expect(line).toMatchObject({
      matchId: 'l1',
      unitPrice: '8.00',
      taxRateId: 'gone',
      taxRate: '16',
      discountKind: 'percent',
      discountValue: '5.00',
    });
    expect(() =>
      resolveLines(
        [{ id: 'l2', productId: 'p1', quantity: 1, taxRateId: 'gone' }],
        [stored],
        products,
        rates,
        '10',
      ),
    ).toThrow(LINE_MESSAGES.unknownTaxRate);
  });

  it('refuses what the server refuses, with its message', () => {
    const cases: [Parameters<typeof resolveLines>[0][number], string][] = [
      [{ productId: null, quantity: 1, unitPrice: 5 }, LINE_MESSAGES.completeItems],
      [{ productId: null, quantity: 1, description: 'Setup' }, LINE_MESSAGES.completeItems],
      [{ productId: 'nope', quantity: 1 }, LINE_MESSAGES.unknownProduct],
      [{ productId: 'p1', quantity: 1, unitPrice: 1.005 }, LINE_MESSAGES.invalidPrice],
      [{ productId: 'p1', quantity: 1, unitCode: 'XYZ' }, LINE_MESSAGES.invalidUnit],
      [
        { productId: 'p1', quantity: 1, discount: { kind: 'percent', value: 100.5 } },
        LINE_MESSAGES.invalidDiscount,
      ],
      [
        { productId: 'p1', quantity: 2, discount: { kind: 'amount', value: 20.01 } },
        LINE_MESSAGES.invalidDiscount,
      ],
    ];
    for (const [item, message] of cases) {
      const run = () => resolveLines([item], [], products, rates, '10');
      expect(run, JSON.stringify(item)).toThrow(LineRuleError);
      expect(run, JSON.stringify(item)).toThrow(message);
    }
    expect(
      resolveLines(
        [{ productId: null, quantity: 2, unitPrice: 80.5, description: ' Setup ' }],
        [],
        products,
        rates,
        '10',
      )[0],
    ).toMatchObject({
      productId: null,
      productName: 'Setup',
      description: 'Setup',
      unitPrice: '80.50',
    });
  });

  it('resolves allowances and charges: a reason, an amount above 0, a known rate', () => {
    expect(
      resolveAdjustments(
        [{ kind: 'charge', reason: ' Shipping ', amount: 5.95, taxRateId: 'r7' }],
        [],
        rates,
        '19',
      ),
    ).toEqual([
      {
        kind: 'charge',
        reason: 'Shipping',
        amount: 5.95,
        taxRateId: 'r7',
        taxCategory: 'S',
        taxRate: 7,
      },
    ]);
    expect(() =>
      resolveAdjustments([{ kind: 'charge', reason: ' ', amount: 5 }], [], rates, '19'),
    ).toThrow(LINE_MESSAGES.adjustmentReason);
    expect(() =>
      resolveAdjustments([{ kind: 'allowance', reason: 'x', amount: 0 }], [], rates, '19'),
    ).toThrow(LINE_MESSAGES.adjustmentAmount);
  });
});

const cents = (max: number) => fc.integer({ min: 0, max }).map((n) => (n / 100).toFixed(2));
const taxArb = fc.oneof(
  fc
    .constantFrom('19', '7', '9.975', '20', '5.5')
    .map((rate) => ({ taxCategory: 'S' as TaxCategory, taxRate: rate })),
  fc
    .constantFrom(...TAX_CATEGORIES.filter((c) => c !== 'S'))
    .map((c) => ({ taxCategory: c, taxRate: '0' })),
);
const lineArb: fc.Arbitrary<TaxedLine> = fc
  .record({
    // Quantities with decimals: the arithmetic takes them (the API still takes whole numbers).
    quantity: fc.integer({ min: 1, max: 500_000 }).map((n) => (n / 1000).toString()),
    unitPrice: cents(500_000),
    tax: taxArb,
    discount: fc.option(
      fc.record({
        kind: fc.constantFrom('percent' as const, 'amount' as const),
        share: fc.integer({ min: 0, max: 100 }),
      }),
      { nil: null },
    ),
  })
  .map(({ quantity, unitPrice, tax, discount }) => {
    const amount = dec(quantity).times(unitPrice).toDecimalPlaces(2);
    return {
      quantity,
      unitPrice,
      ...tax,
      discountKind: discount?.kind ?? null,
      discountValue: discount
        ? discount.kind === 'percent'
          ? String(discount.share)
          : amount.times(discount.share).dividedBy(100).toDecimalPlaces(2, 1).toFixed(2)
        : null,
    };
  });

describe('documentTaxAmounts (property, 10,000 documents)', () => {
  it('breakdown, line nets and totals add up to the cent, net or gross', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 8 }),
        fc.array(
          fc.record({
            kind: fc.constantFrom('allowance' as const, 'charge' as const),
            amount: fc.integer({ min: 1, max: 5_000 }),
            tax: taxArb,
          }),
          { maxLength: 3 },
        ),
        fc.boolean(),
        (lines, raw, gross) => {
          const adjustments: StoredAdjustment[] = raw.map((a) => ({
            kind: a.kind,
            reason: 'r',
            amount: a.amount / 100,
            taxRateId: null,
            taxCategory: a.tax.taxCategory,
            taxRate: Number(a.tax.taxRate),
          }));
          const d = documentTaxAmounts(lines, adjustments, gross);
          const sum = (xs: (string | number)[]) =>
            xs.reduce<ReturnType<typeof dec>>((s, x) => s.plus(dec(x)), dec(0));
          const taxable = sum(d.taxBreakdown.map((r) => r.taxableAmount));
          const tax = sum(d.taxBreakdown.map((r) => r.taxAmount));
          const exclusive = dec(d.subtotal).minus(d.allowanceTotal).plus(d.chargeTotal);
          expect(taxable.toFixed(2)).toBe(exclusive.toFixed(2));
          expect(tax.toFixed(2)).toBe(d.taxAmount);
          expect(exclusive.plus(tax).plus(d.roundingAmount).toFixed(2)).toBe(d.total);
          for (const row of d.taxBreakdown)
            expect(row.taxAmount.toFixed(2)).toBe(
              dec(row.taxableAmount).times(row.rate).dividedBy(100).toDecimalPlaces(2).toFixed(2),
            );
          if (!gross) expect(sum(d.lines.map((l) => l.lineTotal)).toFixed(2)).toBe(d.subtotal);
          else {
            // Gross: the customer pays the prices shown (to the rounding cent).
            const shown = sum(d.lines.map((l) => l.lineTotal))
              .minus(sum(adjustments.filter((a) => a.kind === 'allowance').map((a) => a.amount)))
              .plus(sum(adjustments.filter((a) => a.kind === 'charge').map((a) => a.amount)));
            expect(d.total).toBe(shown.toFixed(2));
          }
        },
      ),
      { numRuns: 10_000 },
    );
  }, 120_000);
});
