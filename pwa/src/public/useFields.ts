import { useState } from 'react';

export interface FieldsOptions<F extends string> {
  /** Applied to every typed value before it is kept (e.g. stripping markup). */
  clean?: (value: string) => string;
  /** Called with the values after each change (e.g. to re-check a submitted form). */
  onChange?: (values: Record<F, string>) => void;
}

/**
 * A public form's text values and field errors. `field(name)` wires one input: its value, its
 * change handler and its error, so a form states each input's name once.
 */
export function useFields<F extends string>(
  initial: Record<F, string>,
  options: FieldsOptions<F> = {},
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const field = (name: F) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = options.clean
        ? options.clean(event.currentTarget.value)
        : event.currentTarget.value;
      const next = { ...values, [name]: value };
      setValues(next);
      options.onChange?.(next);
    },
  });
  return { values, setValues, errors, setErrors, field };
}
