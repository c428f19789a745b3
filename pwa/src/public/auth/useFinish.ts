import { useCallback, useState } from 'react';
import type { NavigateOptions } from 'react-router-dom';
import type { Message } from './FormMessage';
import { useDelayedNavigate } from './useDelayedNavigate';

/**
 * The end of an auth form that moves on (registered, verified, password reset, invitation
 * accepted): the form is done (its button stays disabled, leaving is no longer guarded), the
 * success is said, and the next page opens after a pause to read it.
 */
export function useFinish(setMessage: (message: Message) => void) {
  const [done, setDone] = useState(false);
  const navigateLater = useDelayedNavigate();
  const finish = useCallback(
    (text: string, to: string, delayMs: number, options?: NavigateOptions) => {
      setDone(true);
      setMessage({ kind: 'success', text });
      navigateLater(to, delayMs, options);
    },
    [setMessage, navigateLater],
  );
  /** "… Redirecting you to sign in…", to the sign-in page with the e-mail filled in. */
  const finishToSignIn = useCallback(
    (text: string, email: string, delayMs: number) =>
      finish(`${text} Redirecting you to sign in…`, '/login', delayMs, { state: { email } }),
    [finish],
  );
  return { done, finish, finishToSignIn };
}

/** The error message of an answer that says it failed (`success: false`), else null. */
export function refusal(
  response: { success?: boolean; message?: string } | null | undefined,
  fallback: string,
): Message | null {
  return response && response.success === false
    ? { kind: 'error', text: response.message || fallback }
    : null;
}
