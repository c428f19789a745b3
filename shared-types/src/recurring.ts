import { Type, type Static } from 'typebox';
import { PAYMENT_TERMS } from './payments';
import { CalendarDay, DocumentItemBody, OrNull, lineResponseFields } from './quotes';

/** Recurring invoices: a profile per customer that invoices itself (dates: recurrence.ts). */
export const RECURRING_MESSAGES = {
  notFound: 'Recurring profile not found',
  idTaken: 'A recurring profile with this id already exists',
  invalidDate: 'Enter a date as YYYY-MM-DD.',
  ended: 'This recurring profile has ended: it makes no more invoices.',
} as const;

export const RECURRING_MODES = ['draft', 'issue-and-mail'] as const;
export type RecurringMode = (typeof RECURRING_MODES)[number];
export const RECURRING_STATUSES = ['active', 'paused'] as const;
export type RecurringStatus = (typeof RECURRING_STATUSES)[number];

const StringEnum = <T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });

const Frequency = Type.Object({
  unit: StringEnum(['week', 'month', 'year'] as const),
  every: Type.Integer({ minimum: 1, maximum: 99 }),
});

/** null: anchored to the start date; a day of the month 1–31, or 'last'. */
const AnchorDay = OrNull(
  Type.Union([Type.Integer({ minimum: 1, maximum: 31 }), Type.Literal('last')]),
);

const End = Type.Object({
  kind: StringEnum(['never', 'after', 'on'] as const),
  count: Type.Optional(OrNull(Type.Integer({ minimum: 1, maximum: 999 }))),
  date: Type.Optional(OrNull(CalendarDay(RECURRING_MESSAGES.invalidDate))),
});

const Items = (minItems: number) => Type.Array(DocumentItemBody, { minItems, maxItems: 200 });

const profileFields = {
  customerId: Type.String({ maxLength: 64 }),
  contactId: Type.String({ maxLength: 64 }),
  currencyCode: Type.Optional(OrNull(Type.String({ maxLength: 3 }))),
  items: Items(1),
  /** Lines for the next invoice only. */
  extraItems: Type.Optional(Items(0)),
  notes: Type.Optional(OrNull(Type.String({ maxLength: 10_000 }))),
  pricesIncludeTax: Type.Optional(OrNull(Type.Boolean())),
  /** null: the customer's terms when each invoice is made. */
  paymentTerms: Type.Optional(OrNull(StringEnum(PAYMENT_TERMS))),
  startDate: CalendarDay(RECURRING_MESSAGES.invalidDate),
  frequency: Frequency,
  anchorDay: Type.Optional(AnchorDay),
  end: Type.Optional(End),
  mode: Type.Optional(StringEnum(RECURRING_MODES)),
};

/** POST /api/recurring-profiles, mutation `recurringProfile.create`; `id` may be client-made. */
export const RecurringProfileCreateBody = Type.Object({
  id: Type.Optional(Type.String({ format: 'uuid' })),
  ...profileFields,
});
export type RecurringProfileCreateBody = Static<typeof RecurringProfileCreateBody>;

/** PUT /api/recurring-profiles/{id}: the fields given change, from the next invoice on. */
export const RecurringProfileUpdateBody = Type.Partial(Type.Object(profileFields));
export type RecurringProfileUpdateBody = Static<typeof RecurringProfileUpdateBody>;

export const RecurringProfileLine = Type.Object({
  id: Type.String(),
  productId: OrNull(Type.String()),
  productName: Type.String(),
  quantity: Type.Number(),
  unitPrice: Type.Number(),
  subtotal: Type.Number(),
  ...lineResponseFields,
});

/**
 * The day and the end as answered: the body's fields unconstrained, since a response is written,
 * not checked (a constraint inside a union would make the serializer test every value).
 */
const AnchorDayAnswer = OrNull(Type.Union([Type.Integer(), Type.Literal('last')]));
const EndAnswer = Type.Object({
  kind: End.properties.kind,
  count: Type.Optional(OrNull(Type.Integer())),
  date: Type.Optional(OrNull(Type.String())),
});

export const RecurringProfile = Type.Object({
  id: Type.String(),
  customerId: Type.String(),
  contactId: OrNull(Type.String()),
  customer: Type.Object({ name: Type.String() }),
  currencyCode: Type.String(),
  items: Type.Array(RecurringProfileLine),
  extraItems: Type.Array(RecurringProfileLine),
  notes: Type.String(),
  pricesIncludeTax: Type.Boolean(),
  paymentTerms: OrNull(Type.String()),
  startDate: Type.String(),
  frequency: Frequency,
  anchorDay: AnchorDayAnswer,
  end: EndAnswer,
  mode: StringEnum(RECURRING_MODES),
  status: StringEnum(RECURRING_STATUSES),
  skipNext: Type.Boolean(),
  /** The schedule index of the next period (0: the first). */
  nextIndex: Type.Integer(),
  /** The next invoice's date; null once the schedule has ended. */
  nextDate: OrNull(Type.String()),
  /** One invoice's total (the recurring lines) and that amount per month. */
  total: Type.Number(),
  monthlyAmount: Type.Number(),
  createdAt: Type.String({ format: 'date-time' }),
  version: Type.String(),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type RecurringProfile = Static<typeof RecurringProfile>;

/** GET /api/recurring-profiles/{id}/preview: the next five invoice dates. */
export const RecurringPreview = Type.Object({ dates: Type.Array(Type.String()) });
export type RecurringPreview = Static<typeof RecurringPreview>;
