import { Type, type Static } from 'typebox';
import { compareMoney, subtractMoney, sumMoney, type MoneyInput } from './money';
import { OrNull } from './quotes';
import { DEFAULT_REMINDER_POLICY, REMINDER_LIMITS, ReminderPolicySchema } from './reminders';

/**
 * Getting paid: payment terms, due dates, payments, balances and the statuses that
 * follow the money. One module for the server and the PWA.
 */

/** Payment terms: a tenant default, a customer's own, an invoice's. */
export const PAYMENT_TERMS = ['due_on_receipt', 'net_7', 'net_14', 'net_30', 'net_60'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];
export const DEFAULT_PAYMENT_TERMS: PaymentTerms = 'net_30';

export const PAYMENT_TERMS_LABELS: Record<PaymentTerms, string> = {
  due_on_receipt: 'Due on receipt',
  net_7: 'Net 7',
  net_14: 'Net 14',
  net_30: 'Net 30',
  net_60: 'Net 60',
};

const TERMS_DAYS: Record<PaymentTerms, number> = {
  due_on_receipt: 0,
  net_7: 7,
  net_14: 14,
  net_30: 30,
  net_60: 60,
};

export function isPaymentTerms(value: unknown): value is PaymentTerms {
  return typeof value === 'string' && (PAYMENT_TERMS as readonly string[]).includes(value);
}

/** A calendar date as 'YYYY-MM-DD' (dates of invoices and payments carry no time of day). */
export const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

/** Whether `value` is a real calendar date written 'YYYY-MM-DD'. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !new RegExp(DATE_PATTERN).test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** `date` plus `days`, both calendar dates (UTC arithmetic: no daylight-saving drift). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The due date the terms give an invoice issued on `issueDate`. */
export function dueDateFor(issueDate: string, terms: PaymentTerms): string {
  return addDays(issueDate, TERMS_DAYS[terms]);
}

/** Today's calendar date where the code runs ('YYYY-MM-DD', UTC). */
export function today(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export const PAYMENT_METHODS = ['bank_transfer', 'card', 'cash', 'cheque', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  bank_transfer: 'Bank transfer',
  card: 'Card',
  cash: 'Cash',
  cheque: 'Cheque',
  other: 'Other',
};

export const PAYMENT_MESSAGES = {
  notFound: 'Payment not found',
  amountPositive: 'The amount must be greater than zero',
  amountCents: 'The amount can have at most 2 decimals',
  invalidDate: 'Please enter a valid date',
  invalidMethod: 'Please choose a payment method',
  cancelled: 'This invoice is cancelled: it takes no payments',
  overpaid: (balance: string) =>
    `The amount is more than the balance due (${balance}): record at most the balance`,
  deleteAdminOnly: 'Only tenant administrators can delete payments',
  dueDateLocked: 'The due date can no longer change once a payment is recorded',
  dueBeforeIssue: 'The due date cannot be before the issue date',
  invalidTerms: 'Please choose valid payment terms',
  hasPayments: 'This invoice has payments: delete them before marking it Unpaid',
  markedPaidNote: 'Marked as paid',
} as const;

/** The money of an invoice: what is paid and what is left. */
export function invoiceBalance(total: MoneyInput, payments: MoneyInput[]) {
  const paid = sumMoney(payments);
  return { amountPaid: paid, balance: subtractMoney(total, paid) };
}

/** What the customer owes once credit notes are counted: total − credited. */
export const payableTotal = (total: MoneyInput, creditedAmount: MoneyInput | null = 0) =>
  subtractMoney(total, creditedAmount ?? 0);

/** The amount due: total − payments − credited amount (credit notes). */
export const amountDue = (
  total: MoneyInput,
  amountPaid: MoneyInput | null,
  creditedAmount: MoneyInput | null = 0,
) => subtractMoney(payableTotal(total, creditedAmount), amountPaid ?? 0);

/** Statuses set by the money (Cancelled is set by hand, and stays). */
export type MoneyStatus = 'Unpaid' | 'Partially paid' | 'Paid';

/** Unpaid → Partially paid → Paid, from what is paid of the total. */
export function statusFromMoney(total: MoneyInput, amountPaid: MoneyInput): MoneyStatus {
  if (compareMoney(amountPaid, 0) <= 0) return 'Unpaid';
  return compareMoney(amountPaid, total) >= 0 ? 'Paid' : 'Partially paid';
}

/**
 * An invoice's status once its money changed: Cancelled stays, and an invoice credited in full is
 * Cancelled; otherwise Unpaid → Partially paid → Paid against what is payable (total − credited).
 */
export function settledStatus(
  invoice: { status: string; total: MoneyInput; creditedAmount?: MoneyInput | null },
  amountPaid: MoneyInput,
): MoneyStatus | 'Cancelled' {
  const credited = invoice.creditedAmount ?? 0;
  if (invoice.status === 'Cancelled') return 'Cancelled';
  if (compareMoney(credited, 0) > 0 && compareMoney(credited, invoice.total) >= 0)
    return 'Cancelled';
  return statusFromMoney(payableTotal(invoice.total, credited), amountPaid);
}

/** An amount a payment may carry: positive, whole cents. Null when fine. */
export function paymentAmountError(amount: unknown): string | null {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0)
    return PAYMENT_MESSAGES.amountPositive;
  if (!/^\d+(\.\d{1,2})?$/.test(String(amount))) return PAYMENT_MESSAGES.amountCents;
  return null;
}

