import { lazy, memo, Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import type { NotesEditorProps } from './NotesEditor';
import { TitledCard } from './DetailParts';

// Code-split: tiptap only downloads when a form with notes opens.
const NotesEditor = lazy(() => import('./NotesEditor'));

/**
 * Notes card with the lazily loaded rich-text editor. Memoized: a keystroke in the items does not
 * render the editor again (give it a stable `onChange`).
 */
export const NotesCard = memo(function NotesCard(props: NotesEditorProps) {
  return (
    <TitledCard title="Notes" p="lg">
      <Suspense fallback={<Skeleton h={180} radius="md" aria-label="Loading editor" />}>
        <NotesEditor {...props} />
      </Suspense>
    </TitledCard>
  );
});
