import { lazy, memo, Suspense } from 'react';
import { Card, Skeleton, Title } from '@mantine/core';
import type { NotesEditorProps } from './NotesEditor';

// Code-split: tiptap only downloads when a form with notes opens.
const NotesEditor = lazy(() => import('./NotesEditor'));

/**
 * Notes card with the lazily loaded rich-text editor. Memoized: a keystroke in the items does not
 * render the editor again (give it a stable `onChange`).
 */
export const NotesCard = memo(function NotesCard(props: NotesEditorProps) {
  return (
    <Card p="lg">
      <Title order={3} size="h4" mb="md">
        Notes
      </Title>
      <Suspense fallback={<Skeleton h={180} radius="md" aria-label="Loading editor" />}>
        <NotesEditor {...props} />
      </Suspense>
    </Card>
  );
});
