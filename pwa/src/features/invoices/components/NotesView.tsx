import { Text, Typography } from '@mantine/core';
import { useMemo } from 'react';
import { looksLikeHtml, sanitizeNotesHtml } from './sanitize-notes';

/** Read-only notes: rich text through the allowlist sanitiser, plain text as typed. */
export function NotesView({ notes }: { notes: string }) {
  const html = useMemo(() => (looksLikeHtml(notes) ? sanitizeNotesHtml(notes) : null), [notes]);
  if (html === null)
    return (
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="invoice-notes">
        {notes}
      </Text>
    );
  return (
    <Typography fz="sm" data-testid="invoice-notes">
      {/* Safe: sanitizeNotesHtml keeps only formatting tags and http/https/mailto/tel links. */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
