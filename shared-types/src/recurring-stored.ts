/**
 * A recurring profile's schedule as it is stored (the synced row a device holds, and the server's
 * columns): where the schedule stands and its dates, computed with recurrence.ts the same way on
 * the device and on the server. Periods are counted over the profile's life (`nextIndex`); the
 * current schedule's dates count from `scheduleBase`, the period its start date is (0 until the
 * schedule is edited after invoices were made). "End after N" counts every period of its life.
 */
import {
  dueIndexes,
  hasOccurrence,
  occurrenceDate,
  upcomingDates,
  type CivilDate,
  type FrequencyUnit,
  type Schedule,
  type ScheduleEnd,
} from './recurrence';

export interface StoredSchedule {
  startDate: CivilDate;
  frequencyUnit: FrequencyUnit;
  frequencyEvery: number;
  /** null: anchored to the start date; '1'…'31' or 'last'. */
  anchorDay: string | null;
  endKind: 'never' | 'after' | 'on';
  endCount: number | null;
  endDate: CivilDate | null;
  nextIndex: number;
  scheduleBase: number;
}

export function storedEnd(
  s: Pick<StoredSchedule, 'endKind' | 'endCount' | 'endDate'>,
): ScheduleEnd {
  if (s.endKind === 'after') return { kind: 'after', count: s.endCount ?? 1 };
  if (s.endKind === 'on' && s.endDate) return { kind: 'on', date: s.endDate };
  return { kind: 'never' };
}

/** The schedule as recurrence.ts reads it, its indexes counted from `scheduleBase`. */
export function storedScheduleOf(s: StoredSchedule): Schedule {
  const end = storedEnd(s);
  return {
    startDate: s.startDate,
    frequency: { unit: s.frequencyUnit, every: s.frequencyEvery },
    anchor:
      s.anchorDay === null
        ? { kind: 'start' }
        : { kind: 'dayOfMonth', day: s.anchorDay === 'last' ? 'last' : Number(s.anchorDay) },
    // Life-long count: the periods before the base count towards it.
    end: end.kind === 'after' ? { kind: 'after', count: end.count - s.scheduleBase } : end,
  };
}

/** The date of life-long period `index`. */
export const storedPeriodDate = (s: StoredSchedule, index: number): CivilDate =>
  occurrenceDate(storedScheduleOf(s), index - s.scheduleBase);

/** The periods due by `today`, life-long indexes in order. */
export function storedDuePeriods(s: StoredSchedule, today: CivilDate): number[] {
  const base = s.scheduleBase;
  return dueIndexes(storedScheduleOf(s), s.nextIndex - base, today).map((i) => i + base);
}

/** The next invoice's date; null once the schedule has ended. */
export function storedNextDate(s: StoredSchedule): CivilDate | null {
  const index = s.nextIndex - s.scheduleBase;
  const schedule = storedScheduleOf(s);
  return hasOccurrence(schedule, index) ? occurrenceDate(schedule, index) : null;
}

/** The next `count` dates from the next period on (the preview). */
export const storedNextDates = (s: StoredSchedule, count = 5): CivilDate[] =>
  upcomingDates(storedScheduleOf(s), s.nextIndex - s.scheduleBase, count);

/** The first life-long period dated on or after `today` (a resumed profile's next one). */
export function storedFirstPeriodFrom(s: StoredSchedule, today: CivilDate): number {
  const last = storedDuePeriods(s, today).at(-1);
  if (last === undefined) return s.nextIndex;
  return storedPeriodDate(s, last) === today ? last : last + 1;
}
