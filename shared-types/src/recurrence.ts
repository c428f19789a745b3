/**
 * When a recurring invoice is due, in civil dates ('2026-01-31'), the same in the browser's
 * preview and the server's scheduler.
 *
 * - Every date is computed from the start, never from the previous date, so a schedule on the
 *   31st runs Jan 31 → Feb 28 → Mar 31 instead of drifting to the 28th for ever.
 * - Anchored to a day of the month, the first date is the first such day on or after the start;
 *   a day the month does not have (the 31st in April, the 29th in a common February) and
 *   'last' fall on the month's last day.
 * - A period runs from its date to the day before the next date.
 * - "Today" is the civil date in the company's time zone (`todayIn`), so a daylight-saving
 *   change moves no date, and a server in another zone invoices on the company's day.
 */
import { dec, type Dec, type MoneyInput } from './decimal';
import { addDays } from './payments';

export type CivilDate = string;

export type FrequencyUnit = 'week' | 'month' | 'year';

export interface Frequency {
  unit: FrequencyUnit;
  /** Every N units: 1 weekly/monthly/yearly, 2 every other week, 3 quarterly. */
  every: number;
}

export type ScheduleAnchor = { kind: 'start' } | { kind: 'dayOfMonth'; day: number | 'last' };

export type ScheduleEnd =
  { kind: 'never' } | { kind: 'after'; count: number } | { kind: 'on'; date: CivilDate };

export interface Schedule {
  startDate: CivilDate;
  frequency: Frequency;
  anchor: ScheduleAnchor;
  end: ScheduleEnd;
}

export const FREQUENCY_PRESETS = {
  weekly: { unit: 'week', every: 1 },
  monthly: { unit: 'month', every: 1 },
  quarterly: { unit: 'month', every: 3 },
  yearly: { unit: 'year', every: 1 },
} as const satisfies Record<string, Frequency>;

export const SCHEDULE_MESSAGES = {
  startDate: 'Enter the first invoice date.',
  every: 'Repeat every 1 to 99 weeks, months or years.',
  day: 'Choose a day of the month from 1 to 31, or the last day.',
  weeklyDay:
    'A weekly schedule repeats on the start date’s weekday; choose monthly for a day of the month.',
  endCount: 'End after 1 to 999 invoices.',
  endDate: 'The end date must be on or after the start date.',
} as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: CivilDate): [number, number, number] {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`Not a date: ${date}`);
  return [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
}

