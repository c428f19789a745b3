import { apiErrorMessage, INVALID_JSON_MESSAGE } from '@smb/shared-types/errors';

export const OFFLINE_MESSAGE =
  'You are offline. This needs an internet connection — please try again once you are back online.';
export const NETWORK_MESSAGE =
  'Could not reach the server. Please check your connection and try again.';

/** An HTTP error from the API; `message` is the body's message, else 'API error with status: …'). */
export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  constructor(message: string, status: number, data: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
  }
}

/** The request never reached the server (offline, DNS, refused). */
export class NetworkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NetworkError';
  }
}

/** A 2xx (or error) response whose body was not JSON. */
export class InvalidJsonError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(INVALID_JSON_MESSAGE);
    this.name = 'InvalidJsonError';
    this.status = status;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  token?: string | null;
  signal?: AbortSignal;
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** JSON request to the product API. Resolves with the parsed body of a 2xx response. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(isOffline() ? OFFLINE_MESSAGE : NETWORK_MESSAGE);
  }
  const text = await response.text();
  let data: unknown = undefined;
  if (text.trim() !== '') {
    try {
      data = JSON.parse(text);
    } catch {
      if (response.ok) throw new InvalidJsonError(response.status);
      throw new ApiError(apiErrorMessage(response.status, undefined), response.status, text);
    }
  }
  if (!response.ok)
    throw new ApiError(apiErrorMessage(response.status, data), response.status, data);
  return data as T;
}

/** Text to show for a failure of an online-only call, with a per-screen fallback. */
export function errorText(error: unknown, fallback: string): string {
  if (
    error instanceof ApiError ||
    error instanceof NetworkError ||
    error instanceof InvalidJsonError
  )
    return error.message;
  return fallback;
}
