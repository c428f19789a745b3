/**
 * Keeps an app update (service-worker swap + reload) from interrupting work. Forms call
 * `setBusy('form:<name>', dirty)`; the sync engine calls `setBusy('sync:push', pushing)`.
 * The update prompt reloads only once nothing is busy.
 */
type Listener = (busy: boolean) => void;

const reasons = new Set<string>();
const listeners = new Set<Listener>();
/** Told of every change of the reasons (`whenIdle` with reasons to ignore). */
const reasonListeners = new Set<() => void>();

export function setBusy(reason: string, busy: boolean): void {
  const before = reasons.size > 0;
  const had = reasons.has(reason);
  if (busy) reasons.add(reason);
  else reasons.delete(reason);
  const after = reasons.size > 0;
  if (before !== after) for (const listener of [...listeners]) listener(after);
  if (had !== busy) for (const listener of [...reasonListeners]) listener();
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

/**
 * Resolves as soon as nothing is busy but the reasons in `ignoring` (an update the server
 * requires goes ahead with changes waiting in the outbox: it lives in IndexedDB and is replayed
 * after the reload).
 */
export function whenIdle(ignoring: readonly string[] = []): Promise<void> {
  if (ignoring.length > 0) {
    const idle = () => [...reasons].every((r) => ignoring.includes(r));
    if (idle()) return Promise.resolve();
    return new Promise((resolve) => {
      const check = () => {
        if (!idle()) return;
        reasonListeners.delete(check);
        resolve();
      };
      reasonListeners.add(check);
    });
  }
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

/** The outbox's reason (set by the sync engine while changes wait to be pushed). */
export const OUTBOX_REASON = 'sync:outbox';

let updateRequired = false;
const requiredListeners = new Set<() => void>();

/**
 * The server no longer accepts this app's sync protocol (409 `clientTooOld`): the waiting
 * version is activated as soon as no form is being edited, even with changes in the outbox.
 */
export function requireUpdate(): void {
  if (updateRequired) return;
  updateRequired = true;
  for (const listener of [...requiredListeners]) listener();
}

export function isUpdateRequired(): boolean {
  return updateRequired;
}

export function subscribeUpdateRequired(listener: () => void): () => void {
  requiredListeners.add(listener);
  return () => requiredListeners.delete(listener);
}
