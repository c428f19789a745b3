import {
  Alert,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCheck, IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { csvFileName, downloadCsv, toCsv, type CsvColumn } from '../../lib/csv-export';
import type { SkippedRow } from './import-store';
import { TITLES } from './import-texts';
import type { StepProps } from './useImportWizard';

/** The skipped rows as a CSV to fix and import again: the file's columns, then why. */
function skippedCsv(headers: string[], skipped: SkippedRow[]): string {
  const columns: CsvColumn<SkippedRow>[] = [
    ...headers.map((header, i) => ({ header, value: (r: SkippedRow) => r.cells[i] })),
    { header: 'Row', value: (r) => r.line, type: 'number' },
    { header: 'Reason', value: (r) => r.reasons.join('; ') },
  ];
  return toCsv(columns, skipped);
}

/** Step 4: the import's progress, then what was created, updated and skipped. */
export function ResultStep({ kind, wizard, phone }: StepProps) {
  const { summary, progress, plan } = wizard;
  const titles = TITLES[kind];
  return (
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
            {summary.skipped.length > 0 && plan && (
              <Button
                variant="default"
                leftSection={<IconDownload size={16} />}
                onClick={() =>
                  downloadCsv(
                    csvFileName(`skipped-${titles.plural}`),
                    skippedCsv(plan.headers, summary.skipped),
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
          {wizard.error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {wizard.error}
            </Alert>
          )}
        </Stack>
      )}
    </Paper>
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
