import { Badge } from '@mantine/core';

/** Quote colours (Draft grey, Sent blue, Accepted green, Rejected red, Converted light blue), plus the order and invoice states. */
const STATUS_COLORS: Record<string, string> = {
  Draft: 'gray',
  Sent: 'blue',
  Accepted: 'green',
  Rejected: 'red',
  Converted: 'cyan',
  Expired: 'orange',
  Pending: 'yellow',
  Processing: 'blue',
  Shipped: 'indigo',
  Delivered: 'green',
  Cancelled: 'red',
};

export function statusColor(status: string): string {
  return STATUS_COLORS[status] ?? 'gray';
}

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={statusColor(status)} variant="light" radius="sm" data-status={status}>
      {status}
    </Badge>
  );
}
