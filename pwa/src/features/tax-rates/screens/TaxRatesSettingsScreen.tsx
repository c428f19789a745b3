import { useState } from 'react';
import { Button, EmptyState, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPercentage, IconPlus } from '@tabler/icons-react';
import type { TaxRateRow } from '../../../db/types';
import { useTaxRates } from '../../../db/live';
import { DeleteModal } from '../../../components/crud/DeleteModal';
import {
  RefusedChanges,
  SaveMessageAlert,
  type SaveMessage,
} from '../../../components/crud/SaveFeedback';
import { useAction } from '../../../lib/useAction';
import { usePendingIds } from '../../../sync/useSyncStatus';
import { deleteTaxRate } from '../data/tax-rates';
import { TaxRatesTable } from '../components/TaxRatesTable';
import { TAX_RATE_SAVE_FAILED, TaxRateFormModal } from '../components/TaxRateFormModal';

export const TAX_RATE_DELETE_FAILED = 'Failed to delete the tax rate. Please try again.';
export const TAX_RATE_DELETE_CONFIRM =
  'Delete this tax rate? Quotes, orders and invoices already written keep the rate they were written with.';

type Editing = { taxRate: TaxRateRow | null } | null;

/** /dashboard/settings/tax-rates: the tenant's tax rates, add/edit form, delete with confirmation. */
export default function TaxRatesSettingsScreen() {
  const taxRates = useTaxRates();
  const pending = usePendingIds('tax_rates');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TaxRateRow | null>(null);
  const [message, setMessage] = useState<SaveMessage | null>(null);

  const remove = useAction(
    async () => {
      if (!deleting) return;
      try {
        await deleteTaxRate(deleting.id);
        setMessage({ ok: true, text: `Tax rate ${deleting.name} deleted.` });
      } finally {
        setDeleting(null);
      }
    },
    (error) => {
      console.error(error);
      setMessage({ ok: false, text: TAX_RATE_DELETE_FAILED });
    },
  );

  const add = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ taxRate: null })}>
      Add Tax Rate
    </Button>
  );
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={3}>Tax rates</Title>
          <Text size="sm" c="dimmed">
            The rates a line, a discount or a charge can carry. A line without one takes its
            currency&apos;s tax rate.
          </Text>
        </div>
        {add}
      </Group>

      <SaveMessageAlert message={message} onClose={() => setMessage(null)} />
      <RefusedChanges
        which={(r) => r.name.startsWith('taxRate.')}
        title={(r) => (r.name === 'taxRate.delete' ? TAX_RATE_DELETE_FAILED : TAX_RATE_SAVE_FAILED)}
      />

      <Paper withBorder shadow="xs" style={{ overflow: 'hidden' }}>
        {taxRates && taxRates.length === 0 ? (
          <EmptyState
            p="xl"
            variant="light"
            icon={<IconPercentage size={28} />}
            title="No tax rates yet"
            description="Add your standard and reduced rates, and the exemptions you invoice under."
          >
            <EmptyState.Actions>{add}</EmptyState.Actions>
          </EmptyState>
        ) : (
          <TaxRatesTable
            taxRates={taxRates}
            pending={pending}
            onEdit={(taxRate) => setEditing({ taxRate })}
            onDelete={setDeleting}
          />
        )}
      </Paper>

      {editing && (
        <TaxRateFormModal
          taxRate={editing.taxRate}
          onClose={() => setEditing(null)}
          onSaved={(text) => {
            setEditing(null);
            setMessage({ ok: true, text });
          }}
        />
      )}

      <DeleteModal
        title="Delete Tax Rate"
        warning={TAX_RATE_DELETE_CONFIRM}
        name={deleting && `${deleting.name} (${deleting.rate} %)`}
        busy={remove.busy}
        onClose={() => setDeleting(null)}
        onConfirm={() => void remove.run()}
      />
    </Stack>
  );
}
