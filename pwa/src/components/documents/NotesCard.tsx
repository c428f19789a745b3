import { lazy, Suspense } from 'react';
import { Card, Skeleton, Title } from '@mantine/core';
import type { NotesEditorProps } from './NotesEditor';

// Code-split: tiptap only downloads when a form with notes opens.
const NotesEditor = lazy(() => import('./NotesEditor'));

/** Notes card with the lazily loaded rich-text editor. */
export function NotesCard(props: NotesEditorProps) {
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
}
