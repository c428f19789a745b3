import { Badge } from '@mantine/core';

/** Invoice states: Unpaid orange, Paid green, Cancelled grey. */
export const INVOICE_STATUS_COLORS: Record<string, string> = {
  Unpaid: 'orange',
  'Partially paid': 'blue',
  Paid: 'green',
  Cancelled: 'gray',
};

export function InvoiceStatusBadge({ status }: { status: string }) {
  return (
    <Badge
      color={INVOICE_STATUS_COLORS[status] ?? 'gray'}
      variant="light"
      radius="sm"
      style={{ minWidth: 'max-content' }}
    >
      {status}
    </Badge>
  );
}

export function NotSyncedBadge() {
  return (
    <Badge
      color="yellow"
      variant="outline"
      size="xs"
      radius="sm"
      title="Saved on this device, not yet synced"
    >
      Not synced
    </Badge>
  );
}