/**
 * Overdue: past its due date with a balance, and not cancelled. Days overdue counts from the day
 * after the due date (due yesterday → 1).
 */
export function overdueDays(
  invoice: { status: string; dueDate: string | null; balance: MoneyInput },
  on: string = today(),
): number {
  if (invoice.status === 'Cancelled' || !invoice.dueDate) return 0;
  if (compareMoney(invoice.balance, 0) <= 0) return 0;
  return Math.max(0, daysBetween(invoice.dueDate, on));
}

const DateOnly = Type.String({ pattern: DATE_PATTERN, maxLength: 10 });

export const PaymentCreateBody = Type.Object({
  id: Type.Optional(Type.String({ format: 'uuid' })),
  amount: Type.Number({ exclusiveMinimum: 0, maximum: 999_999_999_999 }),
  /** 'YYYY-MM-DD'; today when left out. */
  paidOn: Type.Optional(DateOnly),
  method: Type.Unsafe<PaymentMethod>({ type: 'string', enum: [...PAYMENT_METHODS] }),
  reference: Type.Optional(OrNull(Type.String({ maxLength: 200 }))),
  note: Type.Optional(OrNull(Type.String({ maxLength: 1000 }))),
});
export type PaymentCreateBody = Static<typeof PaymentCreateBody>;

export const Payment = Type.Object({
  id: Type.String(),
  invoiceId: Type.String(),
  amount: Type.Number(),
  paidOn: Type.String(),
  method: Type.String(),
  reference: OrNull(Type.String()),
  note: OrNull(Type.String()),
  createdBy: OrNull(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  version: Type.String(),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type Payment = Static<typeof Payment>;

export const PaymentParams = Type.Object({
  id: Type.String({ maxLength: 64 }),
  paymentId: Type.String({ maxLength: 64 }),
});

const TermsSchema = Type.Unsafe<PaymentTerms>({ type: 'string', enum: [...PAYMENT_TERMS] });

/** PUT /api/invoices/{id}/terms: terms (the due date follows) or a due date of its own. */
export const InvoiceTermsBody = Type.Object({
  paymentTerms: Type.Optional(TermsSchema),
  dueDate: Type.Optional(DateOnly),
});
export type InvoiceTermsBody = Static<typeof InvoiceTermsBody>;

/** GET/PUT /api/billing/settings: the tenant's defaults and reminder policy. */
export const BillingSettings = Type.Object({
  defaultPaymentTerms: TermsSchema,
  ...ReminderPolicySchema.properties,
});
export type BillingSettings = Static<typeof BillingSettings>;
/** PUT /api/billing/settings: the fields given change, the others stay. */
export const BillingSettingsUpdate = Type.Partial(BillingSettings);
export type BillingSettingsUpdate = Static<typeof BillingSettingsUpdate>;

/** A new tenant's billing settings (the migration's column defaults). */
export const DEFAULT_BILLING_SETTINGS: BillingSettings = {
  defaultPaymentTerms: DEFAULT_PAYMENT_TERMS,
  ...DEFAULT_REMINDER_POLICY,
};

export const BILLING_MESSAGES = {
  invalidTerms: 'Choose payment terms from the list',
  firstDays: `The first reminder must be ${REMINDER_LIMITS.firstDays.min} to ${REMINDER_LIMITS.firstDays.max} days after the due date`,
  everyDays: `Reminders must be ${REMINDER_LIMITS.everyDays.min} to ${REMINDER_LIMITS.everyDays.max} days apart`,
  max: `At most ${REMINDER_LIMITS.max.min} to ${REMINDER_LIMITS.max.max} reminders`,
} as const;

const within = (value: unknown, limits: { min: number; max: number }) =>
  typeof value === 'number' &&
  Number.isInteger(value) &&
  value >= limits.min &&
  value <= limits.max;

/** The device's check of a change to the billing settings (the server's schema says the same). */
export function billingSettingsError(changes: BillingSettingsUpdate): string | null {
  if (changes.defaultPaymentTerms !== undefined && !isPaymentTerms(changes.defaultPaymentTerms))
    return BILLING_MESSAGES.invalidTerms;
  if (
    changes.reminderFirstDays !== undefined &&
    !within(changes.reminderFirstDays, REMINDER_LIMITS.firstDays)
  )
    return BILLING_MESSAGES.firstDays;
  if (
    changes.reminderEveryDays !== undefined &&
    !within(changes.reminderEveryDays, REMINDER_LIMITS.everyDays)
  )
    return BILLING_MESSAGES.everyDays;
  if (changes.reminderMax !== undefined && !within(changes.reminderMax, REMINDER_LIMITS.max))
    return BILLING_MESSAGES.max;
  return null;
}

export const PaymentTermsSchema = TermsSchema;
/** Terms or null (a customer on the tenant's default): `nullable` alone does not admit null to an enum. */
export const NullablePaymentTermsSchema = Type.Unsafe<PaymentTerms | null>({
  type: 'string',
  enum: [...PAYMENT_TERMS, null],
  nullable: true,
});
