import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { RowAction } from '../list/RowActions';

/** The Edit and Delete actions of a customer, contact or product row. */
export function editDeleteActions(
  name: string,
  onEdit: () => void,
  onDelete: () => void,
): RowAction[] {
  return [
    { key: 'edit', label: 'Edit', ariaLabel: `Edit ${name}`, icon: IconPencil, onClick: onEdit },
    {
      key: 'delete',
      label: 'Delete',
      ariaLabel: `Delete ${name}`,
      icon: IconTrash,
      color: 'red',
      onClick: onDelete,
    },
  ];
}
