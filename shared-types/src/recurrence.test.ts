import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './payments';
import {
  dueIndexes,
  monthlyAmount,
  occurrenceDate,
  periodOf,
  renderPeriodPlaceholders,
  SCHEDULE_MESSAGES,
  scheduleProblems,
  todayIn,
  upcomingDates,
  type Schedule,
} from './recurrence';

const monthly = (startDate: string, extra: Partial<Schedule> = {}): Schedule => ({
  startDate,
  frequency: { unit: 'month', every: 1 },
  anchor: { kind: 'start' },
  end: { kind: 'never' },
  ...extra,
});

describe('schedule dates', () => {
  it('keeps a schedule on the 31st at the month end, without drifting to the 28th', () => {
    expect(upcomingDates(monthly('2026-01-31'), 0, 5)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
    ]);
    expect(occurrenceDate(monthly('2028-01-31'), 1)).toBe('2028-02-29');
  });

  it('anchors to a fixed day of the month or to its last day', () => {
    const onDay = (day: number | 'last', start: string) =>
      upcomingDates(monthly(start, { anchor: { kind: 'dayOfMonth', day } }), 0, 4);
    expect(onDay('last', '2026-01-15')).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
    expect(onDay(15, '2026-01-20')).toEqual([
      '2026-02-15',
      '2026-03-15',
      '2026-04-15',
      '2026-05-15',
    ]);
    expect(onDay(15, '2026-01-15')).toEqual([
      '2026-01-15',
      '2026-02-15',
      '2026-03-15',
      '2026-04-15',
    ]);
    expect(onDay(31, '2026-04-10')).toEqual([
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
    ]);
    expect(onDay(30, '2027-01-31')).toEqual([
      '2027-02-28',
      '2027-03-30',
      '2027-04-30',
      '2027-05-30',
    ]);
  });

  it('repeats every N weeks, quarterly and yearly', () => {
    const weeks = monthly('2026-11-26', { frequency: { unit: 'week', every: 2 } });
    expect(upcomingDates(weeks, 0, 3)).toEqual(['2026-11-26', '2026-12-10', '2026-12-24']);
    const quarterly = monthly('2026-11-30', { frequency: { unit: 'month', every: 3 } });
    expect(upcomingDates(quarterly, 0, 4)).toEqual([
      '2026-11-30',
      '2027-02-28',
      '2027-05-30',
      '2027-08-30',
    ]);
    const yearly = monthly('2028-02-29', { frequency: { unit: 'year', every: 1 } });
    expect(upcomingDates(yearly, 0, 5)).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
    ]);
  });

  it('ends after N invoices or on a date', () => {
    expect(upcomingDates(monthly('2026-01-10', { end: { kind: 'after', count: 3 } }), 0)).toEqual([
      '2026-01-10',
      '2026-02-10',
      '2026-03-10',
    ]);
    expect(upcomingDates(monthly('2026-01-10', { end: { kind: 'after', count: 3 } }), 3)).toEqual(
      [],
    );
    expect(
      upcomingDates(monthly('2026-01-10', { end: { kind: 'on', date: '2026-03-10' } }), 1),
    ).toEqual(['2026-02-10', '2026-03-10']);
  });

  it('covers a period from its date to the day before the next', () => {
    expect(periodOf(monthly('2026-01-31'), 0)).toEqual({ start: '2026-01-31', end: '2026-02-27' });
    expect(periodOf(monthly('2026-01-31'), 1)).toEqual({ start: '2026-02-28', end: '2026-03-30' });
  });

  it('catches up every missed period once, in order, after the server was down', () => {
    const schedule = monthly('2026-01-01');
    // January was invoiced; the server was down from Jan 31 for 40 days.
    expect(dueIndexes(schedule, 1, '2026-03-12')).toEqual([1, 2]);
    expect(dueIndexes(schedule, 3, '2026-03-12')).toEqual([]);
    expect(dueIndexes(schedule, 0, '2025-12-31')).toEqual([]);
    expect(
      dueIndexes(monthly('2026-01-01', { end: { kind: 'after', count: 2 } }), 0, '2026-12-31'),
    ).toEqual([0, 1]);
  });
});

describe('todayIn', () => {
  it.each([
    // Berlin springs forward on 2026-03-29 (UTC+1 → UTC+2).
    ['Europe/Berlin', '2026-03-28T22:59:00Z', '2026-03-28'],
    ['Europe/Berlin', '2026-03-28T23:00:00Z', '2026-03-29'],
    ['Europe/Berlin', '2026-03-29T21:59:00Z', '2026-03-29'],
    ['Europe/Berlin', '2026-03-29T22:00:00Z', '2026-03-30'],
    // New York falls back on 2026-11-01 (UTC−4 → UTC−5).
    ['America/New_York', '2026-11-01T03:59:00Z', '2026-10-31'],
    ['America/New_York', '2026-11-01T04:00:00Z', '2026-11-01'],
    ['America/New_York', '2026-11-02T04:59:00Z', '2026-11-01'],
    ['America/New_York', '2026-11-02T05:00:00Z', '2026-11-02'],
    ['Pacific/Auckland', '2026-11-26T11:00:00Z', '2026-11-27'],
  ])('%s at %s is %s', (zone, instant, expected) => {
    expect(todayIn(zone, new Date(instant))).toBe(expected);
  });
});

