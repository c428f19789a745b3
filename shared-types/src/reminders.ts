import { Type, type Static } from 'typebox';

/**
 * Getting paid, reminders: the tenant's policy, the schedule it gives an invoice, and
 * the log line of a reminder sent. One module for the server's job and the PWA.
 */

export interface ReminderPolicy {
  remindersEnabled: boolean;
  /** The first reminder goes this many days after the due date. */
  reminderFirstDays: number;
  /** Then one every this many days… */
  reminderEveryDays: number;
  /** …at most this many in all. */
  reminderMax: number;
}

export const DEFAULT_REMINDER_POLICY: ReminderPolicy = {
  remindersEnabled: true,
  reminderFirstDays: 3,
  reminderEveryDays: 7,
  reminderMax: 3,
};

/** One reminder sent, as logged on the invoice. */
export const InvoiceReminder = Type.Object({
  number: Type.Integer({ minimum: 1 }),
  sentAt: Type.String({ format: 'date-time' }),
  sentTo: Type.String(),
});
export type InvoiceReminder = Static<typeof InvoiceReminder>;

/** PUT /api/invoices/{id}/reminders, mutator `invoice.setReminders`. */
export const InvoiceRemindersBody = Type.Object({ stopped: Type.Boolean() });
export type InvoiceRemindersBody = Static<typeof InvoiceRemindersBody>;

export const REMINDER_LIMITS = {
  firstDays: { min: 0, max: 365 },
  everyDays: { min: 1, max: 365 },
  max: { min: 1, max: 20 },
} as const;

export const ReminderPolicySchema = Type.Object({
  remindersEnabled: Type.Boolean(),
  reminderFirstDays: Type.Integer({
    minimum: REMINDER_LIMITS.firstDays.min,
    maximum: REMINDER_LIMITS.firstDays.max,
  }),
  reminderEveryDays: Type.Integer({
    minimum: REMINDER_LIMITS.everyDays.min,
    maximum: REMINDER_LIMITS.everyDays.max,
  }),
  reminderMax: Type.Integer({ minimum: REMINDER_LIMITS.max.min, maximum: REMINDER_LIMITS.max.max }),
});

export const REMINDER_MESSAGES = {
  stopped: 'Reminders stopped for this invoice',
  resumed: 'Reminders resumed for this invoice',
  off: 'Reminders are turned off for the company (Company settings)',
  none: 'No reminders sent yet',
} as const;

/** `date` plus `days` (as payments' addDays; not imported: payments imports this module). */
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The calendar day (UTC, 'YYYY-MM-DD') an ISO time falls on. */
const dayOf = (iso: string) => new Date(iso).toISOString().slice(0, 10);

/**
 * The day the invoice's next reminder is due, or null when no more go: reminders off, stopped,
 * `reminderMax` already sent. The first is `reminderFirstDays` after the due date; each later one
 * `reminderEveryDays` after the previous one was sent (a server that was down sends one late
 * reminder, not a burst).
 */
export function nextReminderDay(
  invoice: { dueDate: string; remindersStopped: boolean; reminders: { sentAt: string }[] },
  policy: ReminderPolicy,
): string | null {
  if (!policy.remindersEnabled || invoice.remindersStopped) return null;
  const sent = invoice.reminders.length;
  if (sent >= policy.reminderMax) return null;
  if (sent === 0) return addDays(invoice.dueDate, policy.reminderFirstDays);
  return addDays(dayOf(invoice.reminders[sent - 1]!.sentAt), policy.reminderEveryDays);
}

/** "Reminder 2 sent 28 Nov" (the day in UTC, as the schedule counts days). */
export function reminderLine(reminder: { number: number; sentAt: string }): string {
  const day = new Date(reminder.sentAt).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  return `Reminder ${reminder.number} sent ${day}`;
}
