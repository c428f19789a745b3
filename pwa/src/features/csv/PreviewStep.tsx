import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Paper,
  Radio,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconUpload } from '@tabler/icons-react';
import { STORED_COLUMNS, type ImportKind } from './fields';
import type { PreviewFlag } from './flags';
import { countOf, TITLES } from './import-texts';
import type { PreparedRow } from './prepare';
import type { Filter, StepProps } from './useImportWizard';
import { StepButtons } from './StepButtons';

/** Rows shown in the preview table (all rows are checked and counted). */
const PREVIEW_ROWS = 50;

const STATUS_BADGE = {
  new: { color: 'teal', label: 'New' },
  duplicate: { color: 'yellow', label: 'Exists' },
  invalid: { color: 'red', label: 'Problem' },
} as const;

const shown = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

/** Step 3: the rows as they will be stored, what the file as a whole says, the import button. */
export function PreviewStep({ kind, wizard, phone }: StepProps) {
  const { prepared, counts, filter, toWrite } = wizard;
  if (!prepared) return null;
  const titles = TITLES[kind];
  const columns = STORED_COLUMNS[kind];
  const visible = prepared
    .filter((r) => filter === 'all' || r.status === filter)
    .slice(0, PREVIEW_ROWS);
  return (
    <Stack mt="md">
      <Group gap="sm" wrap="wrap">
        <Badge color="teal" variant="light" size="lg">
          {counts.new} new
        </Badge>
        <Badge color="yellow" variant="light" size="lg">
          {counts.duplicate} already exist
        </Badge>
        <Badge color="red" variant="light" size="lg">
          {counts.invalid} with problems
        </Badge>
        {wizard.plan?.variants && wizard.plan.variants.count > 0 && (
          <Badge color="blue" variant="light" size="lg">
            {wizard.plan.variants.count} variants
          </Badge>
        )}
      </Group>
      {wizard.flags.map((flag) => (
        <FlagAlert key={flag.text} flag={flag} />
      ))}
      {counts.duplicate > 0 && (
        <Radio.Group
          label={`Rows matching an existing ${titles.singular} (same ${kind === 'products' ? 'SKU' : 'email'})`}
          value={wizard.duplicates}
          onChange={(v) => wizard.setDuplicates(v === 'update' ? 'update' : 'skip')}
        >
          <Group mt="xs" gap="lg">
            <Radio value="skip" label="Skip them" />
            <Radio value="update" label={`Update the existing ${titles.plural}`} />
          </Group>
        </Radio.Group>
      )}
      <SegmentedControl
        value={filter}
        onChange={(v) => wizard.setFilter(v as Filter)}
        data={[
          { value: 'all', label: `All (${prepared.length})` },
          { value: 'invalid', label: `Problems (${counts.invalid})` },
          { value: 'duplicate', label: `Existing (${counts.duplicate})` },
        ]}
        fullWidth={phone}
        style={{ alignSelf: phone ? 'stretch' : 'flex-start' }}
      />
      <Paper withBorder>
        <div style={{ overflowX: 'auto' }}>
          <Table
            striped
            verticalSpacing="xs"
            fz="sm"
            miw={280 + columns.length * 140}
            aria-label="Rows as they will be stored"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th miw={104}>Status</Table.Th>
                <Table.Th miw={200}>Problems</Table.Th>
                {columns.map((c) => (
                  <Table.Th key={c.key}>{c.label}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {visible.map((row) => (
                <PreviewRow key={row.line} row={row} kind={kind} />
              ))}
            </Table.Tbody>
          </Table>
        </div>
        {visible.length === 0 && (
          <Text c="dimmed" ta="center" p="lg">
            No rows here.
          </Text>
        )}
      </Paper>
      <Text size="xs" c="dimmed">
        {visible.length < prepared.length
          ? `The first ${visible.length} rows are shown; every row is checked.`
          : 'Every row is shown.'}
      </Text>
      <StepButtons onBack={() => wizard.setStep(1)}>
        <Button
          leftSection={<IconUpload size={16} />}
          disabled={toWrite === 0}
          onClick={() => wizard.setConfirming(true)}
        >
          Import {countOf(kind, toWrite)}
        </Button>
      </StepButtons>
    </Stack>
  );
}

function FlagAlert({ flag }: { flag: PreviewFlag }) {
  const warning = flag.level === 'warning';
  return (
    <Alert
      color={warning ? 'orange' : 'blue'}
      icon={warning ? <IconAlertTriangle size={18} /> : <IconInfoCircle size={18} />}
      data-testid="import-flag"
    >
      <Text size="sm">{flag.text}</Text>
      {flag.details && (
        <List size="sm" mt={4} spacing={2}>
          {flag.details.map((d) => (
            <List.Item key={d} style={{ overflowWrap: 'anywhere' }}>
              {d}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

function PreviewRow({ row, kind }: { row: PreparedRow; kind: ImportKind }) {
  const badge = STATUS_BADGE[row.status];
  return (
    <Table.Tr data-testid="import-preview-row">
      <Table.Td>{row.line}</Table.Td>
      <Table.Td>
        <Badge color={badge.color} variant="light" style={{ overflow: 'visible' }}>
          {badge.label}
        </Badge>
      </Table.Td>
      <Table.Td>
        {row.reasons.length > 0 && (
          <Text c="red" size="sm">
            {row.reasons.join('; ')}
          </Text>
        )}
        {row.notes.length > 0 && (
          <Text c="dimmed" size="sm">
            {row.notes.join('; ')}
          </Text>
        )}
      </Table.Td>
      {STORED_COLUMNS[kind].map((c) => (
        <Table.Td key={c.key} style={{ whiteSpace: 'pre-line', maxWidth: 260 }}>
          {shown(row.values[c.key])}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}
