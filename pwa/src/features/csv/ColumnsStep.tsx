import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconAlertCircle, IconSparkles } from '@tabler/icons-react';
import { IMPORT_FIELDS } from './fields';
import { plural } from './flags';
import { columnsOf } from './mapping';
import { looksLike } from './profiles';
import type { StepProps } from './useImportWizard';
import { StepButtons } from './StepButtons';

const NOT_IMPORTED = '';

/** Step 2: where the header is, which system the file comes from, which column feeds each field. */
export function ColumnsStep({ kind, wizard, phone }: StepProps) {
  const { csv, plan, mapping, setMapping, missing } = wizard;
  if (!csv || !plan) return null;
  const options = [
    { value: NOT_IMPORTED, label: 'Not imported' },
    ...plan.headers.map((h, i) => ({ value: String(i), label: h || `Column ${i + 1}` })),
  ];
  return (
    <Paper withBorder p={phone ? 'md' : 'xl'} mt="md">
      <Stack>
        <Text size="sm">
          {plural(plan.rows.length, 'row')} read from <b>{wizard.file?.name}</b> (
          {csv.encoding === 'utf-8' ? 'UTF-8' : 'Windows-1252'},{' '}
          {csv.delimiter === '\t' ? 'tab' : `“${csv.delimiter}”`} separated). Check which column
          feeds each field.
        </Text>
        {plan.system && (
          <Alert color="teal" icon={<IconSparkles size={18} />} data-testid="known-system">
            {looksLike(plan.system)}: its columns are matched as that system names them.
          </Alert>
        )}
        <Group gap="sm" align="flex-end" wrap="wrap">
          <NumberInput
            label="Header is on row"
            value={plan.headerRow}
            min={1}
            max={csv.table.length}
            onChange={(v) => typeof v === 'number' && wizard.chooseHeaderRow(v)}
            w={160}
            allowDecimal={false}
          />
          <Text size="sm" c="dimmed" pb={8}>
            Header is on row {plan.headerRow}
            {plan.headerRow > 1
              ? `: the ${plural(plan.headerRow - 1, 'row')} above it are left out.`
              : '.'}
          </Text>
        </Group>
        {csv.errors.length > 0 && (
          <Alert color="yellow" icon={<IconAlertCircle size={18} />}>
            {csv.errors.slice(0, 3).join(' ')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {IMPORT_FIELDS[kind].map((field) => {
            const [column, ...more] = columnsOf(mapping, field.key);
            const sample = column === undefined ? null : plan.rows[0]?.[column];
            const also = more.map((c) => plan.headers[c]).join(', ');
            return (
              <Select
                key={field.key}
                label={field.label}
                withAsterisk={field.required}
                data={options}
                value={column === undefined ? NOT_IMPORTED : String(column)}
                allowDeselect={false}
                onChange={(value) =>
                  setMapping((m) => ({ ...m, [field.key]: value ? Number(value) : undefined }))
                }
                description={
                  [also && `With ${also}`, sample && `First row: ${sample.slice(0, 60)}`]
                    .filter(Boolean)
                    .join(' · ') || ' '
                }
                comboboxProps={{ withinPortal: true }}
              />
            );
          })}
        </SimpleGrid>
        {missing.length > 0 && (
          <Alert color="yellow" icon={<IconAlertCircle size={18} />}>
            Choose a column for: {missing.join(', ')}.
          </Alert>
        )}
        <StepButtons onBack={() => wizard.setStep(0)}>
          <Button
            disabled={missing.length > 0 || !wizard.prepared}
            onClick={() => wizard.setStep(2)}
          >
            Preview
          </Button>
        </StepButtons>
      </Stack>
    </Paper>
  );
}
