import { Badge } from '@mantine/core';
import type { RecurringListItem } from '../data/recurring';

const COLORS: Record<RecurringListItem['status'], string> = {
  Active: 'green',
  Paused: 'yellow',
  Ended: 'gray',
};

/** Active / Paused / Ended; never shrunk (a long name beside it truncates instead). */
export function RecurringStatusBadge({ status }: { status: RecurringListItem['status'] }) {
  return (
    <Badge
      color={COLORS[status]}
      variant="light"
      data-testid="recurring-status"
      style={{ flexShrink: 0 }}
    >
      {status}
    </Badge>
  );
}
