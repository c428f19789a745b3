import { Alert, FileInput, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconFileSpreadsheet } from '@tabler/icons-react';
import { HINTS } from './import-texts';
import type { StepProps } from './useImportWizard';

/** Step 1: choose the CSV file (read on the device). */
export function FileStep({ kind, wizard, phone }: StepProps) {
  return (
    <Paper withBorder p={phone ? 'md' : 'xl'} mt="md">
      <Stack>
        <Text size="sm">{HINTS[kind]}</Text>
        <Text size="sm" c="dimmed">
          Comma, semicolon or tab separated; UTF-8 (with or without BOM) or Windows-1252. Exports of
          Xero, QuickBooks, HubSpot, Zoho, Invoice Ninja, Shopify, WooCommerce, Square, Stripe,
          Outlook and Google Contacts are recognised as they are.
        </Text>
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,.txt,text/csv,text/plain"
          leftSection={<IconFileSpreadsheet size={18} />}
          value={wizard.file}
          onChange={(f) => void wizard.choose(f)}
          disabled={wizard.reading}
          clearable
          maw={480}
        />
        {wizard.reading && <Progress value={100} animated aria-label="Reading the file" />}
        {wizard.error && wizard.step === 0 && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {wizard.error}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
