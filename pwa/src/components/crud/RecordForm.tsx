import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { CancelAndAction } from '../CancelAndAction';
import { useUpdateGuard } from '../../lib/useUpdateGuard';

/** What every record form (customer, contact, product) is given by its screen. */
export interface RecordFormProps<V> {
  initial: V;
  creating: boolean;
  saving: boolean;
  /** Saved: the form is locked until the screen returns to the list. */
  done: boolean;
  onSubmit: (values: V) => void;
  onCancel: () => void;
}

/**
 * A record form's values: `set` one, `text(name)` wires a text input (locked once saved), and
 * `submit` hands the values to the screen. While they differ from `initial` an app update waits.
 */
export function useRecordForm<V extends object>(
  guard: string,
  { initial, done, onSubmit }: Pick<RecordFormProps<V>, 'initial' | 'done' | 'onSubmit'>,
) {
  const [values, setValues] = useState(initial);
  const dirty =
    !done && (Object.keys(values) as (keyof V)[]).some((key) => values[key] !== initial[key]);
  useUpdateGuard(guard, dirty);
  const set = <K extends keyof V>(name: K, value: V[K]) =>
    setValues((current) => ({ ...current, [name]: value }));
  const text = <K extends keyof V>(name: K) => ({
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      set(name, event.currentTarget.value as V[K]),
    disabled: done,
  });
  /** A Select whose empty option ('') is a choice of its own (e.g. "Company default"). */
  const choice = <K extends keyof V>(name: K) => ({
    value: values[name] as string,
    onChange: (value: string | null) => set(name, (value ?? '') as V[K]),
    allowDeselect: false,
    disabled: done,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values);
  };
  return { values, set, text, choice, submit };
}

/** Cancel and the save button ("Create Contact" / "Update Contact") under a record form. */
export function FormActions({
  record,
  creating,
  saving,
  done,
  onCancel,
}: { record: string } & Pick<
  RecordFormProps<unknown>,
  'creating' | 'saving' | 'done' | 'onCancel'
>) {
  return (
    <CancelAndAction onCancel={onCancel} busy={saving}>
      <Button
        type="submit"
        loading={saving}
        disabled={done}
        leftSection={<IconDeviceFloppy size={18} />}
      >
        {creating ? `Create ${record}` : `Update ${record}`}
      </Button>
    </CancelAndAction>
  );
}

/** A settings card's submit, bottom right: enabled once something changed. */
export function SaveButton({
  saving,
  dirty,
  children,
}: {
  saving: boolean;
  dirty: boolean;
  children: ReactNode;
}) {
  return (
    <Group justify="flex-end">
      <Button
        type="submit"
        loading={saving}
        disabled={!dirty}
        leftSection={<IconDeviceFloppy size={16} />}
      >
        {children}
      </Button>
    </Group>
  );
}
