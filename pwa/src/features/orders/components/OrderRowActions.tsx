import {
  IconEye,
  IconFileInvoice,
  IconFileTypePdf,
  IconMail,
  IconTrash,
} from '@tabler/icons-react';
import type { RowAction } from '../../../components/list/RowActions';
import type { OrderRow } from '../../../db/types';

export type OrderAction = 'view' | 'pdf' | 'email' | 'invoice' | 'delete';

/**
 * View, Invoice and Delete. An order that already has an invoice: Invoice opens it and Delete is
 * not offered.
 */
export function orderRowActions(
  order: OrderRow,
  numberLabel: string,
  invoiced: boolean,
  onAction: (action: OrderAction, order: OrderRow) => void,
): RowAction[] {
  const actions: RowAction[] = [
    {
      key: 'view',
      label: 'View',
      ariaLabel: `View order ${numberLabel}`,
      icon: IconEye,
      onClick: () => onAction('view', order),
    },
    {
      key: 'pdf',
      label: 'PDF',
      tooltip: 'Download PDF',
      ariaLabel: `PDF of order ${numberLabel}`,
      icon: IconFileTypePdf,
      onClick: () => onAction('pdf', order),
    },
    {
      key: 'email',
      label: 'E-mail',
      tooltip: 'E-mail order confirmation',
      ariaLabel: `E-mail order confirmation ${numberLabel}`,
      icon: IconMail,
      onClick: () => onAction('email', order),
    },
    {
      key: 'invoice',
      label: 'Invoice',
      tooltip: invoiced ? 'Open invoice' : 'Create invoice',
      ariaLabel: `Invoice order ${numberLabel}`,
      icon: IconFileInvoice,
      color: 'green',
      onClick: () => onAction('invoice', order),
    },
  ];
  if (!invoiced)
    actions.push({
      key: 'delete',
      label: 'Delete',
      ariaLabel: `Delete order ${numberLabel}`,
      icon: IconTrash,
      color: 'red',
      onClick: () => onAction('delete', order),
    });
  return actions;
}
