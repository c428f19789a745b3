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

/** A choice that is always made: the select cannot be cleared. */
function ChoiceSelect<T extends string>(props: {
  label: string;
  data: { value: string; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  const { onChange, ...select } = props;
  return <Select {...select} allowDeselect={false} onChange={(v) => v && onChange(v as T)} />;
}

/** A whole number from 1 to `max`; an emptied box counts as 0, which the rules refuse. */
function CountInput(props: {
  label: string;
  max: number;
  value: number;
  error: string | undefined;
  onChange: (value: number) => void;
}) {
  const { onChange, ...input } = props;
  return (
    <NumberInput
      {...input}
      min={1}
      allowDecimal={false}
      onChange={(v) => onChange(Number(v) || 0)}
    />
  );
}

/** The editor's schedule: frequency, anchor, end and what each invoice becomes. */
export function ScheduleCard({ value, onChange, problems }: ScheduleCardProps) {
  const monthly = value.frequency !== 'weekly' && value.frequency !== 'everyNWeeks';
  const everyN = value.frequency === 'everyNWeeks' || value.frequency === 'everyNMonths';
  /** A field's value and its change, for the inputs below. */
  const bind = <K extends keyof ScheduleDraft>(key: K) => ({
    value: value[key],
    onChange: (changed: ScheduleDraft[K]) => onChange({ [key]: changed }),
  });
  return (
    <Card withBorder padding="lg" data-testid="schedule-card">
      <Title order={3} size="h4" mb="md">
        Schedule
      </Title>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <ChoiceSelect<FrequencyChoice>
            label="Frequency"
            data={FREQUENCY_CHOICES.map((c) => ({ ...c }))}
            value={value.frequency}
            onChange={(frequency) =>
              onChange({
                frequency,
                ...(frequency === 'weekly' || frequency === 'everyNWeeks'
                  ? { anchor: 'start' as const }
                  : {}),
              })
            }
          />
          {everyN && (
            <CountInput
              label={value.frequency === 'everyNWeeks' ? 'Every N weeks' : 'Every N months'}
              max={99}
              error={problems.every}
              {...bind('every')}
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
          {monthly && <ChoiceSelect label="Invoice day" data={ANCHORS} {...bind('anchor')} />}
          {monthly && value.anchor === 'day' && (
            <CountInput label="Day of the month" max={31} error={problems.day} {...bind('day')} />
          )}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <ChoiceSelect label="Ends" data={ENDS} {...bind('endKind')} />
          {value.endKind === 'after' && (
            <CountInput
              label="Number of invoices"
              max={999}
              error={problems.end}
              {...bind('endCount')}
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
        <ChoiceSelect label="Each invoice" data={MODES} {...bind('mode')} />
        <Text size="xs" c="dimmed">
          {PLACEHOLDER_HINT}
        </Text>
      </Stack>
    </Card>
  );
}
