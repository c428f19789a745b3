/**
 * Issue 32.6: a sync mutation whose args nest absurdly deep (or hold absurdly many values) is
 * rejected alone with a 400-style result — no 500, no stack overflow, nothing in the error log —
 * and the queue goes on.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PushResponse } from '@smb/shared-types';
import { ARGS_TOO_DEEP, ARGS_TOO_LARGE } from '../../src/sync/args-guard';
import { bearer, createTestApp, registerTenant, type TestApp } from '../helpers';

let t: TestApp;
let token: string;
const lines: string[] = [];
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ build: { loggerInstance: pino({ level: 'info' }, sink) } });
  token = (await registerTenant(t, 'Deep Co')).token;
});
afterAll(async () => {
  await t?.close();
});

/** A push body written by hand: the nesting is built as text, as an attacker would send it. */
async function push(mutationsJson: string[]): Promise<{ status: number; body: PushResponse }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sync/push',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    payload: `{"clientGroupId":"${randomUUID()}","clientId":"${randomUUID()}","mutations":[${mutationsJson.join(',')}]}`,
  });
  return { status: res.statusCode, body: res.json() as PushResponse };
}

it('rejects 100,000 levels of nesting and 50,000 values with 400 alone, logs no error, applies the next mutation', async () => {
  const depth = 100_000;
  const deep = `{"id":1,"name":"customer.create","args":{"id":"${randomUUID()}","name":"Deep","email":"deep@example.com","extra":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}}`;
  const wide = `{"id":2,"name":"customer.create","args":{"id":"${randomUUID()}","name":"Wide","email":"wide@example.com","extra":[${Array(50_000).fill('0').join(',')}]}}`;
  const okId = randomUUID();
  const fine = `{"id":3,"name":"customer.create","args":{"id":"${okId}","name":"Fine","email":"fine@example.com"}}`;
  const before = lines.length;
  const { status, body } = await push([deep, wide, fine]);
  expect(status).toBe(200);
  expect(body.results).toEqual([
    { id: 1, status: 'rejected', error: { statusCode: 400, message: ARGS_TOO_DEEP } },
    { id: 2, status: 'rejected', error: { statusCode: 400, message: ARGS_TOO_LARGE } },
    { id: 3, status: 'applied' },
  ]);
  const logged = lines.slice(before).map((l) => JSON.parse(l) as { level: number; msg: string });
  expect(logged.filter((l) => l.level >= 50)).toEqual([]);
  expect(lines.slice(before).join('')).not.toMatch(/RangeError|Maximum call stack|"stack"/);
  const customer = await t.app.inject({
    method: 'GET',
    url: `/api/customers/${okId}`,
    headers: bearer(token),
  });
  expect(customer.statusCode).toBe(200);
});
