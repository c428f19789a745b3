import {
  defaultLineTax,
  documentTaxAmounts,
  resolveAdjustments,
  resolveLines,
  type AdjustmentInput,
  type LineInput,
  type ProductRef,
  type StoredAdjustment,
  type TaxRateRef,
} from '@smb/shared-types/document-lines';
import { taxRateFor, toMoneyNumber, toRateNumber } from '@smb/shared-types/money';
import { DEFAULT_UNIT } from '@smb/shared-types/units';
import type { DocumentItemRow, QuoteRow } from '../../db/types';
import type { LocalWriter } from '../local-writer';

/**
 * A quote's or order's lines, allowances/charges and amounts, resolved and computed by the same
 * shared functions the server runs (`resolveLines`, `resolveAdjustments`, `documentTaxAmounts`),
 * from the local products, tax rates and currency — so the row stored here is the row the server
 * will store.
 */

export type DocumentAmounts = Pick<
  QuoteRow,
  | 'items'
  | 'subtotal'
  | 'taxRate'
  | 'taxAmount'
  | 'total'
  | 'pricesIncludeTax'
  | 'adjustments'
  | 'allowanceTotal'
  | 'chargeTotal'
  | 'roundingAmount'
  | 'taxBreakdown'
>;

/** The currency's rate (10 % when unknown): what lines naming no rate take. */
export async function defaultTaxRate(w: LocalWriter, currencyCode: string): Promise<string> {
  const currency = await w.db.currencies.where('code').equals(currencyCode).first();
  return taxRateFor(currency ?? null);
}

async function lookups(w: LocalWriter, items: LineInput[]) {
  const products = new Map<string, ProductRef>();
  for (const item of items) {
    const product = item.productId ? await w.get('products', item.productId) : undefined;
    if (product)
      products.set(product.id, {
        ...product,
        taxRateId: product.taxRateId ?? null,
        unitCode: product.unitCode ?? null,
      });
  }
  const stored = await w.db.tax_rates.toArray();
  const rates = new Map<string, TaxRateRef>(stored.map((r) => [r.id, r]));
  return { products, rates };
}

/** A stored line as the resolver reads it; a line stored before lines had rates of their own has the document's rate. */
const toRef = (documentRate: number) => (l: DocumentItemRow) => {
  const tax = defaultLineTax(documentRate);
  return {
    ...l,
    unitPrice: String(l.unitPrice),
    taxRateId: l.taxRateId ?? null,
    taxCategory: l.taxCategory ?? tax.category,
    taxRate: l.taxRate === undefined ? tax.rate : String(l.taxRate),
    discountKind: l.discountKind ?? null,
    discountValue: l.discountValue == null ? null : String(l.discountValue),
    description: l.description ?? '',
    unitCode: l.unitCode ?? DEFAULT_UNIT,
  };
};

/** The lines and amounts of a document from the client's input over its stored rows. */
export async function computeDocument(
  w: LocalWriter,
  input: {
    currencyCode: string;
    items: (LineInput & { id: string })[];
    pricesIncludeTax: boolean;
    adjustments: AdjustmentInput[];
  },
  stored: { items: DocumentItemRow[]; taxRate: number; adjustments?: StoredAdjustment[] } | null,
): Promise<DocumentAmounts> {
  const rate = await defaultTaxRate(w, input.currencyCode);
  const { products, rates } = await lookups(w, input.items);
  const storedLines = stored ? stored.items.map(toRef(stored.taxRate)) : [];
  const resolved = resolveLines(input.items, storedLines, products, rates, rate);
  const adjustments = resolveAdjustments(input.adjustments, stored?.adjustments ?? [], rates, rate);
  const amounts = documentTaxAmounts(resolved, adjustments, input.pricesIncludeTax);
  return {
    items: resolved.map((line, position) => {
      const a = amounts.lines[position]!;
      return {
        id: input.items[position]!.id,
        productId: line.productId,
        position,
        productName: line.productName,
        productSku: line.productSku,
        quantity: line.quantity,
        unitPrice: toMoneyNumber(line.unitPrice),
        subtotal: toMoneyNumber(a.subtotal),
        taxRateId: line.taxRateId,
        taxCategory: line.taxCategory,
        taxRate: toRateNumber(line.taxRate),
        discountKind: line.discountKind,
        discountValue: line.discountValue === null ? null : toMoneyNumber(line.discountValue),
        discountAmount: toMoneyNumber(a.discountAmount),
        description: line.description,
        unitCode: line.unitCode,
        lineTotal: toMoneyNumber(a.lineTotal),
      };
    }),
    subtotal: toMoneyNumber(amounts.subtotal),
    taxRate: toRateNumber(rate),
    taxAmount: toMoneyNumber(amounts.taxAmount),
    total: toMoneyNumber(amounts.total),
    pricesIncludeTax: input.pricesIncludeTax,
    adjustments,
    allowanceTotal: toMoneyNumber(amounts.allowanceTotal),
    chargeTotal: toMoneyNumber(amounts.chargeTotal),
    roundingAmount: toMoneyNumber(amounts.roundingAmount),
    taxBreakdown: amounts.taxBreakdown,
  };
}