describe('monthlyAmount', () => {
  it.each([
    ['100', { unit: 'week', every: 1 }, '433.33'],
    ['50', { unit: 'week', every: 2 }, '108.33'],
    ['300', { unit: 'month', every: 3 }, '100.00'],
    ['99.99', { unit: 'month', every: 1 }, '99.99'],
    ['1200', { unit: 'year', every: 1 }, '100.00'],
    ['1000', { unit: 'year', every: 2 }, '41.67'],
  ] as const)('%s every %o is %s a month', (amount, frequency, expected) => {
    expect(monthlyAmount(amount, frequency)).toBe(expected);
  });
});

describe('renderPeriodPlaceholders', () => {
  const period = { start: '2026-01-01', end: '2026-01-31' };
  it('fills in the period in the document language', () => {
    expect(renderPeriodPlaceholders('Retainer {MONTH} {YEAR}', period, 'en-US')).toBe(
      'Retainer January 2026',
    );
    expect(renderPeriodPlaceholders('Forfait {MONTH} {YEAR}', period, 'fr-FR')).toBe(
      'Forfait janvier 2026',
    );
    expect(renderPeriodPlaceholders('Wartung {PERIOD_START}–{PERIOD_END}', period, 'de-DE')).toBe(
      'Wartung 01.01.2026–31.01.2026',
    );
    expect(renderPeriodPlaceholders('No {PLACEHOLDER} here', period, 'en-US')).toBe(
      'No {PLACEHOLDER} here',
    );
  });
});

describe('scheduleProblems', () => {
  it('names each field that is wrong', () => {
    expect(scheduleProblems(monthly('2026-01-31'))).toEqual({});
    expect(scheduleProblems(monthly('2026-02-30'))).toEqual({
      startDate: SCHEDULE_MESSAGES.startDate,
    });
    expect(
      scheduleProblems(monthly('2026-01-01', { frequency: { unit: 'month', every: 0 } })),
    ).toEqual({
      every: SCHEDULE_MESSAGES.every,
    });
    expect(
      scheduleProblems(
        monthly('2026-01-01', {
          frequency: { unit: 'week', every: 1 },
          anchor: { kind: 'dayOfMonth', day: 5 },
        }),
      ),
    ).toEqual({ day: SCHEDULE_MESSAGES.weeklyDay });
    expect(
      scheduleProblems(monthly('2026-01-01', { anchor: { kind: 'dayOfMonth', day: 32 } })),
    ).toEqual({
      day: SCHEDULE_MESSAGES.day,
    });
    expect(scheduleProblems(monthly('2026-01-01', { end: { kind: 'after', count: 0 } }))).toEqual({
      end: SCHEDULE_MESSAGES.endCount,
    });
    expect(
      scheduleProblems(monthly('2026-01-01', { end: { kind: 'on', date: '2025-12-31' } })),
    ).toEqual({
      end: SCHEDULE_MESSAGES.endDate,
    });
  });
});

describe('schedule properties', () => {
  const scheduleArb: fc.Arbitrary<Schedule> = fc
    .record({
      startDate: fc
        .date({
          min: new Date('2020-01-01T00:00:00Z'),
          max: new Date('2035-12-31T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString().slice(0, 10)),
      frequency: fc.record({
        unit: fc.constantFrom('week' as const, 'month' as const, 'year' as const),
        every: fc.integer({ min: 1, max: 12 }),
      }),
      anchor: fc.oneof(
        fc.constant({ kind: 'start' as const }),
        fc
          .oneof(fc.integer({ min: 1, max: 31 }), fc.constant('last' as const))
          .map((day) => ({ kind: 'dayOfMonth' as const, day })),
      ),
      end: fc.constant({ kind: 'never' as const }),
    })
    .filter((s) => Object.keys(scheduleProblems(s)).length === 0);

  it('dates rise, start on or after the start date, and periods tile without gap or overlap', () => {
    fc.assert(
      fc.property(scheduleArb, (schedule) => {
        const dates = upcomingDates(schedule, 0, 30);
        expect(dates[0]! >= schedule.startDate).toBe(true);
        for (let i = 1; i < dates.length; i++) {
          expect(dates[i]! > dates[i - 1]!).toBe(true);
          expect(addDays(periodOf(schedule, i - 1).end, 1)).toBe(dates[i]);
        }
        // Catching up from the start to the 30th date yields exactly those dates, in order.
        expect(dueIndexes(schedule, 0, dates[29]!).map((i) => occurrenceDate(schedule, i))).toEqual(
          dates,
        );
      }),
      { numRuns: 1_000 },
    );
  });
});
