import type { FormEvent } from 'react';
import { authErrorMessage, type AuthErrorOptions } from '../../features/auth/data/auth-api';
import { useAction } from '../../lib/useAction';
import type { Message } from './FormMessage';

/**
 * An auth page's call to the server: busy while it runs, and a failure shown as the form's error
 * message in the wording `authErrorMessage` gives this service. `submitWhen(check, setErrors)` is
 * the form's submit handler: the message cleared, then the call made if `check` finds no errors.
 */
export function useAuthAction(
  action: () => Promise<void>,
  show: (message: Message | null) => void,
  wording: AuthErrorOptions,
) {
  const { run, busy } = useAction(action, (error) =>
    show({ kind: 'error', text: authErrorMessage(error, wording) }),
  );
  const submitWhen = <E extends FieldErrors>(check: () => E, setErrors: (errors: E) => void) =>
    submitChecked(check, setErrors, () => show(null), run);
  return { run, busy, submitWhen };
}

type FieldErrors = Record<string, string | undefined>;

/** The same text whatever status the server answered without a message. */
export const always = (text: string) => () => text;

/**
 * An auth form's submit: clears the form's messages, shows the field errors `check` finds, and
 * starts `run` only when there are none.
 */
export function submitChecked<E extends FieldErrors>(
  check: () => E,
  setErrors: (errors: E) => void,
  clearMessages: () => void,
  run: () => Promise<void>,
) {
  return (event: FormEvent) => {
    event.preventDefault();
    clearMessages();
    const found = check();
    setErrors(found);
    if (Object.values(found).every((error) => !error)) void run();
  };
}
