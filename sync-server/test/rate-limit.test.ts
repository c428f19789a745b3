import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MAX: '3' } });
});
afterAll(async () => {
  await t?.close();
});

it('answers 429 with the error shape once an IP exceeds the per-minute limit of an auth call', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'x@example.com', password: 'y' },
    });
    statuses.push(res.statusCode);
    if (res.statusCode === 429) {
      expect(res.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
      expect(res.headers['retry-after']).toBeDefined();
    }
  }
  expect(statuses).toEqual([401, 401, 401, 429, 429]);
  // Each route has its own budget; the contact call is limited too.
  for (let i = 0; i < 3; i++)
    await t.app.inject({ method: 'POST', url: '/api/public/contact', payload: {} });
  expect(
    (await t.app.inject({ method: 'POST', url: '/api/public/contact', payload: {} })).statusCode,
  ).toBe(429);
});
