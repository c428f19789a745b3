/**
 * Rules shared by quotes and orders: recipient checks, currency and tax rate, and turning the
 * client's `{ id?, productId, quantity }` lines into priced rows with exact totals.
 */
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_CURRENCY_CODE,
  LineRuleError,
  QUOTE_MESSAGES,
  documentInputError,
  isUuid,
  resolveAdjustments,
  resolveLines,
  taxRateFor,
  type AdjustmentInput,
  type DocumentItemBody,
  type ProductRef,
  type StoredAdjustment,
  type StoredLineRef,
  type TaxRateRef,
} from '@smb/shared-types';
import type { TenantDb } from '../../db/tenant-database';
import { isForeignKeyViolation } from '../../db/query';
import { badRequest } from '../../errors';
import { sanitizeNotes } from './notes-sanitizer';
import type { LineRow } from '../../db/tables/documents.table';
import { findReferences, type References } from './documents.repository';
import { sameAdjustments, sameLines, totalLines, type DocumentAmountColumns } from './line-amounts';

export { copyLines, totalLines, type DocumentAmountColumns } from './line-amounts';

/** The document fields a client may send (REST body or sync mutation args). */
export interface DocumentInput {
  id?: string | null;
  customerId?: string | null;
  contactId?: string | null;
  currencyCode?: string | null;
  items?: DocumentItemBody[] | null;
  notes?: string | null;
  status?: string | null;
  pricesIncludeTax?: boolean | null;
  adjustments?: AdjustmentInput[] | null;
}

/** A stored line, as far as repricing needs it. */
export type StoredLine = LineRow;

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
  const ids = [...new Set((items ?? []).map((i) => i.productId ?? '').filter((id) => id !== ''))];
  return ids.every(isUuid) ? ids : null;
}

/** A stored line in the neutral shape the shared resolver reads. */
export function toLineRef(l: StoredLine): StoredLineRef {
  return {
    id: l.id,
    productId: l.product_id,
    productName: l.product_name,
    productSku: l.product_sku,
    description: l.description,
    quantity: Number(l.quantity),
    unitPrice: l.unit_price,
    unitCode: l.unit_code,
    taxRateId: l.tax_rate_id,
    taxCategory: l.tax_category,
    taxRate: l.tax_rate,
    discountKind: l.discount_kind,
    discountValue: l.discount_value,
  };
}

/** A stored line as the input it would be sent as (a free line needs its description and price). */
export const storedItem = (l: StoredLine) => ({
  id: l.id,
  productId: l.product_id,
  quantity: Number(l.quantity),
  description: l.description,
  unitPrice: Number(l.unit_price),
});

/** Runs a shared line rule, answering 400 with its message. */
function ruled<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof LineRuleError) throw badRequest(err.message);
    throw err;
  }
}

/**
 * Prices the client's lines by the shared rules (`resolveLines`: price, tax, discount, unit,
 * description). Line ids are the stored ids or new UUIDs.
 */
function priceLines(
  items: DocumentItemBody[],
  stored: StoredLine[],
  refs: References,
  defaultRate: string,
): LineRow[] {
  const products = new Map(
    refs.products.map((p) => [
      p.id,
      { ...p, taxRateId: p.tax_rate_id, unitCode: p.unit_code } satisfies ProductRef,
    ]),
  );
  const resolved = ruled(() =>
    resolveLines(items, stored.map(toLineRef), products, taxRateMap(refs), defaultRate),
  );
  return resolved.map((line, position) => ({
    id: line.matchId ?? randomUUID(),
    product_id: line.productId,
    position,
    product_name: line.productName,
    product_sku: line.productSku,
    quantity: String(line.quantity),
    unit_price: line.unitPrice,
    subtotal: '0',
    tax_rate_id: line.taxRateId,
    tax_category: line.taxCategory,
    tax_rate: line.taxRate,
    discount_kind: line.discountKind,
    discount_value: line.discountValue,
    discount_amount: '0',
    description: line.description,
    unit_code: line.unitCode,
    line_total: '0',
  }));
}

const taxRateMap = (refs: References) =>
  new Map(refs.taxRates.map((r) => [r.id, r satisfies TaxRateRef]));

/** The stored columns a content change compares against. */
export interface StoredContent {
  customer_id: string;
  contact_id: string | null;
  currency_code: string;
  notes: string;
  prices_include_tax: boolean;
  adjustments: StoredAdjustment[];
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
  if (input.pricesIncludeTax != null && input.pricesIncludeTax !== row.prices_include_tax)
    return true;
  if (input.adjustments != null && !sameAdjustments(input.adjustments, row.adjustments))
    return true;
  return false;
}

export interface PreparedContent {
  set: {
    customer_id: string;
    contact_id: string;
    currency_code: string;
    notes: string;
    tax_rate: string;
    prices_include_tax: boolean;
    adjustments: string;
  } & DocumentAmountColumns;
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
 * updates); lines naming no tax rate take the currency's (10 % when unknown); amounts by
 * `calculateDocument` only.
 */
export async function prepareContent(
  trx: TenantDb,
  input: DocumentInput,
  current: (StoredContent & { tax_rate?: string }) | null,
  stored: StoredLine[],
): Promise<PreparedContent> {
  const pick = <K extends keyof DocumentInput>(key: K, fallback: DocumentInput[K]) =>
    input[key] !== undefined && input[key] !== null ? input[key] : fallback;
  const customerId = idOrNull(
    input.customerId !== undefined ? input.customerId : current?.customer_id,
  );
  const contactId = idOrNull(input.contactId !== undefined ? input.contactId : current?.contact_id);
  const items =
    (input.items !== undefined ? input.items : current ? stored.map(storedItem) : null) ?? null;
  const currencyInput =
    input.currencyCode !== undefined ? input.currencyCode : current?.currency_code.trim();
  const productIds = productIdsOf(items);
  // One lookup for all; the checks then run in the order the spec gives their messages.
  const refs = await findReferences(trx, {
    customerId: isUuid(customerId) ? customerId : null,
    contactId: isUuid(contactId) ? contactId : null,
    currencyCode: currencyCodeOrNull(currencyInput),
    productIds: productIds ?? [],
  });
  const parties = checkRecipient({ customerId, contactId, items }, refs);
  const currencyCode = normalizeCurrencyCode(currencyInput);
  const taxRate = taxRateFor(refs.currency);
  if (!productIds) throw badRequest(QUOTE_MESSAGES.unknownProduct);
  const lines = priceLines(items!, stored, refs, taxRate);
  const pricesIncludeTax = pick('pricesIncludeTax', current?.prices_include_tax) ?? false;
  const storedAdjustments = current?.adjustments ?? [];
  const adjustments = ruled(() =>
    resolveAdjustments(
      input.adjustments ?? storedAdjustments,
      storedAdjustments,
      taxRateMap(refs),
      taxRate,
    ),
  );
  const amounts = totalLines(lines, adjustments, pricesIncludeTax);
  return {
    set: {
      customer_id: customerId!,
      contact_id: contactId!,
      currency_code: currencyCode,
      notes: sanitizeNotes(input.notes !== undefined ? input.notes : current?.notes),
      tax_rate: taxRate,
      prices_include_tax: pricesIncludeTax,
      adjustments: JSON.stringify(adjustments),
      ...amounts,
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
    const product = line.product_id ? products.get(line.product_id) : undefined;
    return {
      ...line,
      document_id: documentId,
      current_name: product?.name ?? null,
      current_sku: product?.sku ?? null,
      current_price: product?.price ?? null,
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
