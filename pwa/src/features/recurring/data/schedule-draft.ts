import { FREQUENCY_PRESETS, type Frequency } from '@smb/shared-types/recurrence';
import { scheduleInputProblems, type ScheduleInput } from '@smb/shared-types/recurring';
import type { RecurringProfileRow } from '../../../db/types';

export const FREQUENCY_CHOICES = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'everyNWeeks', label: 'Every N weeks' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'everyNMonths', label: 'Every N months' },
  { value: 'quarterly', label: 'Quarterly' },
  { value: 'yearly', label: 'Yearly' },
] as const;
export type FrequencyChoice = (typeof FREQUENCY_CHOICES)[number]['value'];

/** The schedule section of the editor, as the form holds it. */
export interface ScheduleDraft {
  startDate: string;
  frequency: FrequencyChoice;
  /** N of "every N weeks/months". */
  every: number;
  anchor: 'start' | 'day' | 'last';
  day: number;
  endKind: 'never' | 'after' | 'on';
  endCount: number;
  endDate: string;
  mode: 'draft' | 'issue-and-mail';
}

export const NEW_SCHEDULE: ScheduleDraft = {
  startDate: '',
  frequency: 'monthly',
  every: 2,
  anchor: 'start',
  day: 1,
  endKind: 'never',
  endCount: 12,
  endDate: '',
  mode: 'draft',
};

function frequencyOf(d: ScheduleDraft): Frequency {
  if (d.frequency === 'everyNWeeks') return { unit: 'week', every: d.every };
  if (d.frequency === 'everyNMonths') return { unit: 'month', every: d.every };
  return FREQUENCY_PRESETS[d.frequency];
}

function choiceOf(f: Frequency): { frequency: FrequencyChoice; every: number } {
  for (const [name, preset] of Object.entries(FREQUENCY_PRESETS))
    if (preset.unit === f.unit && preset.every === f.every)
      return { frequency: name as FrequencyChoice, every: 2 };
  if (f.unit === 'week') return { frequency: 'everyNWeeks', every: f.every };
  // Every N years has no choice of its own: 12·N months.
  return { frequency: 'everyNMonths', every: f.unit === 'year' ? 12 * f.every : f.every };
}

export function scheduleDraftOf(row: RecurringProfileRow): ScheduleDraft {
  return {
    startDate: row.startDate,
    ...choiceOf({ unit: row.frequencyUnit, every: row.frequencyEvery }),
    anchor: row.anchorDay === null ? 'start' : row.anchorDay === 'last' ? 'last' : 'day',
    day: row.anchorDay === null || row.anchorDay === 'last' ? 1 : Number(row.anchorDay),
    endKind: row.endKind,
    endCount: row.endCount ?? 12,
    endDate: row.endDate ?? '',
    mode: row.mode,
  };
}

/** The schedule as the API and the mutations spell it. */
export function scheduleInput(d: ScheduleDraft): ScheduleInput {
  return {
    startDate: d.startDate,
    frequency: frequencyOf(d),
    anchorDay: d.anchor === 'start' ? null : d.anchor === 'last' ? 'last' : d.day,
    end:
      d.endKind === 'after'
        ? { kind: 'after', count: d.endCount }
        : d.endKind === 'on'
          ? { kind: 'on', date: d.endDate }
          : { kind: 'never' },
  };
}

/** The shared rules' messages (SCHEDULE_MESSAGES), per field of the section. */
export const scheduleDraftProblems = (d: ScheduleDraft) => scheduleInputProblems(scheduleInput(d));

/** The synced row's schedule fields the draft means (the update's changes). */
export function scheduleRowFields(d: ScheduleDraft) {
  const input = scheduleInput(d);
  return {
    startDate: input.startDate,
    frequencyUnit: input.frequency.unit,
    frequencyEvery: input.frequency.every,
    anchorDay: input.anchorDay == null ? null : String(input.anchorDay),
    endKind: d.endKind,
    endCount: d.endKind === 'after' ? d.endCount : null,
    endDate: d.endKind === 'on' ? d.endDate : null,
    mode: d.mode,
  };
}
