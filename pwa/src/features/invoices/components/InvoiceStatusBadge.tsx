import { Badge } from '@mantine/core';

/** Invoice states: Draft a dark outline (grey text on white is too faint), Unpaid orange, Paid green, Cancelled grey. */
export const INVOICE_STATUS_COLORS: Record<string, string> = {
  Draft: 'dark',
  Unpaid: 'orange',
  'Partially paid': 'blue',
  Paid: 'green',
  Cancelled: 'gray',
};

export function InvoiceStatusBadge({ status }: { status: string }) {
  return (
    <Badge
      color={INVOICE_STATUS_COLORS[status] ?? 'gray'}
      variant={status === 'Draft' ? 'outline' : 'light'}
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
