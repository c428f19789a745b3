import {
  IconEye,
  IconFileTypePdf,
  IconPencil,
  IconSend,
  IconShare,
  IconTrash,
  IconTruckDelivery,
  type Icon,
} from '@tabler/icons-react';
import type { RowAction } from '../../../components/list/RowActions';
import type { QuoteRow } from '../../../db/types';

export type QuoteAction = 'view' | 'pdf' | 'edit' | 'send' | 'share' | 'order' | 'delete';

const ACTIONS: Record<QuoteAction, { label: string; icon: Icon; color?: string; tip?: string }> = {
  view: { label: 'View', icon: IconEye },
  pdf: { label: 'PDF', icon: IconFileTypePdf, tip: 'Download PDF' },
  edit: { label: 'Edit', icon: IconPencil },
  send: { label: 'Send', icon: IconSend, color: 'blue' },
  share: { label: 'Share', icon: IconShare, color: 'blue' },
  order: { label: 'Order', icon: IconTruckDelivery, color: 'teal', tip: 'Convert to order' },
  delete: { label: 'Delete', icon: IconTrash, color: 'red' },
};

/**
 * Every quote gets View, Order and Delete; Draft adds Edit and Send; Sent adds Share.
 * Every quote also gets PDF.
 */
export function quoteActions(status: string): QuoteAction[] {
  return [
    'view',
    'pdf',
    ...(status === 'Draft' ? (['edit', 'send'] as const) : []),
    ...(status === 'Sent' ? (['share'] as const) : []),
    'order',
    'delete',
  ];
}

/** The row actions of a quote in the quotes list. */
export function quoteRowActions(
  quote: QuoteRow,
  numberLabel: string,
  onAction: (action: QuoteAction, quote: QuoteRow) => void,
): RowAction[] {
  return quoteActions(quote.status).map((action) => {
    const { label, icon, color, tip } = ACTIONS[action];
    return {
      key: action,
      label,
      tooltip: tip,
      ariaLabel: `${label} quote ${numberLabel}`,
      icon,
      color,
      onClick: () => onAction(action, quote),
    };
  });
}
