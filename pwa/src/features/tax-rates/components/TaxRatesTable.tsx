import { Text } from '@mantine/core';
import { TAX_CATEGORY_RULES } from '@smb/shared-types/tax-categories';
import { dash, nowrap, numeric, type EntityColumn } from '../../../components/list/EntityTable';
import { SettingsTable } from '../../../components/list/SettingsTable';
import { rowEditDelete } from '../../../components/crud/editDeleteActions';
import type { RecordActions } from '../../../components/crud/RecordsSettings';
import { RecordName } from '../../../components/crud/NotSyncedBadge';
import type { TaxRateRow } from '../../../db/types';
import { formatPercent } from '../../../lib/formats';

interface Props extends RecordActions<TaxRateRow> {
  taxRates: TaxRateRow[] | undefined;
  pending: Set<string>;
}

const categoryOf = (rate: TaxRateRow) =>
  `${TAX_CATEGORY_RULES[rate.category].label} (${rate.category})`;

/** Name, Rate, Category, Exemption reason, and the actions Edit and Delete. */
export function TaxRatesTable({ taxRates, pending, onEdit, onDelete }: Props) {
  const actionsOf = rowEditDelete<TaxRateRow>((rate) => rate.name, onEdit, onDelete);
  const columns: EntityColumn<TaxRateRow>[] = [
    {
      header: 'Name',
      th: nowrap,
      cell: (rate) => <RecordName name={rate.name} pending={pending.has(rate.id)} />,
    },
    {
      header: 'Rate',
      th: { ...nowrap, ta: 'right' },
      td: numeric,
      cell: (rate) => formatPercent(rate.rate),
    },
    { header: 'Category', th: nowrap, cell: categoryOf },
    { header: 'Exemption reason', cell: (rate) => rate.exemptionReason ?? dash },
  ];
  return (
    <SettingsTable
      rows={taxRates}
      columns={columns}
      actionsOf={actionsOf}
      testId="tax-rate-row"
      loading={{ label: 'Loading tax rates', lines: 4 }}
      card={(rate) => (
        <>
          <RecordName name={rate.name} pending={pending.has(rate.id)} wrap />
          <Text size="xs" c="dimmed" mt={4}>
            {formatPercent(rate.rate)} · {categoryOf(rate)}
            {rate.exemptionReason ? ` · ${rate.exemptionReason}` : ''}
          </Text>
        </>
      )}
    />
  );
}
