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

/** The request did not get an answer, or got a 5xx/429: retried with backoff. */
export class SyncRetryableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SyncRetryableError';
  }
}

/** Any other 4xx for a whole request (not one mutation): also retried, more slowly. */
export class SyncHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'SyncHttpError';
  }
}

export const NETWORK_PROBLEM =
  'Could not reach the server. Your changes are kept on this device and will sync when the connection is back.';

export async function postJson<T>(
  transport: SyncTransport,
  path: string,
  body: unknown,
): Promise<T> {
  const token = await transport.getToken();
  if (!token) throw new SyncAuthError();
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
    });
  } catch {
    throw new SyncRetryableError(NETWORK_PROBLEM);
  }
  if (response.status === 401) throw new SyncAuthError();
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    throw new SyncRetryableError(`The server answered ${response.status} without valid JSON.`);
  }
  if (response.status >= 500 || response.status === 429 || response.status === 408)
    throw new SyncRetryableError(
      `The server is not available right now (status ${response.status}).`,
    );
  if (response.status >= 400) {
    const message = (data as { message?: unknown } | null)?.message;
    throw new SyncHttpError(
      response.status,
      typeof message === 'string' ? message : `API error with status: ${response.status}`,
    );
  }
  return data as T;
}
