import { Type, type Static } from 'typebox';
import { PAYMENT_TERMS } from './payments';
import { scheduleProblems, type Schedule } from './recurrence';
import { CalendarDay, DocumentItemBody, OrNull, pricedLineFields } from './quotes';

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
  ...pricedLineFields,
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

const {
  frequency: _frequency,
  anchorDay: _anchorDay,
  end: _end,
  extraItems: _extras,
  ...kept
} = profileFields;

/**
 * `recurringProfile.update` changes: the synced row's fields (as devices hold them), so that they
 * merge one by one against the device's base like a quote's, and a field another device changed
 * meanwhile becomes a conflict the sync panel explains.
 */
export const RecurringProfileChanges = Type.Partial(
  Type.Object({
    ...kept,
    frequencyUnit: Frequency.properties.unit,
    frequencyEvery: Frequency.properties.every,
    anchorDay: OrNull(Type.String({ pattern: '^([1-9]|[12][0-9]|3[01]|last)$' })),
    endKind: End.properties.kind,
    endCount: OrNull(Type.Integer({ minimum: 1, maximum: 999 })),
    endDate: OrNull(CalendarDay(RECURRING_MESSAGES.invalidDate)),
  }),
);
export type RecurringProfileChanges = Static<typeof RecurringProfileChanges>;

/** The stored schedule fields an update's changes fall back on. */
export interface RecurringScheduleFields {
  frequencyUnit: 'week' | 'month' | 'year';
  frequencyEvery: number;
  endKind: 'never' | 'after' | 'on';
  endCount: number | null;
  endDate: string | null;
}

/** The REST update body that `changes` mean over the `current` row (the schedule as a whole). */
export function recurringUpdateBody(
  current: RecurringScheduleFields,
  changes: RecurringProfileChanges,
): RecurringProfileUpdateBody {
  const { frequencyUnit, frequencyEvery, anchorDay, endKind, endCount, endDate, ...rest } = changes;
  const body: RecurringProfileUpdateBody = { ...rest };
  if (frequencyUnit !== undefined || frequencyEvery !== undefined)
    body.frequency = {
      unit: frequencyUnit ?? current.frequencyUnit,
      every: frequencyEvery ?? current.frequencyEvery,
    };
  if (anchorDay !== undefined)
    body.anchorDay = anchorDay === null || anchorDay === 'last' ? anchorDay : Number(anchorDay);
  if (endKind !== undefined || endCount !== undefined || endDate !== undefined) {
    const kind = endKind ?? current.endKind;
    body.end = {
      kind,
      count: kind === 'after' ? (endCount !== undefined ? endCount : current.endCount) : null,
      date: kind === 'on' ? (endDate !== undefined ? endDate : current.endDate) : null,
    };
  }
  return body;
}

/** A schedule as the API and the mutations spell it (the body's fields). */
export interface ScheduleInput {
  startDate: string;
  frequency: Schedule['frequency'];
  anchorDay?: number | 'last' | null;
  end?: { kind: 'never' | 'after' | 'on'; count?: number | null; date?: string | null } | null;
}

/** The schedule the body's fields mean (recurrence.ts's shape). */
export function scheduleOfInput(input: ScheduleInput): Schedule {
  const end = input.end ?? { kind: 'never' as const };
  const anchorDay = input.anchorDay ?? null;
  return {
    startDate: input.startDate,
    frequency: input.frequency,
    anchor: anchorDay === null ? { kind: 'start' } : { kind: 'dayOfMonth', day: anchorDay },
    end:
      end.kind === 'after'
        ? { kind: 'after', count: end.count ?? 0 }
        : end.kind === 'on'
          ? { kind: 'on', date: end.date ?? '' }
          : { kind: 'never' },
  };
}

/** What is wrong with the body's schedule, per field (SCHEDULE_MESSAGES); empty when valid. */
export const scheduleInputProblems = (input: ScheduleInput) =>
  scheduleProblems(scheduleOfInput(input));
