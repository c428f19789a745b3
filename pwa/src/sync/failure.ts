import type { SyncFailure } from './status';
import { SyncAuthError, SyncHttpError, SyncRetryableError } from './transport';

/**
 * What kind of failure ended a sync cycle. A request that got no answer while the browser says
 * it is offline is `offline`; while it says it is online, the server could not be reached.
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
  if (error instanceof SyncHttpError) return { kind: 'refused', message, status: error.status, at };
  return { kind: 'local', message, at };
}
