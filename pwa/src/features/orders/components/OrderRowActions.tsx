import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconEye, IconFileInvoice, IconTrash, type Icon } from '@tabler/icons-react';
import type { OrderRow } from '../../../db/types';

export type OrderAction = 'view' | 'invoice' | 'delete';

const ACTIONS: { action: OrderAction; label: string; tip: string; icon: Icon; color?: string }[] = [
  { action: 'view', label: 'View', tip: 'View', icon: IconEye },
  {
    action: 'invoice',
    label: 'Invoice',
    tip: 'Create invoice',
    icon: IconFileInvoice,
    color: 'green',
  },
  { action: 'delete', label: 'Delete', tip: 'Delete', icon: IconTrash, color: 'red' },
];

export function OrderRowActions({
  order,
  numberLabel,
  invoiced,
  onAction,
}: {
  order: OrderRow;
  numberLabel: string;
  /** The order already has an invoice: Invoice opens it, Delete is not offered. */
  invoiced: boolean;
  onAction: (action: OrderAction, order: OrderRow) => void;
}) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {ACTIONS.filter((a) => !(invoiced && a.action === 'delete')).map(
        ({ action, label, tip, icon: Glyph, color }) => (
          <Tooltip
            key={action}
            label={invoiced && action === 'invoice' ? 'Open invoice' : tip}
            withArrow
          >
            <ActionIcon
              variant="subtle"
              color={color ?? 'gray'}
              aria-label={`${label} order ${numberLabel}`}
              onClick={() => onAction(action, order)}
            >
              <Glyph size={18} stroke={1.7} />
            </ActionIcon>
          </Tooltip>
        ),
      )}
    </Group>
  );
}
