import type { FormEvent } from 'react';
import { authErrorMessage, type AuthErrorOptions } from '../../features/auth/data/auth-api';
import { useAction } from '../../lib/useAction';
import type { Message } from './FormMessage';

/**
 * An auth page's call to the server: busy while it runs, and a failure shown as the form's error
 * message in the wording `authErrorMessage` gives this service.
 */
export function useAuthAction<A extends unknown[]>(
  action: (...args: A) => Promise<void>,
  show: (message: Message) => void,
  wording: AuthErrorOptions,
) {
  return useAction(action, (error) =>
    show({ kind: 'error', text: authErrorMessage(error, wording) }),
  );
}

/** The same text whatever status the server answered without a message. */
export const always = (text: string) => () => text;

/**
 * An auth form's submit: clears the form's messages, shows the field errors `check` finds, and
 * starts `run` only when there are none.
 */
export function submitChecked<E extends Record<string, string | undefined>>(
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
