import { Type, type Static, type TSchema } from 'typebox';
import { SCHEMA_MESSAGE } from './api';
import {
  LINE_MESSAGES,
  MAX_ADJUSTMENTS,
  MAX_DESCRIPTION_LENGTH,
  MAX_REASON_LENGTH,
  type LineInput,
} from './document-lines';
import { TAX_CATEGORIES } from './tax-categories';
import { formatDay } from './quote-days';

export * from './quote-days';

/** The five quote states, in the order the status dropdown lists them. */
export const QUOTE_STATUSES = ['Draft', 'Sent', 'Accepted', 'Rejected', 'Converted'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** Messages for quote and order saves, checked in this order. */
export const DOCUMENT_MESSAGES = {
  selectCustomer: 'Please select a customer',
  selectContact: 'Please select a contact',
  addItem: 'Please add at least one item',
  completeItems: 'Please complete all item details',
} as const;

/** Validity, views and answers: the wording of the public page, the API's 409s and the owner's e-mails. */
export const QUOTE_VALIDITY_MESSAGES = {
  expired: (validUntil: string) => `This quote expired on ${formatDay(validUntil)}`,
  /** The recipient's e-mail: how long the offer holds. */
  validUntil: (validUntil: string) => `This quote is valid until ${formatDay(validUntil)}.`,
  invalidDate: 'Valid until must be a date (YYYY-MM-DD)',
  dateInPast: 'Valid until cannot be in the past',
  newDateNeeded: (validUntil: string) =>
    `This quote expired on ${formatDay(validUntil)}. Choose a new valid-until date to send it again.`,
  signerRequired: 'Please enter your full name to accept the quote',
  signerTooLong: `Your name must be at most 200 characters`,
  reasonTooLong: 'The reason must be at most 1000 characters',
  acceptedMail: (quoteNumber: string, signer: string) =>
    `Quote ${quoteNumber} was accepted by ${signer}`,
  declinedMail: (quoteNumber: string) => `Quote ${quoteNumber} was declined`,
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
/** Decimals a line quantity may have (1.5 hours, 2.125 kg; stored as numeric(12, 3)). */
export const QUANTITY_DECIMALS = 3;

/** A line quantity: above 0, at most MAX_ITEM_QUANTITY, with at most 3 decimals. */
export function isLineQuantity(q: unknown): q is number {
  if (typeof q !== 'number' || !Number.isFinite(q) || q <= 0 || q > MAX_ITEM_QUANTITY) return false;
  const scaled = q * 10 ** QUANTITY_DECIMALS;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}
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
  /** A line without a product (a service, a one-off item) needs a description and a price. */
  description?: string | null;
  unitPrice?: number | null;
}

/** Quote/order checks, in order; null when the draft may be saved. */
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
    const freeLineComplete = !!item.description?.trim() && typeof item.unitPrice === 'number';
    if ((!item.productId && !freeLineComplete) || !isLineQuantity(q))
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

const Money = Type.Number({
  minimum: 0,
  maximum: 999_999_999.99,
  [SCHEMA_MESSAGE]: LINE_MESSAGES.invalidPrice,
});

/**
 * One line as a client sends it: a product (or, for a free line, a description and a price) and a
 * quantity (up to 3 decimals); optionally its own price, tax rate, discount, description and unit. An existing
 * line keeps its `id`; a field left out keeps the stored line's value.
 */
export const DocumentItemBody = Type.Object({
  id: Type.Optional(OrNull(Id)),
  productId: Type.Optional(OrNull(Type.String({ maxLength: 64 }))),
  // Up to 3 decimals (checked by `isLineQuantity`: JSON Schema's multipleOf is not exact for 0.001).
  quantity: Type.Number({
    exclusiveMinimum: 0,
    maximum: MAX_ITEM_QUANTITY,
    [SCHEMA_MESSAGE]: DOCUMENT_MESSAGES.completeItems,
  }),
  unitPrice: Type.Optional(OrNull(Money)),
  taxRateId: Type.Optional(OrNull(Type.String({ maxLength: 64 }))),
  discount: Type.Optional(
    OrNull(
      Type.Object({
        kind: Type.Union([Type.Literal('percent'), Type.Literal('amount')]),
        value: Type.Number({ minimum: 0, [SCHEMA_MESSAGE]: LINE_MESSAGES.invalidDiscount }),
      }),
    ),
  ),
  description: Type.Optional(OrNull(Type.String({ maxLength: MAX_DESCRIPTION_LENGTH }))),
  unitCode: Type.Optional(OrNull(Type.String({ maxLength: 3 }))),
});
/** What the services take: sync mutations reach them unchecked, so the type stays loose. */
export type DocumentItemBody = DocumentItemInput & LineInput & { id?: string | null };

/** A document's allowance (discount) or charge (shipping…), with its reason and tax rate. */
export const DocumentAdjustmentBody = Type.Object({
  kind: Type.Union([Type.Literal('allowance'), Type.Literal('charge')]),
  reason: Type.String({ maxLength: MAX_REASON_LENGTH }),
  amount: Money,
  taxRateId: Type.Optional(OrNull(Type.String({ maxLength: 64 }))),
});

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
  /** Prices (and discounts, charges) include tax: the net is derived (EN 16931). */
  pricesIncludeTax: Type.Optional(OrNull(Type.Boolean())),
  adjustments: Type.Optional(
    OrNull(Type.Array(DocumentAdjustmentBody, { maxItems: MAX_ADJUSTMENTS })),
  ),
};

