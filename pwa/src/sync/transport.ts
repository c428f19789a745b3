/**
 * How the engine talks to the server. Injectable, so tests can drop, duplicate or delay requests
 * and responses (or route them to `app.inject`). `fetch` itself fits.
 */
export interface SyncResponseLike {
  status: number;
  json(): Promise<unknown>;
}

export interface SyncRequestInit {
  method: 'POST';
  headers: Record<string, string>;
  body: string;
  /** Aborted when the request takes longer than its timeout. */
  signal?: AbortSignal;
}

export type SyncFetch = (url: string, init: SyncRequestInit) => Promise<SyncResponseLike>;

export interface SyncTransport {
  fetch: SyncFetch;
  /** The current bearer token; null when logged out. */
  getToken: () => string | null | Promise<string | null>;
  /** Prefix of `/api/sync/...` (default: same origin). */
  baseUrl?: string;
}

/** 401: the session ended. The outbox is kept; sync resumes after the next login. */
export class SyncAuthError extends Error {
  constructor() {
    super('Your session has ended. Log in again to sync your changes.');
    this.name = 'SyncAuthError';
  }
}

/** Why a request got no usable answer: no connection, no answer in time, or a 5xx/429/408. */
export type RetryableKind = 'network' | 'timeout' | 'server';

/** The request did not get an answer, or got a 5xx/429/408: retried with backoff. */
export class SyncRetryableError extends Error {
  constructor(
    message: string,
    readonly kind: RetryableKind = 'network',
    /** The HTTP status, for `server`. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SyncRetryableError';
  }
}

/** Any other 4xx for a whole request (not one mutation): also retried, more slowly. */
export class SyncHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The answer's machine-readable `code`, e.g. `clientTooOld` (protocol versions). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'SyncHttpError';
  }
}

export const NETWORK_PROBLEM =
  'Could not reach the server. Your changes are kept on this device and will sync when the connection is back.';

export const TIMEOUT_PROBLEM =
  'The server did not answer in time. Your changes are kept on this device and will sync when it answers again.';

/** How long one push or pull request (answer included) may take before it counts as failed. */
export const SYNC_REQUEST_TIMEOUT_MS = 45_000;

export interface PostOptions {
  /** Default `SYNC_REQUEST_TIMEOUT_MS`. */
  timeoutMs?: number;
}

/**
 * POSTs JSON to the sync API and reads the JSON answer. A request that has no complete answer
 * within `timeoutMs` is aborted and fails with a `timeout` `SyncRetryableError`, so a hung
 * server is reported as a failure instead of leaving the engine 'syncing' forever.
 */
export async function postJson<T>(
  transport: SyncTransport,
  path: string,
  body: unknown,
  { timeoutMs = SYNC_REQUEST_TIMEOUT_MS }: PostOptions = {},
): Promise<T> {
  const token = await transport.getToken();
  if (!token) throw new SyncAuthError();
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort.abort();
      reject(new SyncRetryableError(TIMEOUT_PROBLEM, 'timeout'));
    }, timeoutMs);
  });
  try {
    // The race also covers transports that ignore the signal.
    return await Promise.race([exchange<T>(transport, path, body, token, abort.signal), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

async function exchange<T>(
  transport: SyncTransport,
  path: string,
  body: unknown,
  token: string,
  signal: AbortSignal,
): Promise<T> {
  let response: SyncResponseLike;
  try {
    response = await transport.fetch(`${transport.baseUrl ?? ''}${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        Authorization: `Bearer ${token}`,
      },
      body: JSON.stringify(body),
      signal,
    });
  } catch {
    throw new SyncRetryableError(NETWORK_PROBLEM, 'network');
  }
  if (response.status === 401) throw new SyncAuthError();
  const retryable = response.status >= 500 || response.status === 429 || response.status === 408;
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    throw new SyncRetryableError(
      `The server answered ${response.status} without valid JSON.`,
      'server',
      response.status,
    );
  }
  if (retryable)
    throw new SyncRetryableError(
      `The server is not available right now (status ${response.status}).`,
      'server',
      response.status,
    );
  if (response.status >= 400) {
    const { message, code } = (data ?? {}) as { message?: unknown; code?: unknown };
    throw new SyncHttpError(
      response.status,
      typeof message === 'string' ? message : `API error with status: ${response.status}`,
      typeof code === 'string' ? code : undefined,
    );
  }
  return data as T;
}
