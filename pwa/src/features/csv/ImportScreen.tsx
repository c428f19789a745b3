import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Paper,
  Progress,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconCheck,
  IconDownload,
  IconFileSpreadsheet,
  IconUpload,
} from '@tabler/icons-react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useDatabase } from '../../db/current';
import { csvFileName, downloadCsv, toCsv, type CsvColumn } from './csv-export';
import {
  importRows,
  loadImportLookups,
  type DuplicateChoice,
  type ImportSummary,
  type SkippedRow,
} from './import-store';
import {
  guessMapping,
  IMPORT_FIELDS,
  IMPORT_KINDS,
  type ColumnMapping,
  type ImportKind,
} from './mapping';
import { missingRequired, prepareRows, type ImportLookups, type PreparedRow } from './prepare';
import { readCsvFile, type ReadCsv } from './read-file';

const TITLES: Record<ImportKind, { plural: string; singular: string; list: string }> = {
  customers: { plural: 'customers', singular: 'customer', list: 'Customers' },
  contacts: { plural: 'contacts', singular: 'contact', list: 'Contacts' },
  products: { plural: 'products', singular: 'product', list: 'Products' },
};

const HINTS: Record<ImportKind, string> = {
  customers:
    'One customer per row, with its company name and email; a main contact’s name and email may follow. Rows with an email already in your customers can update them.',
  contacts:
    'One contact per row, with its name, email and the customer it belongs to (the customer’s name or email). Rows with a contact email you already have can update it.',
  products:
    'One product per row, with its name and price; the currency by its code (your default one when blank). Rows with a SKU you already have can update that product.',
};

/** Rows shown in the preview table (all rows are checked and counted). */
const PREVIEW_ROWS = 50;

const NOT_IMPORTED = '';

type Filter = 'all' | 'invalid' | 'duplicate';

const STATUS_BADGE = {
  new: { color: 'teal', label: 'New' },
  duplicate: { color: 'yellow', label: 'Exists' },
  invalid: { color: 'red', label: 'Problem' },
} as const;

const shown = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

/** The skipped rows as a CSV to fix and import again: the file's columns, then why. */
function skippedCsv(headers: string[], skipped: SkippedRow[]): string {
  const columns: CsvColumn<SkippedRow>[] = [
    ...headers.map((header, i) => ({ header, value: (r: SkippedRow) => r.cells[i] })),
    { header: 'Row', value: (r) => r.line, type: 'number' },
    { header: 'Reason', value: (r) => r.reasons.join('; ') },
  ];
  return toCsv(columns, skipped);
}

/** /dashboard/import/:kind — reads a CSV on the device, maps, previews, imports offline-first. */
export default function ImportScreen() {
  const { kind: param } = useParams();
  const kind = IMPORT_KINDS.find((k) => k === param);
  return kind ? <ImportWizard key={kind} kind={kind} /> : <Navigate to="/dashboard" replace />;
}