function civil(year: number, month: number, day: number): CivilDate {
  return new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

export function isCivilDate(value: unknown): value is CivilDate {
  if (typeof value !== 'string' || !DATE.test(value)) return false;
  const [y, m, d] = parts(value);
  return d >= 1 && m >= 0 && m <= 11 && d <= daysInMonth(y, m);
}

/** The date `months` months after `year-month`, on `day` or the month's last day if shorter. */
function monthDate(year: number, month: number, months: number, day: number | 'last'): CivilDate {
  const first = new Date(Date.UTC(year, month + months, 1));
  const [y, m] = [first.getUTCFullYear(), first.getUTCMonth()];
  const last = daysInMonth(y, m);
  return civil(y, m, day === 'last' ? last : Math.min(day, last));
}

/** What is wrong with a schedule, per field; an empty object when it is valid. */
export function scheduleProblems(
  schedule: Schedule,
): Partial<Record<'startDate' | 'every' | 'day' | 'end', string>> {
  const problems: Partial<Record<'startDate' | 'every' | 'day' | 'end', string>> = {};
  if (!isCivilDate(schedule.startDate)) problems.startDate = SCHEDULE_MESSAGES.startDate;
  const { every, unit } = schedule.frequency;
  if (!Number.isInteger(every) || every < 1 || every > 99) problems.every = SCHEDULE_MESSAGES.every;
  if (schedule.anchor.kind === 'dayOfMonth') {
    const { day } = schedule.anchor;
    if (unit === 'week') problems.day = SCHEDULE_MESSAGES.weeklyDay;
    else if (day !== 'last' && (!Number.isInteger(day) || day < 1 || day > 31)) {
      problems.day = SCHEDULE_MESSAGES.day;
    }
  }
  const { end } = schedule;
  if (end.kind === 'after' && (!Number.isInteger(end.count) || end.count < 1 || end.count > 999)) {
    problems.end = SCHEDULE_MESSAGES.endCount;
  }
  if (
    end.kind === 'on' &&
    (!isCivilDate(end.date) || (!problems.startDate && end.date < schedule.startDate))
  ) {
    problems.end = SCHEDULE_MESSAGES.endDate;
  }
  return problems;
}

/** The `index`-th date of the schedule (0 is the first), ignoring its end. */
export function occurrenceDate(schedule: Schedule, index: number): CivilDate {
  const [y, m, d] = parts(schedule.startDate);
  const { unit, every } = schedule.frequency;
  if (unit === 'week') return civil(y, m, d + 7 * every * index);
  const monthsPerStep = unit === 'year' ? 12 * every : every;
  if (schedule.anchor.kind === 'start') return monthDate(y, m, monthsPerStep * index, d);
  const { day } = schedule.anchor;
  // The first anchored day on or after the start: this month's, or the next month's.
  const thisMonth = monthDate(y, m, 0, day);
  const offset = thisMonth >= schedule.startDate ? 0 : 1;
  return monthDate(y, m, offset + monthsPerStep * index, day);
}

/** Whether the schedule still has a date at `index` (its end not reached). */
export function hasOccurrence(schedule: Schedule, index: number): boolean {
  const { end } = schedule;
  if (end.kind === 'after') return index < end.count;
  if (end.kind === 'on') return occurrenceDate(schedule, index) <= end.date;
  return true;
}

/** The period an invoice at `index` covers: its date to the day before the next one. */
export function periodOf(schedule: Schedule, index: number): { start: CivilDate; end: CivilDate } {
  return {
    start: occurrenceDate(schedule, index),
    end: addDays(occurrenceDate(schedule, index + 1), -1),
  };
}

/** Up to `count` dates from `fromIndex` on, stopping at the schedule's end (the preview). */
export function upcomingDates(schedule: Schedule, fromIndex: number, count = 5): CivilDate[] {
  const dates: CivilDate[] = [];
  for (let i = fromIndex; dates.length < count && hasOccurrence(schedule, i); i++) {
    dates.push(occurrenceDate(schedule, i));
  }
  return dates;
}

/**
 * The indexes due by `today`, from `fromIndex` (the next one not yet invoiced) on, in order: one
 * after an ordinary day, several after a server was down for a while, none before the start.
 */
export function dueIndexes(schedule: Schedule, fromIndex: number, today: CivilDate): number[] {
  const due: number[] = [];
  for (let i = fromIndex; hasOccurrence(schedule, i) && occurrenceDate(schedule, i) <= today; i++) {
    due.push(i);
  }
  return due;
}

/** The civil date it is at `now` in `timeZone` (IANA), e.g. '2026-03-29' in Europe/Berlin. */
export function todayIn(timeZone: string, now: Date): CivilDate {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** `amount` per invoice as an exact amount per month: weekly × 52 / 12, yearly / 12, ÷ every. */
export function perMonth(amount: MoneyInput, frequency: Frequency): Dec {
  const factor = { week: dec(52).dividedBy(12), month: dec(1), year: dec(1).dividedBy(12) }[
    frequency.unit
  ];
  return dec(amount).times(factor).dividedBy(frequency.every);
}

/** `amount` per invoice as an amount per month (weekly × 52 / 12), exact, rounded to cents. */
export function monthlyAmount(amount: MoneyInput, frequency: Frequency): string {
  return perMonth(amount, frequency).toDecimalPlaces(2).toFixed(2);
}

/**
 * A line's text with the period filled in: {MONTH} and {YEAR} of the period's start, and
 * {PERIOD_START} and {PERIOD_END} as dates, in the document's locale.
 */
export function renderPeriodPlaceholders(
  text: string,
  period: { start: CivilDate; end: CivilDate },
  locale: string,
): string {
  const asDate = (date: CivilDate) => {
    const [y, m, d] = parts(date);
    return new Date(Date.UTC(y, m, d));
  };
  const format = (date: CivilDate, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(asDate(date));
  const values: Record<string, string> = {
    MONTH: format(period.start, { month: 'long' }),
    YEAR: format(period.start, { year: 'numeric' }),
    PERIOD_START: format(period.start, { dateStyle: 'medium' }),
    PERIOD_END: format(period.end, { dateStyle: 'medium' }),
  };
  return text.replace(
    /\{(MONTH|YEAR|PERIOD_START|PERIOD_END)\}/g,
    (_, key: string) => values[key]!,
  );
}
