/**
 * Rules shared by quotes and orders: recipient checks, currency and tax rate, and turning the
 * client's `{ id?, productId, quantity }` lines into priced rows with exact totals.
 */
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_CURRENCY_CODE,
  QUOTE_MESSAGES,
  compareMoney,
  documentInputError,
  documentTotals,
  isUuid,
  taxRateFor,
  type DocumentItemBody,
  type DocumentTotals,
} from '@smb/shared-types';
import type { TenantDb } from '../../db/tenant-database';
import { isForeignKeyViolation } from '../../db/query';
import { badRequest } from '../../errors';
import { sanitizeNotes } from './notes-sanitizer';
import type { LineRow } from '../../db/tables/documents.table';
import { findReferences, type References } from './documents.repository';

/** Largest total numeric(14, 2) can hold. */
const MAX_TOTAL = '999999999999.99';

/** The document fields a client may send (REST body or sync mutation args). */
export interface DocumentInput {
  id?: string | null;
  customerId?: string | null;
  contactId?: string | null;
  currencyCode?: string | null;
  items?: DocumentItemBody[] | null;
  notes?: string | null;
  status?: string | null;
}

/** A stored line, as far as repricing needs it. */
export type StoredLine = Pick<
  LineRow,
  'id' | 'product_id' | 'product_name' | 'product_sku' | 'quantity' | 'unit_price'
>;

/** A new document's id: the client-made one in lower case, or a fresh UUID. */
export function newDocumentId(id: string | null | undefined): string {
  const value = id ? id.toLowerCase() : randomUUID();
  if (!isUuid(value)) throw badRequest('The id must be a UUID');
  return value;
}

/** '' and null mean "none"; ids compare in lower case as PostgreSQL prints uuids. */
export const idOrNull = (value: string | null | undefined): string | null =>
  value ? value.toLowerCase() : null;

/**
 * The save rules in the order their messages are shown (`quoteError`: customer, currency, at least
 * one line, each line's product and quantity), then: the customer exists and the contact is one of
 * its contacts.
 */
function checkRecipient(
  input: { customerId: string | null; contactId: string | null; items: DocumentItemBody[] | null },
  refs: References,
): Parties {
  const error = documentInputError(input);
  if (error) throw badRequest(error);
  const { customer, contact } = refs;
  if (!customer) throw badRequest(QUOTE_MESSAGES.selectCustomer);
  if (!contact) throw badRequest(QUOTE_MESSAGES.selectContact);
  if (contact.customer_id !== customer.id) throw badRequest(QUOTE_MESSAGES.contactNotOfCustomer);
  return { customer, contact };
}

/** 'usd' → 'USD'; empty → USD (the default document currency); null for anything else that is not 3 letters. */
function currencyCodeOrNull(code: string | null | undefined): string | null {
  const value = (code ?? '').trim().toUpperCase();
  if (!value) return DEFAULT_CURRENCY_CODE;
  return /^[A-Z]{3}$/.test(value) ? value : null;
}

/** `currencyCodeOrNull`, answering 400 where it gives null. */
export function normalizeCurrencyCode(code: string | null | undefined): string {
  const value = currencyCodeOrNull(code);
  if (value === null) throw badRequest(QUOTE_MESSAGES.selectCurrency);
  return value;
}

/** The product ids of the client's lines, or null when one is not a UUID. */
function productIdsOf(items: DocumentItemBody[] | null): string[] | null {
  const ids = [...new Set((items ?? []).map((i) => i.productId ?? ''))];
  return ids.every(isUuid) ? ids : null;
}

/**
 * Prices the client's lines. Unit prices are kept on the line: a line that matches a stored line —
 * by its `id`, or else by position — and still names the same product keeps its stored unit price;
 * any other line takes the product's current price. Line ids are the stored ids or new UUIDs.
 * Every product id must be a UUID (`productIdsOf`).
 */
function priceLines(
  items: DocumentItemBody[],
  stored: StoredLine[],
  found: References['products'],
): LineRow[] {
  const products = new Map(found.map((p) => [p.id, p]));
  const claimed = new Set<string>();
  const byId = new Map(stored.map((l) => [l.id, l]));

  return items.map((item, position) => {
    const productId = item.productId!;
    const product = products.get(productId);
    let match = item.id ? byId.get(item.id) : stored[position];
    if (match && (match.product_id !== productId || claimed.has(match.id))) match = undefined;
    if (!match && !product) throw badRequest(QUOTE_MESSAGES.unknownProduct);
    if (match) claimed.add(match.id);
    const unitPrice = match ? match.unit_price : product!.price;
    return {
      id: match ? match.id : randomUUID(),
      product_id: productId,
      position,
      product_name: product?.name ?? match!.product_name,
      product_sku: product ? product.sku : match!.product_sku,
      quantity: item.quantity!,
      unit_price: unitPrice,
      subtotal: '0',
    };
  });
}

/** Fills each line's subtotal and returns the document totals (money module, exact). */
export function totalLines(lines: LineRow[], taxRate: string): DocumentTotals {
  const totals = documentTotals(
    lines.map((l) => ({ unitPrice: l.unit_price, quantity: l.quantity })),
    taxRate,
  );
  lines.forEach((line, i) => (line.subtotal = totals.lines[i]!));
  if (compareMoney(totals.total, MAX_TOTAL) > 0) throw badRequest(QUOTE_MESSAGES.totalTooLarge);
  return totals;
}