function ImportWizard({ kind }: { kind: ImportKind }) {
  const db = useDatabase();
  const phone = useMediaQuery('(max-width: 48em)');
  const titles = TITLES[kind];
  const fields = IMPORT_FIELDS[kind];
  const [step, setStep] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [reading, setReading] = useState(false);
  const [csv, setCsv] = useState<ReadCsv | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [lookups, setLookups] = useState<ImportLookups | null>(null);
  const [filter, setFilter] = useState<Filter>('all');
  const [duplicates, setDuplicates] = useState<DuplicateChoice>('skip');
  const [confirming, setConfirming] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [summary, setSummary] = useState<ImportSummary | null>(null);

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setCsv(null);
    setError(null);
    if (!chosen) return;
    setReading(true);
    try {
      const read = await readCsvFile(chosen);
      if (read.headers.length === 0 || read.rows.length === 0)
        throw new Error('The file has no rows below its header row.');
      setCsv(read);
      setMapping(guessMapping(kind, read.headers));
      if (db) setLookups(await loadImportLookups(db));
      setStep(1);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The file could not be read.');
    } finally {
      setReading(false);
    }
  };

  useEffect(() => {
    if (db && step === 1 && !lookups) void loadImportLookups(db).then(setLookups);
  }, [db, step, lookups]);

  const missing = missingRequired(kind, mapping);
  const prepared = useMemo(
    () => (csv && lookups ? prepareRows(kind, csv.rows, mapping, lookups) : null),
    [csv, lookups, kind, mapping],
  );
  const counts = useMemo(() => {
    const c = { new: 0, duplicate: 0, invalid: 0 };
    for (const row of prepared ?? []) c[row.status] += 1;
    return c;
  }, [prepared]);
  const visible = (prepared ?? [])
    .filter((r) => filter === 'all' || r.status === filter)
    .slice(0, PREVIEW_ROWS);
  const toWrite = counts.new + (duplicates === 'update' ? counts.duplicate : 0);

  const runImport = async () => {
    if (!db || !csv) return;
    setStep(3);
    setProgress({ done: 0, total: csv.rows.length });
    try {
      // Checked again against the store as it is now (a sync may have brought records since).
      const fresh = await loadImportLookups(db);
      const rows = prepareRows(kind, csv.rows, mapping, fresh);
      setSummary(
        await importRows(db, kind, rows, duplicates, (done, total) => setProgress({ done, total })),
      );
    } catch (e) {
      setError(e instanceof Error ? e.message : `Failed to import ${titles.plural}`);
    }
  };

  const mappingOptions = [
    { value: NOT_IMPORTED, label: 'Not imported' },
    ...(csv?.headers ?? []).map((h, i) => ({ value: String(i), label: h || `Column ${i + 1}` })),
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={2}>Import {titles.plural}</Title>
          <Text c="dimmed" size="sm">
            From a CSV file on this device — nothing is written before you confirm.
          </Text>
        </Stack>
        <Button
          component={Link}
          to={`/dashboard/${kind}`}
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
        >
          Back to {titles.list}
        </Button>
      </Group>

      <Stepper
        active={step}
        onStepClick={(s) => s < step && step < 3 && setStep(s)}
        allowNextStepsSelect={false}
        size={phone ? 'xs' : 'sm'}
      >
        <Stepper.Step
          label={phone && step !== 0 ? undefined : 'File'}
          description={phone ? undefined : 'Choose a CSV file'}
        >
          <Paper withBorder p={phone ? 'md' : 'xl'} mt="md">
            <Stack>
              <Text size="sm">{HINTS[kind]}</Text>
              <Text size="sm" c="dimmed">
                Comma, semicolon or tab separated; UTF-8 (with or without BOM) or Windows-1252. The
                first row names the columns.
              </Text>
              <FileInput
                label="CSV file"
                placeholder="Choose a .csv file"
                accept=".csv,.txt,text/csv,text/plain"
                leftSection={<IconFileSpreadsheet size={18} />}
                value={file}
                onChange={(f) => void choose(f)}
                disabled={reading}
                clearable
                maw={480}
              />
              {reading && <Progress value={100} animated aria-label="Reading the file" />}
              {error && (
                <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                  {error}
                </Alert>
              )}
            </Stack>
          </Paper>
        </Stepper.Step>

        <Stepper.Step
          label={phone && step !== 1 ? undefined : 'Columns'}
          description={phone ? undefined : 'Match the columns'}
        >
          {csv && (
            <Paper withBorder p={phone ? 'md' : 'xl'} mt="md">
              <Stack>
                <Text size="sm">
                  {csv.rows.length.toLocaleString()} rows read from <b>{file?.name}</b> (
                  {csv.encoding === 'utf-8' ? 'UTF-8' : 'Windows-1252'},{' '}
                  {csv.delimiter === '\t' ? 'tab' : `“${csv.delimiter}”`} separated). Check which
                  column feeds each field.
                </Text>
                {csv.errors.length > 0 && (
                  <Alert color="yellow" icon={<IconAlertCircle size={18} />}>
                    {csv.errors.slice(0, 3).join(' ')}
                  </Alert>
                )}
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  {fields.map((field) => {
                    const column = mapping[field.key];
                    const sample = column === undefined ? null : csv.rows[0]?.[column];
                    return (
                      <Select
                        key={field.key}
                        label={field.label}
                        withAsterisk={field.required}
                        data={mappingOptions}
                        value={column === undefined ? NOT_IMPORTED : String(column)}
                        allowDeselect={false}
                        onChange={(value) =>
                          setMapping((m) => ({
                            ...m,
                            [field.key]: value ? Number(value) : undefined,
                          }))
                        }
                        description={sample ? `First row: ${sample.slice(0, 60)}` : ' '}
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
                <Group justify="space-between">
                  <Button variant="default" onClick={() => setStep(0)}>
                    Back
                  </Button>
                  <Button disabled={missing.length > 0 || !prepared} onClick={() => setStep(2)}>
                    Preview
                  </Button>
                </Group>
              </Stack>
            </Paper>
          )}
        </Stepper.Step>

        <Stepper.Step
          label={phone && step !== 2 ? undefined : 'Preview'}
          description={phone ? undefined : 'Check the rows'}
        >
          {prepared && (
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
              </Group>
              {counts.duplicate > 0 && (
                <Radio.Group
                  label={`Rows matching an existing ${titles.singular} (same ${kind === 'products' ? 'SKU' : 'email'})`}
                  value={duplicates}
                  onChange={(v) => setDuplicates(v === 'update' ? 'update' : 'skip')}
                >
                  <Group mt="xs" gap="lg">
                    <Radio value="skip" label="Skip them" />
                    <Radio value="update" label={`Update the existing ${titles.plural}`} />
                  </Group>
                </Radio.Group>
              )}
              <SegmentedControl
                value={filter}
                onChange={(v) => setFilter(v as Filter)}
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
                    miw={280 + fields.length * 140}
                    aria-label="Rows as they will be stored"
                  >
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Row</Table.Th>
                        <Table.Th miw={104}>Status</Table.Th>
                        <Table.Th miw={200}>Problems</Table.Th>
                        {fields.map((f) => (
                          <Table.Th key={f.key}>{f.label}</Table.Th>
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
              <Group justify="space-between">
                <Button variant="default" onClick={() => setStep(1)}>
                  Back
                </Button>
                <Button
                  leftSection={<IconUpload size={16} />}
                  disabled={toWrite === 0}
                  onClick={() => setConfirming(true)}
                >
                  Import {toWrite} {toWrite === 1 ? titles.singular : titles.plural}
                </Button>
              </Group>
            </Stack>
          )}
        </Stepper.Step>

        <Stepper.Step
          label={phone && step !== 3 ? undefined : 'Import'}
          description={phone ? undefined : 'Save and sync'}
        >
          <Paper withBorder p={phone ? 'md' : 'xl'} mt="md">
            {summary ? (
              <Stack>
                <Group gap="xs">
                  <IconCheck size={20} color="var(--mantine-color-teal-6)" />
                  <Title order={3}>Import finished</Title>
                </Group>
                <SimpleGrid cols={{ base: 1, xs: 3 }}>
                  <Figure label="Created" value={summary.created} />
                  <Figure label="Updated" value={summary.updated} />
                  <Figure label="Skipped" value={summary.skipped.length} />
                </SimpleGrid>
                <Text size="sm" c="dimmed">
                  The changes are saved on this device and sent to the server with the next sync.
                </Text>
                {summary.skipped.length > 0 && (
                  <Stack gap={4}>
                    {summary.skipped.slice(0, 5).map((s) => (
                      <Text key={s.line} size="sm">
                        Row {s.line}: {s.reasons.join('; ')}
                      </Text>
                    ))}
                    {summary.skipped.length > 5 && (
                      <Text size="sm" c="dimmed">
                        … and {summary.skipped.length - 5} more in the file below.
                      </Text>
                    )}
                  </Stack>
                )}
                <Group gap="sm" wrap="wrap">
                  {summary.skipped.length > 0 && csv && (
                    <Button
                      variant="default"
                      leftSection={<IconDownload size={16} />}
                      onClick={() =>
                        downloadCsv(
                          csvFileName(`skipped-${titles.plural}`),
                          skippedCsv(csv.headers, summary.skipped),
                        )
                      }
                    >
                      Download skipped rows
                    </Button>
                  )}
                  <Button component={Link} to={`/dashboard/${kind}`}>
                    Go to {titles.list}
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Stack>
                <Text size="sm">
                  Importing {titles.plural}… {progress?.done ?? 0} of {progress?.total ?? 0} rows
                </Text>
                <Progress
                  value={progress && progress.total ? (progress.done / progress.total) * 100 : 0}
                  size="lg"
                  aria-label={`Import progress`}
                />
                {error && (
                  <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                    {error}
                  </Alert>
                )}
              </Stack>
            )}
          </Paper>
        </Stepper.Step>
      </Stepper>

      <ConfirmDialog
        opened={confirming}
        title={`Import ${toWrite} ${toWrite === 1 ? titles.singular : titles.plural}?`}
        message={`${counts.new} new ${counts.new === 1 ? titles.singular : titles.plural} will be created${
          duplicates === 'update' && counts.duplicate > 0
            ? `, ${counts.duplicate} existing updated`
            : ''
        } and ${counts.invalid + (duplicates === 'skip' ? counts.duplicate : 0)} rows skipped. The changes are saved on this device and sent to the server with the next sync.`}
        confirmLabel="Import"
        confirmIcon={<IconUpload size={16} />}
        onConfirm={() => {
          setConfirming(false);
          void runImport();
        }}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value.toLocaleString()}
      </Text>
    </Paper>
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
      <Table.Td c="red">{row.reasons.join('; ')}</Table.Td>
      {IMPORT_FIELDS[kind].map((f) => (
        <Table.Td key={f.key} style={{ whiteSpace: 'pre-line', maxWidth: 260 }}>
          {shown(row.values[f.key])}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}
