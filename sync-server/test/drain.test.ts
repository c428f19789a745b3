/**
 * The first step of a graceful shutdown behind a load balancer (`SHUTDOWN_DRAIN_MS`, server.ts):
 * the health check fails so that the balancer takes the server out, while every other call is
 * still answered — each on a connection that then closes, so clients reconnect elsewhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerTenant, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('draining before a shutdown', () => {
  it('answers the health check 503 and keeps serving the API, closing each connection after its answer', async () => {
    const { token } = await registerTenant(t, 'Drain Ltd');
    const before = await t.app.inject({ method: 'GET', url: '/api/auth/ping' });
    expect(before.statusCode).toBe(200);
    expect(before.headers.connection).not.toBe('close');

    t.app.startDraining();
    const ping = await t.app.inject({ method: 'GET', url: '/api/auth/ping' });
    expect(ping.statusCode).toBe(503);
    expect(ping.json()).toMatchObject({
      statusCode: 503,
      message: 'The server is shutting down.',
    });
    expect(ping.headers.connection).toBe('close');

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/customers',
      headers: bearer(token),
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers.connection).toBe('close');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: bearer(token),
      payload: { name: 'Late Co', email: 'late@example.com' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers.connection).toBe('close');
  });
});
