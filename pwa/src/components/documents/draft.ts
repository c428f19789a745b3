import { useCallback, useState } from 'react';
import type { DocumentItemRow, ProductRow } from '../../db/types';
import { newId } from '../../db/meta';
import { documentTaxAmounts, type StoredAdjustment } from '@smb/shared-types/document-lines';
import { DEFAULT_UNIT } from '@smb/shared-types/units';
import { isLineQuantity } from '@smb/shared-types/quotes';

/**
 * One line as the form edits it. `id` is null for a line not saved yet; `free` marks a line
 * without a catalogue product (a service, a one-off item: its description and price).
 */
export interface DraftLine {
  key: string;
  id: string | null;
  productId: string | null;
  productName: string;
  productSku: string | null;
  quantity: number;
  unitPrice: number;
  free: boolean;
  description: string;
  unitCode: string;
  /** null: the currency's rate. */
  taxRateId: string | null;
  discountKind: 'percent' | 'amount';
  /** 0: no discount. */
  discountValue: number;
}

export interface DocumentDraft {
  customerId: string | null;
  contactId: string | null;
  currencyCode: string;
  notes: string;
  lines: DraftLine[];
  pricesIncludeTax: boolean;
  adjustments: DraftAdjustment[];
}

/** A document discount (allowance) or charge as the form edits it. */
export interface DraftAdjustment {
  key: string;
  kind: 'allowance' | 'charge';
  reason: string;
  amount: number;
  taxRateId: string | null;
}

interface DocumentLike {
  customerId: string;
  contactId: string | null;
  currencyCode: string;
  notes: string;
  items: DocumentItemRow[];
  pricesIncludeTax?: boolean;
  adjustments?: StoredAdjustment[];
}

export function draftFromDocument(doc: DocumentLike): DocumentDraft {
  return {
    customerId: doc.customerId || null,
    contactId: doc.contactId,
    currencyCode: doc.currencyCode,
    notes: doc.notes,
    lines: [...doc.items]
      .sort((a, b) => a.position - b.position)
      .map((item) => ({
        key: item.id,
        id: item.id,
        productId: item.productId,
        productName: item.productName,
        productSku: item.productSku,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
        free: !item.productId && !!item.description,
        description: item.description ?? '',
        unitCode: item.unitCode ?? DEFAULT_UNIT,
        taxRateId: item.taxRateId ?? null,
        discountKind: item.discountKind ?? 'percent',
        discountValue: item.discountValue ?? 0,
      })),
    pricesIncludeTax: doc.pricesIncludeTax ?? false,
    adjustments: (doc.adjustments ?? []).map((a) => ({
      key: newId(),
      kind: a.kind,
      reason: a.reason,
      amount: a.amount,
      taxRateId: a.taxRateId,
    })),
  };
}

export function emptyLine(free = false): DraftLine {
  return {
    key: newId(),
    id: null,
    productId: null,
    productName: '',
    productSku: null,
    quantity: 1,
    unitPrice: 0,
    free,
    description: '',
    unitCode: DEFAULT_UNIT,
    taxRateId: null,
    discountKind: 'percent',
    discountValue: 0,
  };
}

export function emptyAdjustment(kind: DraftAdjustment['kind']): DraftAdjustment {
  return { key: newId(), kind, reason: '', amount: 0, taxRateId: null };
}

/**
 * Choosing a product sets the unit price to the product's price (editable afterwards), and its
 * default tax rate and unit.
 */
export function withProduct(line: DraftLine, product: ProductRow | null): DraftLine {
  if (!product)
    return { ...line, productId: null, productName: '', productSku: null, unitPrice: 0 };
  return {
    ...line,
    productId: product.id,
    productName: product.name,
    productSku: product.sku,
    unitPrice: product.price,
    taxRateId: product.taxRateId ?? null,
    unitCode: product.unitCode ?? DEFAULT_UNIT,
  };
}

/** quantity × price − discount, as the shared arithmetic computes a line (EN 16931). */
export function lineNet(line: DraftLine): string {
  const [amount] = documentTaxAmounts(
    [
      {
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        taxCategory: 'Z',
        taxRate: 0,
        discountKind: line.discountValue > 0 ? line.discountKind : null,
        discountValue: line.discountValue > 0 ? line.discountValue : null,
      },
    ],
    [],
    false,
  ).lines;
  return amount!.lineTotal;
}

/**
 * A quantity as typed: up to 3 decimals (1.5 hours), the field refusing more; anything invalid
 * (blank, NaN while the text is refused, 0 or less) reads as 0, which the form does not save.
 */
export function parseQuantity(value: string | number): number {
  const n = typeof value === 'number' ? value : Number(value);
  return isLineQuantity(n) ? n : 0;
}

/** The items the data layer takes: existing lines keep their id; every field is sent. */
export function draftItems(lines: DraftLine[]) {
  return lines.map((l) => ({
    id: l.id,
    productId: l.free ? null : l.productId,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    taxRateId: l.taxRateId,
    discount: l.discountValue > 0 ? { kind: l.discountKind, value: l.discountValue } : null,
    description: l.description.trim(),
    unitCode: l.unitCode,
  }));
}

/** The allowances and charges the data layer takes. */
export function draftAdjustments(adjustments: DraftAdjustment[]) {
  return adjustments.map((a) => ({
    kind: a.kind,
    reason: a.reason.trim(),
    amount: a.amount,
    taxRateId: a.taxRateId,
  }));
}

/** Form state of a quote or order, with a dirty flag for the update guard. */
export function useDocumentDraft(initial: DocumentDraft) {
  const [draft, setDraft] = useState(initial);
  const [dirty, setDirty] = useState(false);
  const update = useCallback((patch: Partial<DocumentDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setDirty(true);
  }, []);
  /** Changes the lines from the current ones (stable: the items rows are memoized on it). */
  const updateLines = useCallback((change: (lines: DraftLine[]) => DraftLine[]) => {
    setDraft((d) => ({ ...d, lines: change(d.lines) }));
    setDirty(true);
  }, []);
  const reset = useCallback((next: DocumentDraft) => {
    setDraft(next);
    setDirty(false);
  }, []);
  return { draft, dirty, update, updateLines, reset };
}