/** Whether the client's lines equal the stored ones (same products and quantities, in order). */
export function sameLines(items: DocumentItemBody[], stored: StoredLine[]): boolean {
  return (
    items.length === stored.length &&
    items.every((item, i) => {
      const line = stored[i]!;
      return (
        (item.productId ?? null) === line.product_id &&
        item.quantity === line.quantity &&
        (!item.id || item.id === line.id)
      );
    })
  );
}

/** Copies lines (with their unit prices) for another document, with new ids. */
export function copyLines(stored: StoredLine[]): LineRow[] {
  return stored.map((l, position) => ({
    id: randomUUID(),
    product_id: l.product_id,
    position,
    product_name: l.product_name,
    product_sku: l.product_sku,
    quantity: l.quantity,
    unit_price: l.unit_price,
    subtotal: '0',
  }));
}

/** The stored columns a content change compares against. */
export interface StoredContent {
  customer_id: string;
  contact_id: string | null;
  currency_code: string;
  notes: string;
}

/** Whether the input changes recipient, currency, notes or lines (not just the status). */
export function contentChanged(
  input: DocumentInput,
  row: StoredContent,
  stored: StoredLine[],
): boolean {
  if (input.customerId !== undefined && idOrNull(input.customerId) !== row.customer_id) return true;
  if (input.contactId !== undefined && idOrNull(input.contactId) !== row.contact_id) return true;
  if (
    input.currencyCode !== undefined &&
    normalizeCurrencyCode(input.currencyCode) !== row.currency_code.trim()
  )
    return true;
  if (input.notes !== undefined && sanitizeNotes(input.notes) !== row.notes) return true;
  if (input.items != null && !sameLines(input.items, stored)) return true;
  return false;
}

export interface PreparedContent {
  set: {
    customer_id: string;
    contact_id: string;
    currency_code: string;
    notes: string;
    subtotal: string;
    tax_rate: string;
    tax_amount: string;
    total: string;
  };
  lines: LineRow[];
  /** The customer and contact it names, and the products its lines name (as they are now). */
  parties: Parties;
  products: References['products'];
}

/** A document's customer and contact, as the content checks found them. */
export interface Parties {
  customer: NonNullable<References['customer']>;
  contact: NonNullable<References['contact']>;
}

/**
 * Validates and prices a document's content: the input's fields over the stored ones (partial
 * updates), the currency's tax rate — or `fixedTaxRate` (orders: 10 %) — and exact totals.
 */
export async function prepareContent(
  trx: TenantDb,
  input: DocumentInput,
  current: StoredContent | null,
  stored: StoredLine[],
  fixedTaxRate?: string,
): Promise<PreparedContent> {
  const pick = <K extends keyof DocumentInput>(key: K, fallback: DocumentInput[K]) =>
    input[key] !== undefined ? input[key] : fallback;
  const customerId = idOrNull(pick('customerId', current?.customer_id));
  const contactId = idOrNull(pick('contactId', current?.contact_id));
  const items =
    pick(
      'items',
      current
        ? stored.map((l) => ({ id: l.id, productId: l.product_id, quantity: l.quantity }))
        : null,
    ) ?? null;
  const currencyInput = pick('currencyCode', current?.currency_code.trim());
  const productIds = productIdsOf(items);
  // One lookup for all four; the checks then run in the order the spec gives their messages.
  const refs = await findReferences(trx, {
    customerId: isUuid(customerId) ? customerId : null,
    contactId: isUuid(contactId) ? contactId : null,
    currencyCode: fixedTaxRate === undefined ? currencyCodeOrNull(currencyInput) : null,
    productIds: productIds ?? [],
  });
  const parties = checkRecipient({ customerId, contactId, items }, refs);
  const currencyCode = normalizeCurrencyCode(currencyInput);
  const taxRate = fixedTaxRate ?? taxRateFor(refs.currency);
  if (!productIds) throw badRequest(QUOTE_MESSAGES.unknownProduct);
  const lines = priceLines(items!, stored, refs.products);
  const totals = totalLines(lines, taxRate);
  return {
    set: {
      customer_id: customerId!,
      contact_id: contactId!,
      currency_code: currencyCode,
      notes: sanitizeNotes(pick('notes', current?.notes)),
      subtotal: totals.subtotal,
      tax_rate: totals.taxRate,
      tax_amount: totals.taxAmount,
      total: totals.total,
    },
    lines,
    parties,
    products: refs.products,
  };
}

/**
 * The lines just written for a new document, as `findLines` would read them back: each product as
 * it is now is the one they were priced from.
 */
export function writtenLines(documentId: string, content: PreparedContent) {
  const products = new Map(content.products.map((p) => [p.id, p]));
  return content.lines.map((line) => {
    const product = products.get(line.product_id!)!;
    return {
      ...line,
      document_id: documentId,
      current_name: product.name,
      current_sku: product.sku,
      current_price: product.price,
    };
  });
}

/**
 * A new document's write that failed because a customer, contact or product the checks had just
 * found was deleted in between (by another request, before the write took the tenant's version):
 * the same 400 as for an unknown one, not a 500. Any other error is given back unchanged.
 */
export function goneReferenceError(err: unknown): unknown {
  if (!isForeignKeyViolation(err)) return err;
  const constraint = (err as { constraint?: string }).constraint ?? '';
  if (constraint.endsWith('_customer_id_fkey')) return badRequest(QUOTE_MESSAGES.selectCustomer);
  if (constraint.endsWith('_contact_id_fkey')) return badRequest(QUOTE_MESSAGES.selectContact);
  if (constraint.endsWith('_product_id_fkey')) return badRequest(QUOTE_MESSAGES.unknownProduct);
  return err;
}
