import { ActionIcon, Group, Tooltip } from '@mantine/core';
import {
  IconEye,
  IconPencil,
  IconSend,
  IconShare,
  IconTrash,
  IconTruckDelivery,
  type Icon,
} from '@tabler/icons-react';
import type { QuoteRow } from '../../../db/types';

export type QuoteAction = 'view' | 'edit' | 'send' | 'share' | 'order' | 'delete';

const ACTIONS: Record<QuoteAction, { label: string; icon: Icon; color?: string }> = {
  view: { label: 'View', icon: IconEye },
  edit: { label: 'Edit', icon: IconPencil },
  send: { label: 'Send', icon: IconSend, color: 'blue' },
  share: { label: 'Share', icon: IconShare, color: 'blue' },
  order: { label: 'Order', icon: IconTruckDelivery, color: 'teal' },
  delete: { label: 'Delete', icon: IconTrash, color: 'red' },
};

/** Spec §2: every quote gets View, Order and Delete; Draft adds Edit and Send; Sent adds Share. */
export function quoteActions(status: string): QuoteAction[] {
  return [
    'view',
    ...(status === 'Draft' ? (['edit', 'send'] as const) : []),
    ...(status === 'Sent' ? (['share'] as const) : []),
    'order',
    'delete',
  ];
}

export function QuoteRowActions({
  quote,
  numberLabel,
  onAction,
}: {
  quote: QuoteRow;
  numberLabel: string;
  onAction: (action: QuoteAction, quote: QuoteRow) => void;
}) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {quoteActions(quote.status).map((action) => {
        const { label, icon: ActionIconGlyph, color } = ACTIONS[action];
        return (
          <Tooltip key={action} label={action === 'order' ? 'Convert to order' : label} withArrow>
            <ActionIcon
              variant="subtle"
              color={color ?? 'gray'}
              aria-label={`${label} quote ${numberLabel}`}
              onClick={() => onAction(action, quote)}
            >
              <ActionIconGlyph size={18} stroke={1.7} />
            </ActionIcon>
          </Tooltip>
        );
      })}
    </Group>
  );
}
