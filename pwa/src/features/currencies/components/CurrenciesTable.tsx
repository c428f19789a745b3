import { Badge, Group, Text } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { rowEditDelete } from '../../../components/crud/editDeleteActions';
import type { RecordActions } from '../../../components/crud/RecordsSettings';
import { NotSyncedBadge } from '../../../components/crud/NotSyncedBadge';
import { nowrap, numeric, type EntityColumn } from '../../../components/list/EntityTable';
import { SettingsTable } from '../../../components/list/SettingsTable';
import type { CurrencyRow } from '../../../db/types';
import { formatNumber, formatPercent } from '../../../lib/formats';

interface Props extends RecordActions<CurrencyRow> {
  currencies: CurrencyRow[] | undefined;
  pending: Set<string>;
}

const deleteBlocked = (currency: CurrencyRow) =>
  currency.isDefault ? 'The default currency cannot be deleted' : undefined;

function DefaultBadge() {
  return (
    <Badge
      color="green"
      variant="light"
      leftSection={<IconStarFilled size={10} />}
      style={{ minWidth: 'max-content' }}
    >
      Default
    </Badge>
  );
}

/** Code, Name, Symbol, Tax Rate, Exchange Rate, Default, and the actions Edit and Delete. */
export function CurrenciesTable({ currencies, pending, onEdit, onDelete }: Props) {
  const actionsOf = rowEditDelete<CurrencyRow>((c) => c.code, onEdit, onDelete, deleteBlocked);
  const columns: EntityColumn<CurrencyRow>[] = [
    {
      header: 'Code',
      th: nowrap,
      cell: (currency) => (
        <Group gap={6} wrap="nowrap">
          <Text fw={700} ff="monospace" size="sm">
            {currency.code}
          </Text>
          {pending.has(currency.id) && <NotSyncedBadge />}
        </Group>
      ),
    },
    { header: 'Name', th: nowrap, cell: (currency) => currency.name },
    { header: 'Symbol', th: nowrap, cell: (currency) => currency.symbol },
    {
      header: 'Tax Rate',
      th: { ...nowrap, ta: 'right' },
      td: numeric,
      cell: (currency) => formatPercent(currency.taxRate),
    },
    {
      header: 'Exchange Rate',
      th: { ...nowrap, ta: 'right' },
      td: numeric,
      cell: (currency) => formatNumber(currency.dollarExchangeRate.toFixed(4), 4),
    },
    {
      header: 'Default',
      th: nowrap,
      td: nowrap,
      cell: (currency) =>
        currency.isDefault ? (
          <DefaultBadge />
        ) : (
          <Text c="dimmed" size="sm" aria-label="Not default">
            —
          </Text>
        ),
    },
  ];
  return (
    <SettingsTable
      rows={currencies}
      columns={columns}
      actionsOf={actionsOf}
      testId="currency-row"
      loading={{ label: 'Loading currencies', lines: 4 }}
      card={(currency) => (
        <>
          <Group gap={6}>
            <Text fw={700} ff="monospace" size="sm">
              {currency.code}
            </Text>
            <Text size="sm">{currency.name}</Text>
            {currency.isDefault && <DefaultBadge />}
            {pending.has(currency.id) && <NotSyncedBadge />}
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            Symbol {currency.symbol} · Tax {formatPercent(currency.taxRate)} · Rate{' '}
            {formatNumber(currency.dollarExchangeRate.toFixed(4), 4)}
          </Text>
        </>
      )}
    />
  );
}
