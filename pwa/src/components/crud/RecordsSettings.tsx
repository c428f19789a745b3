import { useState, type ReactNode } from 'react';
import { Button, EmptyState, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useAction } from '../../lib/useAction';
import { DeleteModal } from './DeleteModal';
import { RefusedChanges, SaveMessageAlert, type SaveMessage } from './SaveFeedback';

/** What a settings screen's table is given: a row's Edit and Delete. */
export interface RecordActions<Row> {
  onEdit: (row: Row) => void;
  onDelete: (row: Row) => void;
}

export interface RecordsSettingsProps<Row> {
  title: string;
  description: ReactNode;
  /** The add button's label, also the empty state's. */
  addLabel: string;
  /** Undefined while the rows load. */
  rows: Row[] | undefined;
  empty: { icon: ReactNode; title: string; description: string };
  /** Which refused sync mutations are this screen's (`currency.`), and how each is titled. */
  mutationPrefix: string;
  saveFailed: string;
  deletion: {
    title: string;
    warning: string;
    failed: string;
    /** The record as the confirmation names it. */
    name: (row: Row) => string;
    remove: (row: Row) => Promise<void>;
    /** The confirmation shown once it is deleted on this device. */
    done: (row: Row) => string;
  };
  table: (actions: RecordActions<Row>) => ReactNode;
  /** The add (`row` null) or edit dialog. */
  form: (row: Row | null, close: () => void, saved: (message: string) => void) => ReactNode;
}

/**
 * A settings page of small records edited in a dialog (currencies, tax rates): the heading with
 * its add button, the outcome of the last save and the refused changes, the table or an empty
 * state, the add/edit dialog, and delete after a confirmation.
 */
export function RecordsSettings<Row>(props: RecordsSettingsProps<Row>) {
  const { rows, deletion } = props;
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [message, setMessage] = useState<SaveMessage | null>(null);

  const remove = useAction(
    async () => {
      if (!deleting) return;
      try {
        await deletion.remove(deleting);
        setMessage({ ok: true, text: deletion.done(deleting) });
      } finally {
        setDeleting(null);
      }
    },
    (error) => {
      console.error(error);
      setMessage({ ok: false, text: deletion.failed });
    },
  );

  const add = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ row: null })}>
      {props.addLabel}
    </Button>
  );
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={3}>{props.title}</Title>
          <Text size="sm" c="dimmed">
            {props.description}
          </Text>
        </div>
        {add}
      </Group>

      <SaveMessageAlert message={message} onClose={() => setMessage(null)} />
      <RefusedChanges
        which={(r) => r.name.startsWith(props.mutationPrefix)}
        title={(r) => (r.name.endsWith('.delete') ? deletion.failed : props.saveFailed)}
      />

      <Paper withBorder shadow="xs" style={{ overflow: 'hidden' }}>
        {rows && rows.length === 0 ? (
          <EmptyState
            p="xl"
            variant="light"
            icon={props.empty.icon}
            title={props.empty.title}
            description={props.empty.description}
          >
            <EmptyState.Actions>{add}</EmptyState.Actions>
          </EmptyState>
        ) : (
          props.table({ onEdit: (row) => setEditing({ row }), onDelete: setDeleting })
        )}
      </Paper>

      {editing &&
        props.form(
          editing.row,
          () => setEditing(null),
          (text) => {
            setEditing(null);
            setMessage({ ok: true, text });
          },
        )}

      <DeleteModal
        title={deletion.title}
        warning={deletion.warning}
        name={deleting && deletion.name(deleting)}
        busy={remove.busy}
        onClose={() => setDeleting(null)}
        onConfirm={() => void remove.run()}
      />
    </Stack>
  );
}
