import { useState } from 'react';
import { useAction } from '../../lib/useAction';
import { errorText } from '../ErrorBanner';
import { useRedirectAfterSave } from './useRedirectAfterSave';

/**
 * Saving a record's form: `saving` while it runs; then "<Record> created successfully!" (or
 * "updated") and back to the list after a second, or the error in the form's banner ("Failed to
 * create <record>" when the error has no text of its own).
 */
export function useRecordSave<V>({
  record,
  list,
  creating,
  save,
}: {
  /** Capitalised, as the messages start with it: 'Customer'. */
  record: string;
  list: string;
  creating: boolean;
  save: (values: V) => Promise<unknown>;
}) {
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const backToList = useRedirectAfterSave(list);
  const verb = creating ? 'create' : 'update';
  const action = useAction(
    async (values: V) => {
      await save(values);
      setSuccess(`${record} ${verb}d successfully!`);
      backToList();
    },
    (e) => setError(errorText(e, `Failed to ${verb} ${record.toLowerCase()}`)),
  );
  const submit = (values: V) => {
    setError(null);
    void action.run(values);
  };
  return { submit, saving: action.busy, error, clearError: () => setError(null), success };
}
