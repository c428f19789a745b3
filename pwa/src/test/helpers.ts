import { vi } from 'vitest';

/** An unsigned JWT with the given claims (the client only reads claims). */
export function makeToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

export const USER_CLAIMS = {
  sub: 'user-1',
  tenantId: 'tenant-1',
  tenantSchema: 'acme_x1y2',
  IsTenantAdmin: 'false',
  email: 'ann@acme.test',
};

/** Puts a fresh, valid session in localStorage (as after login). */
export function storeSession(
  claims: Record<string, unknown> = USER_CLAIMS,
  now = Date.now(),
): string {
  const token = makeToken({ ...claims, exp: Math.floor(now / 1000) + 7200 });
  localStorage.setItem('token', token);
  localStorage.setItem('lastActivity', String(now));
  localStorage.setItem('tokenExpiry', String(now + 2 * 60 * 60 * 1000));
  return token;
}

export interface MockReply {
  status?: number;
  body?: unknown;
  /** Raw text body (overrides `body`). */
  text?: string;
}

export type FetchHandler = (
  url: string,
  init: RequestInit | undefined,
) => MockReply | Promise<MockReply>;

/** Replaces global fetch; every call is recorded on the returned mock. */
export function mockFetch(handler: FetchHandler) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const reply = await handler(url, init);
    const text = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    return new Response(text, { status: reply.status ?? 200 });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** The parsed JSON body of the n-th fetch call. */
export function sentBody(fn: ReturnType<typeof mockFetch>, call = 0): unknown {
  const init = fn.mock.calls[call]?.[1];
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}

/** Lets pending promise chains (mocked fetch → state updates) settle while fake timers are on. */
export async function settle(rounds = 20): Promise<void> {
  const { act } = await import('@testing-library/react');
  for (let i = 0; i < rounds; i++) {
    await act(async () => {
      await Promise.resolve();
    });
  }
}
