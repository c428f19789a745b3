import { useCallback, useState } from 'react';
import type { DocumentItemRow, ProductRow } from '../../db/types';
import { newId } from '../../db/meta';

/** One line as the form edits it. `id` is null for a line not saved yet. */
export interface DraftLine {
  key: string;
  id: string | null;
  productId: string | null;
  productName: string;
  productSku: string | null;
  quantity: number;
  unitPrice: number;
}

export interface DocumentDraft {
  customerId: string | null;
  contactId: string | null;
  currencyCode: string;
  notes: string;
  lines: DraftLine[];
}

interface DocumentLike {
  customerId: string;
  contactId: string | null;
  currencyCode: string;
  notes: string;
  items: DocumentItemRow[];
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
      })),
  };
}

export function emptyLine(): DraftLine {
  return {
    key: newId(),
    id: null,
    productId: null,
    productName: '',
    productSku: null,
    quantity: 1,
    unitPrice: 0,
  };
}

/** Choosing a product sets the unit price to the product's price (editable afterwards). */
export function withProduct(line: DraftLine, product: ProductRow | null): DraftLine {
  if (!product)
    return { ...line, productId: null, productName: '', productSku: null, unitPrice: 0 };
  return {
    ...line,
    productId: product.id,
    productName: product.name,
    productSku: product.sku,
    unitPrice: product.price,
  };
}

/** Quantity is read as an integer; anything invalid reads as 0. */
export function parseQuantity(value: string | number): number {
  const n = typeof value === 'number' ? value : Number.parseInt(value, 10);
  return Number.isFinite(n) && n > 0 ? Math.trunc(n) : 0;
}

/** The items the data layer takes: existing lines keep their id. */
export function draftItems(lines: DraftLine[]) {
  return lines.map((l) => ({ id: l.id, productId: l.productId, quantity: l.quantity }));
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
