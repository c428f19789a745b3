import { useState } from 'react';
import { Button, EmptyState, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCoin, IconPlus } from '@tabler/icons-react';
import type { CurrencyRow } from '../../../db/types';
import { DeleteModal } from '../../../components/crud/DeleteModal';
import { useAction } from '../../../lib/useAction';
import {
  RefusedChanges,
  SaveMessageAlert,
  type SaveMessage,
} from '../../../components/crud/SaveFeedback';
import { usePendingIds } from '../../../sync/useSyncStatus';
import { deleteCurrency } from '../data/currencies';
import { CurrenciesTable } from '../components/CurrenciesTable';
import { CURRENCY_SAVE_FAILED, CurrencyFormModal } from '../components/CurrencyFormModal';
import { LoadErrorBoundary } from '../components/LoadErrorBoundary';
import { useCurrencies } from '../../../db/live';

export const CURRENCIES_LOAD_FAILED = 'Failed to load currencies. Please try again later.';
export const CURRENCY_DELETE_FAILED =
  'Failed to delete currency. It may be in use by quotes, orders, or products.';
export const CURRENCY_DELETE_CONFIRM =
  'Are you sure you want to delete this currency? This action cannot be undone.';

type Editing = { currency: CurrencyRow | null } | null;

function Currencies() {
  const currencies = useCurrencies();
  const pending = usePendingIds('currencies');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<CurrencyRow | null>(null);
  const [message, setMessage] = useState<SaveMessage | null>(null);

  const remove = useAction(
    async () => {
      if (!deleting) return;
      try {
        await deleteCurrency(deleting.id);
        setMessage({ ok: true, text: `Currency ${deleting.code} deleted.` });
      } finally {
        setDeleting(null);
      }
    },
    (error) => {
      console.error(error);
      setMessage({ ok: false, text: CURRENCY_DELETE_FAILED });
    },
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={3}>Currencies</Title>
          <Text size="sm" c="dimmed">
            Currencies for products, quotes and orders, with their tax rate and exchange rate to
            USD.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ currency: null })}>
          Add Currency
        </Button>
      </Group>

      <SaveMessageAlert message={message} onClose={() => setMessage(null)} />
      <RefusedChanges
        which={(r) => r.name.startsWith('currency.')}
        title={(r) =>
          r.name === 'currency.delete' ? CURRENCY_DELETE_FAILED : CURRENCY_SAVE_FAILED
        }
      />

      <Paper withBorder shadow="xs" style={{ overflow: 'hidden' }}>
        {currencies && currencies.length === 0 ? (
          <EmptyState
            p="xl"
            variant="light"
            icon={<IconCoin size={28} />}
            title="No currencies yet"
            description="Add the currencies you price products and quotes in, and choose a default."
          >
            <EmptyState.Actions>
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={() => setEditing({ currency: null })}
              >
                Add Currency
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <CurrenciesTable
            currencies={currencies}
            pending={pending}
            onEdit={(currency) => setEditing({ currency })}
            onDelete={setDeleting}
          />
        )}
      </Paper>

      {editing && (
        <CurrencyFormModal
          currency={editing.currency}
          onClose={() => setEditing(null)}
          onSaved={(text) => {
            setEditing(null);
            setMessage({ ok: true, text });
          }}
        />
      )}

      <DeleteModal
        title="Delete Currency"
        warning={CURRENCY_DELETE_CONFIRM}
        name={deleting && `${deleting.code} — ${deleting.name}`}
        busy={remove.busy}
        onClose={() => setDeleting(null)}
        onConfirm={() => void remove.run()}
      />
    </Stack>
  );
}

/** /dashboard/settings/currencies: currencies table, add/edit form, guarded delete. */
export default function CurrenciesSettingsScreen() {
  return (
    <LoadErrorBoundary message={CURRENCIES_LOAD_FAILED}>
      <Currencies />
    </LoadErrorBoundary>
  );
}
