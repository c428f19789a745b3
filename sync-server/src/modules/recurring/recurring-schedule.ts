/**
 * A stored profile's schedule (shared-types recurrence.ts) and where it stands. Periods are
 * counted over the profile's life (`next_index`, the runs' keys); the current schedule's dates
 * count from `schedule_base`, the period its start date is (0 until the schedule is edited after
 * invoices were made). "End after N" counts every period of the profile's life.
 */
import {
  dueIndexes,
  hasOccurrence,
  occurrenceDate,
  periodOf,
  upcomingDates,
  type CivilDate,
  type Schedule,
  type ScheduleEnd,
} from '@smb/shared-types';
import type { Selectable } from 'kysely';
import { calendarDate } from '../../db/dates';
import type { RecurringProfileTable } from '../../db/tables/recurring.table';

type ScheduleRow = Pick<
  Selectable<RecurringProfileTable>,
  | 'start_date'
  | 'frequency_unit'
  | 'frequency_every'
  | 'anchor_day'
  | 'end_kind'
  | 'end_count'
  | 'end_date'
  | 'next_index'
  | 'schedule_base'
>;

export function endOf(row: Pick<ScheduleRow, 'end_kind' | 'end_count' | 'end_date'>): ScheduleEnd {
  if (row.end_kind === 'after') return { kind: 'after', count: row.end_count ?? 1 };
  if (row.end_kind === 'on' && row.end_date)
    return { kind: 'on', date: calendarDate(row.end_date) };
  return { kind: 'never' };
}

/** The schedule as recurrence.ts reads it, its indexes counted from `schedule_base`. */
export function scheduleOf(row: ScheduleRow): Schedule {
  const end = endOf(row);
  return {
    startDate: calendarDate(row.start_date),
    frequency: { unit: row.frequency_unit, every: row.frequency_every },
    anchor:
      row.anchor_day === null
        ? { kind: 'start' }
        : { kind: 'dayOfMonth', day: row.anchor_day === 'last' ? 'last' : Number(row.anchor_day) },
    // Life-long count: the periods before the base count towards it.
    end: end.kind === 'after' ? { kind: 'after', count: end.count - row.schedule_base } : end,
  };
}

/** The profile's periods due by `today`, life-long indexes in order (catch-up: several). */
export function duePeriods(row: ScheduleRow, today: CivilDate): number[] {
  const base = row.schedule_base;
  return dueIndexes(scheduleOf(row), row.next_index - base, today).map((i) => i + base);
}

/** The date of life-long period `index`. */
export const periodDate = (row: ScheduleRow, index: number): CivilDate =>
  occurrenceDate(scheduleOf(row), index - row.schedule_base);

/** The period `index` covers, for the lines' placeholders. */
export const periodRange = (row: ScheduleRow, index: number) =>
  periodOf(scheduleOf(row), index - row.schedule_base);

/** The next invoice's date; null when the schedule has ended. */
export function nextDate(row: ScheduleRow): CivilDate | null {
  const index = row.next_index - row.schedule_base;
  return hasOccurrence(scheduleOf(row), index) ? occurrenceDate(scheduleOf(row), index) : null;
}

/** The next `count` dates from the next period on (the preview). */
export const nextDates = (row: ScheduleRow, count = 5): CivilDate[] =>
  upcomingDates(scheduleOf(row), row.next_index - row.schedule_base, count);

/** The first life-long period dated on or after `today` (a resumed profile's next one). */
export function firstPeriodFrom(row: ScheduleRow, today: CivilDate): number {
  const due = duePeriods(row, today);
  const last = due.at(-1);
  if (last === undefined) return row.next_index;
  return periodDate(row, last) === today ? last : last + 1;
}
