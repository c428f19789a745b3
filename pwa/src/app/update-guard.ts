/**
 * Keeps an app update (service-worker swap + reload) from interrupting work. Forms call
 * `setBusy('form:<name>', dirty)`; the sync engine calls `setBusy('sync:push', pushing)`.
 * The update prompt reloads only once nothing is busy.
 */
type Listener = (busy: boolean) => void;

const reasons = new Set<string>();
const listeners = new Set<Listener>();

export function setBusy(reason: string, busy: boolean): void {
  const before = reasons.size > 0;
  if (busy) reasons.add(reason);
  else reasons.delete(reason);
  const after = reasons.size > 0;
  if (before !== after) for (const listener of [...listeners]) listener(after);
}

export function isBusy(): boolean {
  return reasons.size > 0;
}

export function busyReasons(): string[] {
  return [...reasons];
}

/** Calls `listener` whenever the app switches between busy and idle; returns the unsubscribe function. */
export function subscribeBusy(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Resolves as soon as nothing is busy. */
export function whenIdle(): Promise<void> {
  if (!isBusy()) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = subscribeBusy((busy) => {
      if (!busy) {
        unsubscribe();
        resolve();
      }
    });
  });
}
