/**
 * A stored profile's schedule (shared-types recurrence.ts) and where it stands. Periods are
 * counted over the profile's life (`next_index`, the runs' keys); the current schedule's dates
 * count from `schedule_base`, the period its start date is (0 until the schedule is edited after
 * invoices were made). "End after N" counts every period of the profile's life.
 */
import {
  periodOf,
  storedDuePeriods,
  storedEnd,
  storedFirstPeriodFrom,
  storedNextDate,
  storedNextDates,
  storedPeriodDate,
  storedScheduleOf,
  type CivilDate,
  type Schedule,
  type ScheduleEnd,
  type StoredSchedule,
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

/** The columns as shared-types recurring-stored.ts reads them (the synced row's fields). */
function stored(row: ScheduleRow): StoredSchedule {
  return {
    startDate: calendarDate(row.start_date),
    frequencyUnit: row.frequency_unit,
    frequencyEvery: row.frequency_every,
    anchorDay: row.anchor_day,
    endKind: row.end_kind,
    endCount: row.end_count,
    endDate: row.end_date ? calendarDate(row.end_date) : null,
    nextIndex: row.next_index,
    scheduleBase: row.schedule_base,
  };
}

export function endOf(row: Pick<ScheduleRow, 'end_kind' | 'end_count' | 'end_date'>): ScheduleEnd {
  return storedEnd({
    endKind: row.end_kind,
    endCount: row.end_count,
    endDate: row.end_date ? calendarDate(row.end_date) : null,
  });
}

/** The schedule as recurrence.ts reads it, its indexes counted from `schedule_base`. */
export const scheduleOf = (row: ScheduleRow): Schedule => storedScheduleOf(stored(row));

/** The profile's periods due by `today`, life-long indexes in order (catch-up: several). */
export const duePeriods = (row: ScheduleRow, today: CivilDate): number[] =>
  storedDuePeriods(stored(row), today);

/** The date of life-long period `index`. */
export const periodDate = (row: ScheduleRow, index: number): CivilDate =>
  storedPeriodDate(stored(row), index);

/** The period `index` covers, for the lines' placeholders. */
export const periodRange = (row: ScheduleRow, index: number) =>
  periodOf(scheduleOf(row), index - row.schedule_base);

/** The next invoice's date; null when the schedule has ended. */
export const nextDate = (row: ScheduleRow): CivilDate | null => storedNextDate(stored(row));

/** The next `count` dates from the next period on (the preview). */
export const nextDates = (row: ScheduleRow, count = 5): CivilDate[] =>
  storedNextDates(stored(row), count);

/** The first life-long period dated on or after `today` (a resumed profile's next one). */
export const firstPeriodFrom = (row: ScheduleRow, today: CivilDate): number =>
  storedFirstPeriodFrom(stored(row), today);
