import type { SyncFailure } from './status';
import { SyncAuthError, SyncHttpError, SyncRetryableError } from './transport';

/**
 * What kind of failure ended a sync cycle. A request that got no answer while the browser says
 * it is offline is `offline`; while it says it is online, the server could not be reached.
 * A 409 naming the protocol (`clientTooOld`: this app must update; `clientTooNew`: the server is
 * older than this app) is its own kind: the outbox is kept either way.
 */
export function classifyFailure(
  error: unknown,
  browserOnline: boolean,
  at = Date.now(),
): SyncFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof SyncAuthError) return { kind: 'auth', message, status: 401, at };
  if (error instanceof SyncRetryableError) {
    if (error.kind === 'server') return { kind: 'server', message, status: error.status, at };
    if (error.kind === 'network' && !browserOnline) return { kind: 'offline', message, at };
    return { kind: error.kind, message, at };
  }
  if (error instanceof SyncHttpError) {
    // The server does not speak this app's protocol version: nothing was applied.
    if (error.code === 'clientTooOld' || error.code === 'clientTooNew')
      return { kind: error.code, message, status: error.status, at };
    return { kind: 'refused', message, status: error.status, at };
  }
  return { kind: 'local', message, at };
}
