import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { RowAction } from '../list/RowActions';

/**
 * The Edit and Delete actions of a record's row (customer, contact, product, currency, tax rate).
 * `deleteBlocked`: why this record cannot be deleted (Delete shows, refused, with that tooltip).
 */
export function editDeleteActions(
  name: string,
  onEdit: () => void,
  onDelete: () => void,
  deleteBlocked?: string,
): RowAction[] {
  return [
    { key: 'edit', label: 'Edit', ariaLabel: `Edit ${name}`, icon: IconPencil, onClick: onEdit },
    {
      key: 'delete',
      label: 'Delete',
      ariaLabel: `Delete ${name}`,
      icon: IconTrash,
      color: 'red',
      ...(deleteBlocked && { tooltip: deleteBlocked, disabled: true }),
      onClick: onDelete,
    },
  ];
}

/**
 * `editDeleteActions` of any row of a list, from the row's label and the list's handlers (and,
 * when a row cannot be deleted, why).
 */
export function rowEditDelete<T>(
  label: (row: T) => string,
  onEdit: (row: T) => void,
  onDelete: (row: T) => void,
  deleteBlocked?: (row: T) => string | undefined,
): (row: T) => RowAction[] {
  return (row) =>
    editDeleteActions(
      label(row),
      () => onEdit(row),
      () => onDelete(row),
      deleteBlocked?.(row),
    );
}