/**
 * POST /api/quotes (and /api/orders): customer, contact and at least one line are required, in
 * that order of messages. `id` may be client-made (offline creation).
 */
export const DocumentCreateBody = Type.Object({ id: Type.Optional(Id), ...documentFields });
export type DocumentCreateBody = Static<typeof DocumentCreateBody>;
/** PUT /api/orders/{id}: the same fields, each optional. */
export const DocumentUpdateBody = Type.Partial(DocumentCreateBody);

/** A calendar day, 'YYYY-MM-DD'. */
export const CalendarDay = (message: string) =>
  Type.String({
    pattern: '^\\d{4}-\\d{2}-\\d{2}$',
    maxLength: 10,
    [SCHEMA_MESSAGE]: { pattern: message, type: message, maxLength: message },
  });

/**
 * A quote also takes its valid-until day (editable while Draft; null lets sending set
 * it from the tenant's default).
 */
export const QuoteCreateBody = Type.Object({
  ...DocumentCreateBody.properties,
  validUntil: Type.Optional(OrNull(CalendarDay(QUOTE_VALIDITY_MESSAGES.invalidDate))),
});
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

const TaxCategoryField = Type.Unsafe<(typeof TAX_CATEGORIES)[number]>({
  type: 'string',
  enum: [...TAX_CATEGORIES],
});

/** A string of a fixed set, as one `enum` (no `anyOf`: the response serializer writes it fast). */
const StringEnum = <T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });

/** A line's tax, discount, description, unit and net, as quotes, orders and invoices show them. */
export const lineResponseFields = {
  description: Type.String(),
  unitCode: Type.String(),
  taxRateId: OrNull(Type.String()),
  taxCategory: TaxCategoryField,
  taxRate: Type.Number(),
  /** 'percent' or 'amount' (a plain string: a nullable enum would not serialize fast). */
  discountKind: OrNull(Type.Unsafe<'percent' | 'amount'>({ type: 'string' })),
  discountValue: OrNull(Type.Number()),
  discountAmount: Type.Number(),
  /** quantity × unit price − discount (gross when the document's prices include tax). */
  lineTotal: Type.Number(),
};

/** A stored line's quantity, unit price and amount, then its other fields (`lineResponseFields`). */
export const pricedLineFields = {
  quantity: Type.Number(),
  unitPrice: Type.Number(),
  subtotal: Type.Number(),
  ...lineResponseFields,
};

export const DocumentAdjustment = Type.Object({
  kind: StringEnum(['allowance', 'charge'] as const),
  reason: Type.String(),
  amount: Type.Number(),
  taxRateId: OrNull(Type.String()),
  taxCategory: TaxCategoryField,
  taxRate: Type.Number(),
});

export const TaxBreakdownEntry = Type.Object({
  category: TaxCategoryField,
  rate: Type.Number(),
  taxableAmount: Type.Number(),
  taxAmount: Type.Number(),
});

/** Amounts every document shows besides subtotal, tax and total. */
export const documentTaxFields = {
  pricesIncludeTax: Type.Boolean(),
  adjustments: Type.Array(DocumentAdjustment),
  allowanceTotal: Type.Number(),
  chargeTotal: Type.Number(),
  roundingAmount: Type.Number(),
  taxBreakdown: Type.Array(TaxBreakdownEntry),
};

export const DocumentItem = Type.Object({
  id: Type.String(),
  productId: OrNull(Type.String()),
  ...pricedLineFields,
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
  ...documentTaxFields,
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
  /** The last day it can be accepted ('YYYY-MM-DD'); null until sent, unless set. */
  validUntil: OrNull(Type.String({ format: 'date' })),
  /** Sent and past its valid-until day (by the server's clock): the customer can no longer accept. */
  expired: Type.Boolean(),
  /** `viewedAt` is the first view by the recipient; views within a minute count once. */
  lastViewedAt: OrNull(DateTime),
  viewCount: Type.Integer({ minimum: 0 }),
  /** Who accepted on the public page, and from which address. */
  acceptedByName: OrNull(Type.String()),
  acceptedIp: OrNull(Type.String()),
  /** The recipient's reason for declining, plain text (escaped wherever it is shown). */
  rejectionReason: OrNull(Type.String()),
});
export type Quote = Static<typeof Quote>;

/**
 * POST /api/quotes/{id}/send?validUntil=YYYY-MM-DD: a new valid-until day, required to re-send an
 * expired quote (a query parameter: the send takes no body).
 */
export const QuoteSendQuery = Type.Object({
  validUntil: Type.Optional(CalendarDay(QUOTE_VALIDITY_MESSAGES.invalidDate)),
});
export type QuoteSendQuery = Static<typeof QuoteSendQuery>;

/** GET /api/quotes?status=…: one status, or Expired (Sent and past its valid-until day). */
export const QUOTE_FILTERS = [...QUOTE_STATUSES, 'Expired'] as const;
export type QuoteFilter = (typeof QUOTE_FILTERS)[number];
export const QuoteListQuery = Type.Object({
  ...DocumentListQuery.properties,
  status: Type.Optional(Type.Unsafe<QuoteFilter>({ type: 'string', enum: [...QUOTE_FILTERS] })),
});
export type QuoteListQuery = Static<typeof QuoteListQuery>;

export const MAX_SIGNER_NAME_LENGTH = 200;
export const MAX_REJECTION_REASON_LENGTH = 1000;
