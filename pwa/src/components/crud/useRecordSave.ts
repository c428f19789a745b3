import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useAction } from '../../lib/useAction';
import { errorText } from '../ErrorBanner';
import type { RecordFormProps } from './RecordForm';
import { useRedirectAfterSave } from './useRedirectAfterSave';

/** What `useRecordSave` gives a form screen. */
export type RecordSave<V = unknown> = ReturnType<typeof useRecordSave<V>>;

/**
 * A record's form screen, at `<list>/new` (`creating`) or `<list>/{id}`. Saving: `saving` while it runs; then "<Record> created successfully!" (or
 * "updated") and back to the list after a second, or the error in the form's banner ("Failed to
 * create <record>" when the error has no text of its own).
 */
export function useRecordSave<V>({
  record,
  list,
  save,
}: {
  /** Capitalised, as the messages start with it: 'Customer'. */
  record: string;
  list: string;
  /** Creates the record (`id` null) or saves the changes of record `id`. */
  save: (values: V, id: string | null) => Promise<unknown>;
}) {
  const params = useParams();
  const id = params.id && params.id !== 'new' ? params.id : null;
  const creating = id === null;
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const backToList = useRedirectAfterSave(list);
  const verb = creating ? 'create' : 'update';
  const action = useAction(
    async (values: V) => {
      await save(values, id);
      setSuccess(`${record} ${verb}d successfully!`);
      backToList();
    },
    (e) => setError(errorText(e, `Failed to ${verb} ${record.toLowerCase()}`)),
  );
  const submit = (values: V) => {
    setError(null);
    void action.run(values);
  };
  const toList = () => navigate(list);
  /** The save state a record form is given (spread into it beside `initial`). */
  const formProps: Omit<RecordFormProps<V>, 'initial'> = {
    creating,
    saving: action.busy,
    done: success !== null,
    onSubmit: submit,
    onCancel: toList,
  };
  return {
    id,
    creating,
    list,
    toList,
    submit,
    saving: action.busy,
    error,
    clearError: () => setError(null),
    success,
    formProps,
  };
}
