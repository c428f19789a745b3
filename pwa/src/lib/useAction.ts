import { useCallback, useState } from 'react';
import { useLatest } from './useLatest';

export interface Action<A extends unknown[]> {
  /** Starts the action; resolves once it has ended, however it ended. */
  run: (...args: A) => Promise<void>;
  /** True while the action runs: the button shows its spinner. */
  busy: boolean;
}

/**
 * An async action behind a button or a form: `busy` while it runs and cleared however it ends,
 * and what it throws handed to `onError` (which shows it; it gets the action's arguments too)
 * instead of escaping the event handler.
 * Without `onError` the error is rethrown after `busy` is cleared.
 */
export function useAction<A extends unknown[]>(
  action: (...args: A) => Promise<void>,
  onError?: (error: unknown, ...args: A) => void,
): Action<A> {
  const [busy, setBusy] = useState(false);
  const latest = useLatest({ action, onError });
  const run = useCallback(
    async (...args: A) => {
      setBusy(true);
      try {
        await latest.current.action(...args);
      } catch (error) {
        if (!latest.current.onError) throw error;
        latest.current.onError(error, ...args);
      } finally {
        setBusy(false);
      }
    },
    [latest],
  );
  return { run, busy };
}

/** The text of what an action threw: an Error's message, or the thrown value itself. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
