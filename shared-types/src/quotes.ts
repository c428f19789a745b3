import { Type, type Static, type TSchema } from 'typebox';
import { SCHEMA_MESSAGE } from './api';

/** Spec §4: the five quote states, in the order the status dropdown lists them. */
export const QUOTE_STATUSES = ['Draft', 'Sent', 'Accepted', 'Rejected', 'Converted'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** Spec §5 messages for quote and order saves, checked in this order. */
export const DOCUMENT_MESSAGES = {
  selectCustomer: 'Please select a customer',
  selectContact: 'Please select a contact',
  addItem: 'Please add at least one item',
  completeItems: 'Please complete all item details',
} as const;

export const QUOTE_MESSAGES = {
  ...DOCUMENT_MESSAGES,
  contactNotOfCustomer: 'The selected contact does not belong to the selected customer',
  unknownProduct: 'One of the items refers to a product that no longer exists',
  selectCurrency: 'Please select a currency',
  totalTooLarge: 'The total is too large',
  notDraft: 'Only draft quotes can be changed. Set the status back to Draft to edit it.',
  cannotSend: 'Only draft or sent quotes can be sent',
  invalidStatus: 'Invalid quote status',
  notFound: 'Quote not found',
  mailFailed:
    'The quote was sent, but the e-mail could not be delivered. Please try sending it again.',
  alreadyConverted: (orderNumber: string) =>
    `This quote was already converted to order ${orderNumber}`,
} as const;

/** Largest quantity per line; keeps every total inside numeric(14, 2). */
export const MAX_ITEM_QUANTITY = 1_000_000;
export const MAX_ITEMS = 500;
export const MAX_NOTES_LENGTH = 50_000;

/** Digits a document number has at least. */
export const DOCUMENT_NUMBER_DIGITS = 4;

/** `Q-0001`, `SO-0001`, `INV-0001`: at least 4 digits, growing past 9999 (`Q-10000`). */
export function documentNumber(prefix: string, value: number): string {
  return `${prefix}-${String(value).padStart(DOCUMENT_NUMBER_DIGITS, '0')}`;
}

export interface DocumentItemInput {
  productId?: string | null;
  quantity?: number | null;
}

/** Spec §5 quote/order checks, in order; null when the draft may be saved. */
export function documentInputError(input: {
  customerId?: string | null;
  contactId?: string | null;
  items?: DocumentItemInput[] | null;
}): string | null {
  if (!input.customerId) return DOCUMENT_MESSAGES.selectCustomer;
  if (!input.contactId) return DOCUMENT_MESSAGES.selectContact;
  if (!input.items || input.items.length === 0) return DOCUMENT_MESSAGES.addItem;
  for (const item of input.items) {
    const q = item.quantity;
    if (
      !item.productId ||
      typeof q !== 'number' ||
      !Number.isInteger(q) ||
      q < 1 ||
      q > MAX_ITEM_QUANTITY
    )
      return DOCUMENT_MESSAGES.completeItems;
  }
  return null;
}

export const OrNull = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const Id = Type.String({ maxLength: 64 });
const DateTime = Type.String({ format: 'date-time' });

/** An id the document needs, with the message when it is missing or empty. */
const RequiredId = (message: string) =>
  Type.String({ minLength: 1, maxLength: 64, [SCHEMA_MESSAGE]: message });

/** One line as a client sends it: a product and a whole quantity. An existing line keeps its `id`. */
export const DocumentItemBody = Type.Object({
  id: Type.Optional(OrNull(Id)),
  productId: RequiredId(DOCUMENT_MESSAGES.completeItems),
  quantity: Type.Integer({
    minimum: 1,
    maximum: MAX_ITEM_QUANTITY,
    [SCHEMA_MESSAGE]: DOCUMENT_MESSAGES.completeItems,
  }),
});
/** What the services take: sync mutations reach them unchecked, so the type stays loose. */
export type DocumentItemBody = DocumentItemInput & { id?: string | null };

const documentFields = {
  customerId: RequiredId(DOCUMENT_MESSAGES.selectCustomer),
  contactId: RequiredId(DOCUMENT_MESSAGES.selectContact),
  currencyCode: Type.Optional(OrNull(Type.String({ maxLength: 3 }))),
  items: Type.Array(DocumentItemBody, {
    minItems: 1,
    maxItems: MAX_ITEMS,
    [SCHEMA_MESSAGE]: {
      required: DOCUMENT_MESSAGES.addItem,
      minItems: DOCUMENT_MESSAGES.addItem,
      type: DOCUMENT_MESSAGES.addItem,
    },
  }),
  notes: Type.Optional(OrNull(Type.String({ maxLength: MAX_NOTES_LENGTH }))),
  status: Type.Optional(OrNull(Type.String({ maxLength: 20 }))),
};

/**
 * POST /api/quotes (and /api/orders): customer, contact and at least one line are required, in
 * that order of messages. `id` may be client-made (offline creation).
 */
export const QuoteCreateBody = Type.Object({ id: Type.Optional(Id), ...documentFields });
export type QuoteCreateBody = Static<typeof QuoteCreateBody>;

/** PUT /api/quotes/{id}: the same fields, each optional; only the fields given are written. */
export const QuoteUpdateBody = Type.Partial(QuoteCreateBody);
export type QuoteUpdateBody = Static<typeof QuoteUpdateBody>;

export const DocumentListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000 })),
  q: Type.Optional(Type.String({ maxLength: 200 })),
});
export type DocumentListQuery = Static<typeof DocumentListQuery>;

export const DocumentIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

export const DocumentCustomer = Type.Object({
  name: Type.String(),
  email: Type.String(),
  address: OrNull(Type.String()),
});
export const DocumentContact = Type.Object({
  name: Type.String(),
  email: Type.String(),
  role: OrNull(Type.String()),
});

export const DocumentItem = Type.Object({
  id: Type.String(),
  productId: OrNull(Type.String()),
  quantity: Type.Integer(),
  unitPrice: Type.Number(),
  subtotal: Type.Number(),
  /** The product now; name and sku fall back to the snapshot taken when the line was added. */
  product: Type.Object({
    sku: OrNull(Type.String()),
    name: Type.String(),
    price: OrNull(Type.Number()),
  }),
});
export type DocumentItem = Static<typeof DocumentItem>;

export const documentResponseFields = {
  id: Type.String(),
  customerId: Type.String(),
  contactId: OrNull(Type.String()),
  customer: OrNull(DocumentCustomer),
  contact: OrNull(DocumentContact),
  currencyCode: Type.String(),
  notes: Type.String(),
  items: Type.Array(DocumentItem),
  subtotal: Type.Number(),
  taxRate: Type.Number(),
  taxAmount: Type.Number(),
  total: Type.Number(),
  createdAt: DateTime,
  version: Type.String(),
  updatedAt: DateTime,
};

export const Quote = Type.Object({
  ...documentResponseFields,
  quoteNumber: Type.String(),
  tenantId: Type.String(),
  tenantName: Type.String(),
  status: Type.String(),
  accessToken: OrNull(Type.String()),
  viewedAt: OrNull(DateTime),
  acceptedAt: OrNull(DateTime),
  rejectedAt: OrNull(DateTime),
});
export type Quote = Static<typeof Quote>;

/** Spec §2: the public link the share dialog shows and the send e-mail carries. */
export function publicQuoteUrl(
  origin: string,
  tenantId: string,
  quoteId: string,
  token: string,
): string {
  return `${origin.replace(/\/$/, '')}/quote/${tenantId}/${quoteId}/view?token=${encodeURIComponent(token)}`;
}
