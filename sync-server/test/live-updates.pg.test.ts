/**
 * PostgreSQL only (its LISTEN connection is one of its own, which can be cut): watched tenants
 * cost no query while notifications are heard; when the connection is lost the watchers poll,
 * say so, and stop again once it is back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { LISTENER_APPLICATION_NAME } from '../src/db/listener';
import { VersionWatcher } from '../src/sync/events';
import { createTestApp, registerTenant, type TestApp } from './helpers';

const POLL_MS = 100;
let t: TestApp;
let watcher: VersionWatcher;
let sql: pg.Client;
const logged: string[] = [];
const schemas: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 10; i += 1) {
    const { tenantId } = await registerTenant(t, `Watched ${i} Ltd`);
    const row = await t.ctx.database.db
      .withSchema('app')
      .selectFrom('tenants')
      .select('schema_name')
      .where('id', '=', tenantId)
      .executeTakeFirstOrThrow();
    schemas.push(row.schema_name);
  }
  sql = new pg.Client({ connectionString: t.ctx.database.pool.options.connectionString! });
  await sql.connect();
  const log = { info: (m: string) => logged.push(m), warn: (m: string) => logged.push(m) };
  await within(t.ctx.changes.whenListening());
  watcher = new VersionWatcher(t.ctx.database, t.ctx.changes, log, POLL_MS);
});
afterAll(async () => {
  watcher?.close();
  await sql?.end();
  await t?.close();
});

function within<T>(promise: Promise<T>, ms = 10_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`not settled within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Pool connections checked out during `ms` (every query of the server takes one). */
async function queriesDuring(ms: number): Promise<number> {
  let count = 0;
  const onAcquire = () => (count += 1);
  t.ctx.database.pool.on('acquire', onAcquire);
  await new Promise((r) => setTimeout(r, ms));
  t.ctx.database.pool.off('acquire', onAcquire);
  return count;
}

describe('live updates on PostgreSQL', () => {
  it('idle watchers of ten tenants cost no query while listening; polling while the LISTEN connection is lost; listening again by itself', async () => {
    const pokes: string[] = [];
    const unsubscribes = schemas.map((s) => watcher.subscribe(s, (v) => pokes.push(`${s}:${v}`)));
    // Each new watch learns where its tenant stands (one query each), then nothing.
    await until(async () => (await queriesDuring(300)) === 0);
    expect(await queriesDuring(1_000)).toBe(0);

    await sql.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = '${LISTENER_APPLICATION_NAME}'`,
    );
    await until(() => logged.at(-1)!.startsWith('live updates: change listener lost; polling'));
    // A write nobody hears reaches the watcher by polling.
    await sql.query(
      `UPDATE ${pg.escapeIdentifier(schemas[3]!)}.sync_state SET version = version + 1`,
    );
    await until(() => pokes.some((p) => p.startsWith(`${schemas[3]}:`)));

    // Back: the listener reconnects by itself, says so, and the polling stops.
    await within(t.ctx.changes.whenListening());
    await until(() => logged.at(-1)!.startsWith('live updates: listening'));
    await until(async () => (await queriesDuring(300)) === 0);
    // And a write is heard again.
    await sql.query(
      `UPDATE ${pg.escapeIdentifier(schemas[5]!)}.sync_state SET version = version + 1`,
    );
    await until(() => pokes.some((p) => p.startsWith(`${schemas[5]}:`)));
    for (const unsubscribe of unsubscribes) unsubscribe();
  });

  it('with DB_LISTEN=0 (a pooler in transaction mode) nothing listens and watchers poll', async () => {
    const off = await createTestApp({ env: { DB_LISTEN: '0' } });
    try {
      const messages: string[] = [];
      const log = { info: (m: string) => messages.push(m), warn: (m: string) => messages.push(m) };
      const polling = new VersionWatcher(off.ctx.database, off.ctx.changes, log, POLL_MS);
      const { tenantId } = await registerTenant(off, 'Pooled Ltd');
      const { schema_name } = await off.ctx.database.db
        .withSchema('app')
        .selectFrom('tenants')
        .select('schema_name')
        .where('id', '=', tenantId)
        .executeTakeFirstOrThrow();
      const pokes: string[] = [];
      const unsubscribe = polling.subscribe(schema_name, (v) => pokes.push(v));
      expect(messages[0]).toMatch(/^live updates: not listening for changes; polling/);
      expect(off.ctx.changes.listening).toBe(false);
      const other = new pg.Client({
        connectionString: off.ctx.database.pool.options.connectionString!,
      });
      await other.connect();
      await until(async () => {
        const { rows } = await other.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = '${LISTENER_APPLICATION_NAME}'`,
        );
        return rows[0].n === 0;
      });
      // Writes until one is seen (the first could land before the first poll learnt the version).
      await until(async () => {
        if (pokes.length > 0) return true;
        await other.query(
          `UPDATE ${pg.escapeIdentifier(schema_name)}.sync_state SET version = version + 1`,
        );
        await new Promise((r) => setTimeout(r, 3 * POLL_MS));
        return pokes.length > 0;
      });
      await other.end();
      unsubscribe();
      polling.close();
    } finally {
      await off.close();
    }
  });
});
