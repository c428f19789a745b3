import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { TAX_CATEGORY_RULES } from '@smb/shared-types/tax-categories';
import {
  EntityTable,
  dash,
  numeric,
  type EntityColumn,
} from '../../../components/list/EntityTable';
import type { TaxRateRow } from '../../../db/types';

interface Props {
  taxRates: TaxRateRow[] | undefined;
  pending: Set<string>;
  onEdit: (rate: TaxRateRow) => void;
  onDelete: (rate: TaxRateRow) => void;
}

function Actions({
  rate,
  onEdit,
  onDelete,
}: { rate: TaxRateRow } & Pick<Props, 'onEdit' | 'onDelete'>) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label="Edit" withArrow>
        <ActionIcon variant="subtle" onClick={() => onEdit(rate)} aria-label={`Edit ${rate.name}`}>
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete" withArrow>
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={() => onDelete(rate)}
          aria-label={`Delete ${rate.name}`}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

const NotSynced = () => (
  <Badge color="yellow" variant="outline" size="xs" radius="sm">
    Not synced
  </Badge>
);

const categoryOf = (rate: TaxRateRow) =>
  `${TAX_CATEGORY_RULES[rate.category].label} (${rate.category})`;

/** Name, Rate, Category, Exemption reason, and the actions Edit and Delete. */
export function TaxRatesTable({ taxRates, pending, onEdit, onDelete }: Props) {
  const nowrap = { style: { whiteSpace: 'nowrap' as const } };
  const columns: EntityColumn<TaxRateRow>[] = [
    {
      header: 'Name',
      th: nowrap,
      cell: (rate) => (
        <Group gap={6} wrap="nowrap">
          <Text fw={600} size="sm">
            {rate.name}
          </Text>
          {pending.has(rate.id) && <NotSynced />}
        </Group>
      ),
    },
    {
      header: 'Rate',
      th: { ...nowrap, ta: 'right' },
      td: numeric,
      cell: (rate) => `${rate.rate} %`,
    },
    { header: 'Category', th: nowrap, cell: categoryOf },
    { header: 'Exemption reason', cell: (rate) => rate.exemptionReason ?? dash },
    {
      header: 'Actions',
      th: { ...nowrap, ta: 'right' },
      cell: (rate) => <Actions rate={rate} onEdit={onEdit} onDelete={onDelete} />,
    },
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
            <Group gap={6}>
              <Text fw={600} size="sm">
                {rate.name}
              </Text>
              {pending.has(rate.id) && <NotSynced />}
            </Group>
            <Text size="xs" c="dimmed" mt={4}>
              {rate.rate} % · {categoryOf(rate)}
              {rate.exemptionReason ? ` · ${rate.exemptionReason}` : ''}
            </Text>
          </div>
          <Actions rate={rate} onEdit={onEdit} onDelete={onDelete} />
        </Group>
      )}
    />
  );
}
