import { Group, Text } from '@mantine/core';
import { TAX_CATEGORY_RULES } from '@smb/shared-types/tax-categories';
import {
  EntityTable,
  dash,
  numeric,
  type EntityColumn,
} from '../../../components/list/EntityTable';
import { rowEditDelete } from '../../../components/crud/editDeleteActions';
import { RecordName } from '../../../components/crud/NotSyncedBadge';
import { RowActionIcons } from '../../../components/list/RowActions';
import { actionsColumn } from '../../../components/list/columns';
import type { TaxRateRow } from '../../../db/types';
import { formatPercent } from '../../../lib/formats';

interface Props {
  taxRates: TaxRateRow[] | undefined;
  pending: Set<string>;
  onEdit: (rate: TaxRateRow) => void;
  onDelete: (rate: TaxRateRow) => void;
}

const categoryOf = (rate: TaxRateRow) =>
  `${TAX_CATEGORY_RULES[rate.category].label} (${rate.category})`;

/** Name, Rate, Category, Exemption reason, and the actions Edit and Delete. */
export function TaxRatesTable({ taxRates, pending, onEdit, onDelete }: Props) {
  const nowrap = { style: { whiteSpace: 'nowrap' as const } };
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
    actionsColumn(actionsOf, nowrap),
  ];
  return (
    <EntityTable
      rows={taxRates}
      columns={columns}
      testId="tax-rate-row"
      minWidth={640}
      horizontalSpacing="sm"
      loading={{ label: 'Loading tax rates', lines: 4 }}
      phoneQuery="(max-width: 36em)"
      cards="divided"
      card={(rate) => (
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <RecordName name={rate.name} pending={pending.has(rate.id)} wrap />
            <Text size="xs" c="dimmed" mt={4}>
              {formatPercent(rate.rate)} · {categoryOf(rate)}
              {rate.exemptionReason ? ` · ${rate.exemptionReason}` : ''}
            </Text>
          </div>
          <RowActionIcons actions={actionsOf(rate)} />
        </Group>
      )}
    />
  );
}
