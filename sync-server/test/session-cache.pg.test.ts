/**
 * PostgreSQL only (several server processes share one database; the embedded database admits
 * one process): a change made through one server, or by any other writer, reaches the sessions
 * another server holds at once, and a server that cannot hear changes stops holding sessions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { LISTENER_APPLICATION_NAME } from '../src/db/listener';
import {
  createTestApp,
  registerTenant,
  startSecondInstance,
  type SecondInstance,
  type TestApp,
} from './helpers';
import { client, expectStatus, inviteAndAccept } from './api-helpers';

let t: TestApp;
let other: SecondInstance;
let admin: Awaited<ReturnType<typeof registerTenant>>;
let sql: pg.Client;

beforeAll(async () => {
  t = await createTestApp();
  const connectionString = t.ctx.database.pool.options.connectionString!;
  other = await startSecondInstance(t);
  sql = new pg.Client({ connectionString });
  await sql.connect();
  admin = await registerTenant(t, 'Two Servers Co');
  // Hold nothing until both servers hear changes, so every test below exercises what is held.
  await Promise.all([
    within(t.ctx.sessions.whenListening()),
    within(other.sessions.whenListening()),
  ]);
  expect(await onOther(admin.token, '/api/customers')).toBe(200);
});
afterAll(async () => {
  await other?.close();
  await sql?.end();
  await t?.close();
});

/** The status the second server answers. */
async function onOther(token: string, url: string): Promise<number> {
  return (
    await other.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })
  ).statusCode;
}

/** `promise`, or a failure after 10 s (a generous bound for a loaded machine). */
function within<T>(promise: Promise<T>, ms = 10_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`not settled within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Polls until `check` holds; returns the milliseconds it took (fails after 2 s). */
async function until(check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > 2_000) throw new Error('condition not met within 2 s');
    await new Promise((r) => setTimeout(r, 5));
  }
  return Date.now() - start;
}

describe('sessions held by another server', () => {
  it('a member demoted and then deleted through one server is refused by the other at once', async () => {
    const member = await inviteAndAccept(t, admin.token, true);
    expect(await onOther(member.token, '/api/users')).toBe(200);
    expect(await onOther(member.token, '/api/users')).toBe(200); // held now
    expectStatus(
      await client(t, admin.token).put(`/api/users/${member.userId}/role`, {
        isTenantAdmin: false,
      }),
      200,
    );
    expect(
      await until(async () => (await onOther(member.token, '/api/users')) === 403),
    ).toBeLessThan(500);
    expectStatus(await client(t, admin.token).call('DELETE', `/api/users/${member.userId}`), 200);
    expect(
      await until(async () => (await onOther(member.token, '/api/customers')) === 401),
    ).toBeLessThan(500);
  });

  it('a change written by any other client of the database counts too (a trigger announces it)', async () => {
    const member = await inviteAndAccept(t, admin.token, true);
    expect(await onOther(member.token, '/api/users')).toBe(200);
    await sql.query('UPDATE app.users SET is_tenant_admin = false WHERE id = $1', [member.userId]);
    await until(async () => (await onOther(member.token, '/api/users')) === 403);
    await sql.query('UPDATE app.users SET token_version = token_version + 1 WHERE id = $1', [
      member.userId,
    ]);
    await until(async () => (await onOther(member.token, '/api/customers')) === 401);
  });

  it('while the server cannot hear changes it holds nothing, and it listens again by itself', async () => {
    const member = await inviteAndAccept(t, admin.token, true);
    expect(await onOther(member.token, '/api/users')).toBe(200);
    // Cut every LISTEN connection (only the servers hold one).
    await sql.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = '${LISTENER_APPLICATION_NAME}'`,
    );
    // The server has noticed: it reports that it no longer hears changes.
    await until(async () => !other.sessions.listening);
    // Nobody hears this change; the server must read the user again rather than trust what it held.
    await sql.query('UPDATE app.users SET is_tenant_admin = false WHERE id = $1', [member.userId]);
    expect(await onOther(member.token, '/api/users')).toBe(403);
    // Back to listening by itself: a later change is heard again.
    await within(other.sessions.whenListening());
    expect(await onOther(member.token, '/api/users')).toBe(403); // held again
    await sql.query('UPDATE app.users SET is_tenant_admin = true WHERE id = $1', [member.userId]);
    await until(async () => (await onOther(member.token, '/api/users')) === 200);
  });
});
