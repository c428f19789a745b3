import { Card, NumberInput, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DateInput } from '../../../components/DateInput';
import {
  FREQUENCY_CHOICES,
  type FrequencyChoice,
  type ScheduleDraft,
} from '../data/schedule-draft';

export const PLACEHOLDER_HINT =
  'Line texts may say {MONTH} {YEAR} or {PERIOD_START}–{PERIOD_END}: each invoice fills in its own period.';

const ANCHORS = [
  { value: 'start', label: 'On the start date' },
  { value: 'day', label: 'On a day of the month' },
  { value: 'last', label: 'Last day of the month' },
];
const ENDS = [
  { value: 'never', label: 'Never' },
  { value: 'after', label: 'After a number of invoices' },
  { value: 'on', label: 'On a date' },
];
const MODES = [
  { value: 'draft', label: 'Create a draft for review' },
  { value: 'issue-and-mail', label: 'Issue and mail automatically' },
];

export interface ScheduleCardProps {
  value: ScheduleDraft;
  onChange: (changes: Partial<ScheduleDraft>) => void;
  /** The shared rules' messages per field (shown once the user tried to save). */
  problems: Partial<Record<'startDate' | 'every' | 'day' | 'end', string>>;
}

/** The editor's schedule: frequency, anchor, end and what each invoice becomes. */
export function ScheduleCard({ value, onChange, problems }: ScheduleCardProps) {
  const monthly = value.frequency !== 'weekly' && value.frequency !== 'everyNWeeks';
  const everyN = value.frequency === 'everyNWeeks' || value.frequency === 'everyNMonths';
  return (
    <Card withBorder padding="lg" data-testid="schedule-card">
      <Title order={3} size="h4" mb="md">
        Schedule
      </Title>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Frequency"
            data={FREQUENCY_CHOICES.map((c) => ({ ...c }))}
            value={value.frequency}
            allowDeselect={false}
            onChange={(v) =>
              v &&
              onChange({
                frequency: v as FrequencyChoice,
                ...(v === 'weekly' || v === 'everyNWeeks' ? { anchor: 'start' as const } : {}),
              })
            }
          />
          {everyN && (
            <NumberInput
              label={value.frequency === 'everyNWeeks' ? 'Every N weeks' : 'Every N months'}
              min={1}
              max={99}
              allowDecimal={false}
              value={value.every}
              error={problems.every}
              onChange={(v) => onChange({ every: Number(v) || 0 })}
            />
          )}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DateInput
            label="Start date"
            value={value.startDate}
            error={problems.startDate}
            onChange={(day) => onChange({ startDate: day ?? '' })}
          />
          {monthly && (
            <Select
              label="Invoice day"
              data={ANCHORS}
              value={value.anchor}
              allowDeselect={false}
              onChange={(v) => v && onChange({ anchor: v as ScheduleDraft['anchor'] })}
            />
          )}
          {monthly && value.anchor === 'day' && (
            <NumberInput
              label="Day of the month"
              min={1}
              max={31}
              allowDecimal={false}
              value={value.day}
              error={problems.day}
              onChange={(v) => onChange({ day: Number(v) || 0 })}
            />
          )}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Ends"
            data={ENDS}
            value={value.endKind}
            allowDeselect={false}
            onChange={(v) => v && onChange({ endKind: v as ScheduleDraft['endKind'] })}
          />
          {value.endKind === 'after' && (
            <NumberInput
              label="Number of invoices"
              min={1}
              max={999}
              allowDecimal={false}
              value={value.endCount}
              error={problems.end}
              onChange={(v) => onChange({ endCount: Number(v) || 0 })}
            />
          )}
          {value.endKind === 'on' && (
            <DateInput
              label="End date"
              value={value.endDate}
              error={problems.end}
              onChange={(day) => onChange({ endDate: day ?? '' })}
            />
          )}
        </SimpleGrid>
        <Select
          label="Each invoice"
          data={MODES}
          value={value.mode}
          allowDeselect={false}
          onChange={(v) => v && onChange({ mode: v as ScheduleDraft['mode'] })}
        />
        <Text size="xs" c="dimmed">
          {PLACEHOLDER_HINT}
        </Text>
      </Stack>
    </Card>
  );
}
