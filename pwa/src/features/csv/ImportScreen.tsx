import { Button, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconUpload } from '@tabler/icons-react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ColumnsStep } from './ColumnsStep';
import { IMPORT_KINDS, type ImportKind } from './fields';
import { FileStep } from './FileStep';
import { plural } from './flags';
import { countOf, TITLES } from './import-texts';
import { PreviewStep } from './PreviewStep';
import { ResultStep } from './ResultStep';
import { useImportWizard } from './useImportWizard';

/** /dashboard/import/:kind — reads a CSV on the device, maps, previews, imports offline-first. */
export default function ImportScreen() {
  const { kind: param } = useParams();
  const kind = IMPORT_KINDS.find((k) => k === param);
  return kind ? <ImportWizard key={kind} kind={kind} /> : <Navigate to="/dashboard" replace />;
}

const STEPS = [
  { label: 'File', description: 'Choose a CSV file' },
  { label: 'Columns', description: 'Match the columns' },
  { label: 'Preview', description: 'Check the rows' },
  { label: 'Import', description: 'Save and sync' },
] as const;

function ImportWizard({ kind }: { kind: ImportKind }) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const wizard = useImportWizard(kind);
  const { step, counts, duplicates, toWrite } = wizard;
  const titles = TITLES[kind];
  const bodies = [FileStep, ColumnsStep, PreviewStep, ResultStep];

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
        onStepClick={(s) => s < step && step < 3 && wizard.setStep(s)}
        allowNextStepsSelect={false}
        size={phone ? 'xs' : 'sm'}
      >
        {STEPS.map((s, i) => {
          const Body = bodies[i]!;
          return (
            <Stepper.Step
              key={s.label}
              label={phone && step !== i ? undefined : s.label}
              description={phone ? undefined : s.description}
            >
              <Body kind={kind} wizard={wizard} phone={phone} />
            </Stepper.Step>
          );
        })}
      </Stepper>

      <ConfirmDialog
        opened={wizard.confirming}
        title={`Import ${countOf(kind, toWrite)}?`}
        message={`${counts.new} new ${counts.new === 1 ? titles.singular : titles.plural} will be created${
          duplicates === 'update' && counts.duplicate > 0
            ? `, ${counts.duplicate} existing updated`
            : ''
        } and ${plural(wizard.skippedCount, 'row')} skipped. The changes are saved on this device and sent to the server with the next sync.`}
        confirmLabel="Import"
        confirmIcon={<IconUpload size={16} />}
        onConfirm={() => {
          wizard.setConfirming(false);
          void wizard.runImport();
        }}
        onClose={() => wizard.setConfirming(false)}
      />
    </Stack>
  );
}
