import { Text } from '@mantine/core';
import type { EmailedFields } from '../../db/types';

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "E-mailed Nov 26, 2026, 6:42 PM to ap@example.com": the document's last send, if any. */
export function EmailedNote({ doc }: { doc: EmailedFields }) {
  if (!doc.emailedAt) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="emailed-note">
      E-mailed {WHEN.format(new Date(doc.emailedAt))}
      {doc.emailedTo ? ` to ${doc.emailedTo}` : ''}
    </Text>
  );
}
