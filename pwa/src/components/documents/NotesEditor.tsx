import '@mantine/tiptap/styles.css';
import { useEffect } from 'react';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

/** Undo keeps 100 steps; edits less than 1000 ms apart form one step. */
export const NOTES_HISTORY = { depth: 100, newGroupDelay: 1000 } as const;
/** The only link schemes a note may carry: nothing that runs code (javascript:, data:). */
export const NOTES_LINK_PROTOCOLS = ['http', 'https', 'mailto', 'tel'] as const;

export function isAllowedNotesUrl(url: string): boolean {
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(url.trim());
  return !!match && (NOTES_LINK_PROTOCOLS as readonly string[]).includes(match[1]!.toLowerCase());
}

export interface NotesEditorProps {
  value: string;
  onChange: (html: string) => void;
  readOnly?: boolean;
  label?: string;
}

/** Rich-text notes: bold, italic, underline, lists, links, clean formatting. */
export default function NotesEditor({
  value,
  onChange,
  readOnly = false,
  label = 'Notes',
}: NotesEditorProps) {
  const created = useEditor({
    extensions: [
      StarterKit.configure({
        undoRedo: NOTES_HISTORY,
        link: false,
        heading: false,
        codeBlock: false,
        code: false,
        blockquote: false,
        horizontalRule: false,
        strike: false,
      }),
      Link.configure({
        openOnClick: false,
        autolink: true,
        protocols: ['mailto', 'tel'],
        defaultProtocol: 'https',
        isAllowedUri: (url) => isAllowedNotesUrl(url),
        shouldAutoLink: (url) => isAllowedNotesUrl(url),
      }),
    ],
    content: value,
    editable: !readOnly,
    immediatelyRender: true,
    shouldRerenderOnTransaction: true,
    editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  // `useEditor` destroys the editor it rendered when its effect has not run within
  // 1 ms (it then makes a new one and renders again). A navigation's effects run after the
  // browser paints, often later than that: the editor of this render may already be destroyed,
  // and reading it (getHTML, setContent: its schema is null) crashed the quote screen. A
  // destroyed editor is treated as none until the new one arrives.
  const editor = created && !created.isDestroyed ? created : null;

  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!readOnly);
  }, [editor, readOnly]);

  // A value set from outside (the saved document loaded, a reset) replaces the content.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (current !== value) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  return (
    <RichTextEditor editor={editor} variant="subtle" mih={180}>
      {!readOnly && (
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.OrderedList />
            <RichTextEditor.BulletList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
      )}
      <RichTextEditor.Content mih={140} />
    </RichTextEditor>
  );
}
