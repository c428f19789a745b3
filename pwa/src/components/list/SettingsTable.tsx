import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { actionsColumn } from './columns';
import { EntityTable, nowrap, type EntityColumn, type EntityTableProps } from './EntityTable';
import { RowActionIcons, type RowAction } from './RowActions';

export interface SettingsTableProps<T extends { id: string }> extends Pick<
  EntityTableProps<T>,
  'rows' | 'testId' | 'loading'
> {
  /** The record's columns; the actions column comes last. */
  columns: EntityColumn<T>[];
  actionsOf: (row: T) => RowAction[];
  /** A record on a phone, left of its action icons. */
  card: (row: T) => ReactNode;
}

/**
 * A settings list of small records (currencies, tax rates): a compact table with the row actions
 * last; below 36em, flush cards with the actions at the right.
 */
export function SettingsTable<T extends { id: string }>({
  columns,
  actionsOf,
  card,
  ...table
}: SettingsTableProps<T>) {
  return (
    <EntityTable
      {...table}
      columns={[...columns, actionsColumn(actionsOf, nowrap)]}
      minWidth={640}
      horizontalSpacing="sm"
      phoneQuery="(max-width: 36em)"
      cards="divided"
      card={(row) => (
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>{card(row)}</div>
          <RowActionIcons actions={actionsOf(row)} />
        </Group>
      )}
    />
  );
}
