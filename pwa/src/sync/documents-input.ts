import { DEFAULT_CURRENCY_CODE } from '@smb/shared-types/money';
import { documentInputError } from '@smb/shared-types/quotes';
import type { AdjustmentInput, LineInput } from '@smb/shared-types/document-lines';
import type { SmbDatabase } from '../db/database';
import { refuseProblem } from '../db/errors';
import { newId } from '../db/meta';
import type { DocumentItemArgs } from './mutation-args';
import { mutate } from './mutate';
import { queueUpdate } from './update-args';

/** A quote or order as the form gives it; a line without id is new. */
export interface DocumentInput {
  customerId?: string | null;
  contactId?: string | null;
  currencyCode?: string | null;
  notes?: string | null;
  items?: (Omit<LineInput, 'id'> & { id?: string | null })[];
  pricesIncludeTax?: boolean;
  adjustments?: AdjustmentInput[];
}

export function checkDocument(input: DocumentInput): void {
  refuseProblem(documentInputError(input));
}

/** The update arguments of a quote's or order's shared fields: only those the form gave. */
export function documentUpdateArgs(input: DocumentInput) {
  return {
    customerId: input.customerId ?? undefined,
    contactId: input.contactId,
    currencyCode: input.currencyCode ?? undefined,
    notes: input.notes ?? undefined,
    items: input.items ? itemArgs(input.items) : undefined,
    pricesIncludeTax: input.pricesIncludeTax,
    adjustments: input.adjustments,
  };
}

export function itemArgs(items: NonNullable<DocumentInput['items']>): DocumentItemArgs[] {
  return items.map((item) => ({
    ...item,
    id: item.id || newId(),
    productId: item.productId ?? null,
    quantity: item.quantity ?? 0,
  }));
}

/** The form's currency, else the tenant's default, else USD. */
export async function currencyCodeFor(
  db: SmbDatabase,
  code: string | null | undefined,
): Promise<string> {
  if (code) return code;
  const fallback = await db.currencies.filter((c) => c.isDefault).first();
  return fallback?.code ?? DEFAULT_CURRENCY_CODE;
}

/**
 * Checks a new quote or order and queues its creation in one local transaction; returns the
 * client-made id (its number stays 'Pending' until the server assigns one).
 */
export async function queueDocumentCreate(
  db: SmbDatabase,
  name: 'quote.create' | 'order.create',
  input: DocumentInput,
): Promise<string> {
  checkDocument(input);
  const id = newId();
  await db.transaction('rw', db.allTables, async () => {
    await mutate(db, name, {
      id,
      customerId: input.customerId ?? '',
      contactId: input.contactId ?? null,
      currencyCode: await currencyCodeFor(db, input.currencyCode),
      notes: input.notes ?? '',
      items: itemArgs(input.items ?? []),
      pricesIncludeTax: input.pricesIncludeTax ?? false,
      adjustments: input.adjustments ?? [],
    });
  });
  return id;
}

/**
 * Checks a quote's or order's changes against the stored document and queues them, in one local
 * transaction: `load` reads it (not found throws), `refuse` throws when it may no longer change (a
 * sent quote, an invoiced order). Answers whether anything changed.
 */
export async function queueDocumentUpdate<T extends DocumentInput>(
  db: SmbDatabase,
  name: 'quote.update' | 'order.update',
  id: string,
  input: DocumentInput,
  rules: {
    load: () => Promise<T>;
    refuse: (stored: T) => Promise<void> | void;
    notFound: string;
    /** The kind's own fields (a quote's validUntil). */
    args?: Record<string, unknown>;
  },
): Promise<boolean> {
  return db.transaction('rw', db.allTables, async () => {
    const stored = await rules.load();
    await rules.refuse(stored);
    checkDocument({ ...stored, ...input, items: input.items ?? stored.items });
    const entity = name === 'quote.update' ? 'quotes' : 'orders';
    const args = { ...documentUpdateArgs(input), ...rules.args };
    return queueUpdate(db, name, entity, id, args, rules.notFound);
  });
}
