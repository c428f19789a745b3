import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Modal, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { NotFoundError, ValidationError } from '../../db/errors';
import { CancelAndAction } from '../CancelAndAction';
import { useUpdateGuard } from '../../lib/useUpdateGuard';

export type FieldErrors<V> = Partial<Record<keyof V, string>>;

interface ModalFormOptions<V> {
  /** The update guard's key: while the values differ from `initial` an app update waits. */
  guard: string;
  initial: V;
  /** Every field's problem at once; the save runs only when there is none. */
  validate: (values: V) => FieldErrors<V>;
  /** Saves on this device; resolves to the confirmation shown on the screen. */
  save: (values: V) => Promise<string>;
  onSaved: (message: string) => void;
  /** Shown when the save fails for a reason other than the record's own rules. */
  failed: string;
}

/**
 * A record's add/edit dialog state: values and field errors (an edited field's error clears),
 * `submit` validates then saves, a refused save shows its reason (a rule the device checks, or a
 * record that has gone) and anything else the screen's "failed" message, and the form stays open.
 */
export function useModalForm<V extends object>({
  guard,
  initial,
  validate,
  save,
  onSaved,
  failed,
}: ModalFormOptions<V>) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useUpdateGuard(
    guard,
    (Object.keys(values) as (keyof V)[]).some((key) => values[key] !== initial[key]),
  );

  const set = <K extends keyof V>(key: K, value: V[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const problems = validate(values);
    setErrors(problems);
    if (Object.values(problems).some(Boolean)) return;
    setSaving(true);
    try {
      onSaved(await save(values));
    } catch (cause) {
      setFailure(
        cause instanceof ValidationError || cause instanceof NotFoundError ? cause.message : failed,
      );
      setSaving(false);
    }
  };

  /** A field's value, change and error, to spread into an input that hands over its value. */
  const field = <K extends keyof V>(key: K) => ({
    value: values[key],
    onChange: (value: V[K]) => set(key, value),
    error: errors[key],
  });
  /** The same for a text input (its change is an event). */
  const text = <K extends { [P in keyof V]: V[P] extends string ? P : never }[keyof V]>(
    key: K,
  ) => ({
    value: values[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(key, event.currentTarget.value as V[K]),
    error: errors[key],
  });

  return {
    values,
    errors,
    set,
    field,
    text,
    submit,
    saving,
    failure,
    dismissFailure: () => setFailure(null),
  };
}

/** The dialog around a `useModalForm`: its failure, its fields, Cancel and the submit button. */
export function RecordModal({
  title,
  submitLabel,
  form,
  onClose,
  children,
}: {
  title: string;
  submitLabel: string;
  form: Pick<ReturnType<typeof useModalForm>, 'submit' | 'saving' | 'failure' | 'dismissFailure'>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { saving, failure } = form;
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size="lg"
      closeOnClickOutside={!saving}
      closeOnEscape={!saving}
    >
      <form onSubmit={(event) => void form.submit(event)} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert
              color="red"
              icon={<IconAlertCircle size={18} />}
              withCloseButton
              closeButtonLabel="Dismiss"
              onClose={form.dismissFailure}
            >
              {failure}
            </Alert>
          )}
          {children}
          <CancelAndAction onCancel={onClose} busy={saving} mt="sm">
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
          </CancelAndAction>
        </Stack>
      </form>
    </Modal>
  );
}
