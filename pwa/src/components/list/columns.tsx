import { Text, type TableThProps } from '@mantine/core';
import { RecordName } from '../crud/NotSyncedBadge';
import { dash, type EntityColumn } from './EntityTable';
import { RowActionIcons, type RowAction } from './RowActions';

/**
 * Columns that several entity lists show alike. A list states its own columns and takes these
 * for the ones it shares, so the same field looks the same in every list.
 */

/** A record's name, marked when it has changes not yet synced; wraps on narrow screens. */
export function recordNameCell<T extends { id: string; name: string }>(pendingIds: Set<string>) {
  return (row: T) => <RecordName name={row.name} pending={pendingIds.has(row.id)} wrap />;
}

/** Email, breaking anywhere rather than widening the table. */
export function emailColumn<T extends { email: string }>(): EntityColumn<T> {
  return {
    header: 'Email',
    cell: (row) => (
      <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 140 }}>
        {row.email}
      </Text>
    ),
  };
}

/** Phone on one line, or a dash. */
export function phoneColumn<T extends { phoneNumber: string | null }>(
  options: { wide?: boolean } = {},
): EntityColumn<T> {
  return {
    header: 'Phone',
    ...options,
    cell: (row) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {row.phoneNumber || dash}
      </Text>
    ),
  };
}

/** The row's action icons, right-aligned. */
export function actionsColumn<T>(
  actionsOf: (row: T) => RowAction[],
  th: TableThProps = {},
): EntityColumn<T> {
  return {
    header: 'Actions',
    th: { ...th, ta: 'right' },
    cell: (row) => <RowActionIcons actions={actionsOf(row)} />,
  };
}
