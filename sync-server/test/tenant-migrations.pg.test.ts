/**
 * Issue 38.2, PostgreSQL only (a second process on the database, and schemas migrated side by side
 * on several connections): a tenant migration applied to every schema while the server serves
 * fails no request and never shows a tenant half migrated; `npm run migrate` killed with SIGKILL
 * halfway leaves every schema whole, and the rerun finishes the rest without applying anything
 * twice.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { migrateTenants, type Migration } from '../src/db/migrate';
import { createTenantSchema } from '../src/db/provisioning';
import { createTestApp, registerTenant, type TestApp } from './helpers';
import { client, schemaOf } from './api-helpers';

let t: TestApp;
let dir: string;

beforeAll(async () => {
  t = await createTestApp({ poolSize: 12 });
  dir = mkdtempSync(path.join(tmpdir(), 'smb-migrations-'));
});
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const query = async <R extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.ctx.database.pool.query<R>(text, values)).rows;

/** What one schema shows of a migration, in ONE statement (one snapshot). */
async function stateOf(schema: string, column: string, name: string) {
  const [row] = await query<{
    columns: number;
    indexes: number;
    recorded: number;
    version: string;
  }>(
    `SELECT
       (SELECT count(*)::int FROM information_schema.columns
         WHERE table_schema = $1 AND table_name = 'invoices' AND column_name = $2) AS columns,
       (SELECT count(*)::int FROM pg_indexes
         WHERE schemaname = $1 AND indexname = 'invoices_' || $2 || '_idx') AS indexes,
       (SELECT count(*)::int FROM "${schema}".schema_migrations WHERE name = $3) AS recorded,
       (SELECT schema_version FROM app.tenants WHERE schema_name = $1) AS version`,
    [schema, column, name],
  );
  return row!;
}

/** Whole: all four say "before", or all four say "after". */
function whole(state: Awaited<ReturnType<typeof stateOf>>, name: string): 'before' | 'after' {
  const after = state.version === name;
  const expected = after ? 1 : 0;
  if (state.columns !== expected || state.indexes !== expected || state.recorded !== expected)
    throw new Error(`half migrated: ${JSON.stringify(state)}`);
  return after ? 'after' : 'before';
}

const example = (name: string, column: string, sleepS: number): Migration => ({
  name,
  sql: `ALTER TABLE invoices ADD COLUMN ${column} text;
CREATE INDEX invoices_${column}_idx ON invoices (${column});
SELECT pg_sleep(${sleepS});`,
});

describe('a tenant migration rolled out online', () => {
  it('serves every request while many schemas migrate, and no tenant is ever seen half done', async () => {
    const companies = [];
    for (let i = 0; i < 6; i += 1) {
      const r = await registerTenant(t, `Online ${i} Ltd`);
      companies.push({ token: r.token, schema: await schemaOf(t, r.tenantId) });
    }
    const name = '2099_01_01_0000_online_example.sql';
    const migration = example(name, 'online_ref', 0.05);

    let running = true;
    const failures: string[] = [];
    let requests = 0;
    const load = companies.map(async (company, i) => {
      const api = client(t, company.token);
      while (running) {
        const res =
          requests % 3 === 0
            ? await api.post('/api/customers', {
                name: `Customer ${i}-${requests}`,
                email: `c${i}-${requests}@example.com`,
              })
            : await api.get(requests % 3 === 1 ? '/api/invoices' : '/api/customers');
        requests += 1;
        if (res.statusCode >= 300) failures.push(`${res.statusCode} ${res.body}`);
      }
    });
    const seen = new Map<string, Set<string>>();
    const observe = (async () => {
      while (running)
        for (const company of companies) {
          const state = whole(await stateOf(company.schema, 'online_ref', name), name);
          if (!seen.has(company.schema)) seen.set(company.schema, new Set());
          seen.get(company.schema)!.add(state);
        }
    })();

    await new Promise((r) => setTimeout(r, 200));
    const result = await migrateTenants(t.ctx.database.pool, {
      concurrency: 3,
      extra: [migration],
    });
    await new Promise((r) => setTimeout(r, 200));
    running = false;
    await Promise.all([...load, observe]);

    expect(result.failed).toEqual([]);
    expect(result.migrated).toBe(companies.length);
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(20);
    // The observer saw each tenant before and after, and (it threw otherwise) never in between.
    for (const company of companies) {
      expect(whole(await stateOf(company.schema, 'online_ref', name), name)).toBe('after');
      expect(seen.get(company.schema)).toEqual(new Set(['before', 'after']));
    }
  });

  it('`npm run migrate` killed halfway leaves each schema whole; the rerun finishes the rest once', async () => {
    const count = 10;
    for (let i = 0; i < count; i += 1) {
      const tenant = await createTenantSchema(t.ctx.database, `Killed ${i}`);
      await query('INSERT INTO app.tenants (id, natural_name, schema_name) VALUES ($1, $2, $3)', [
        randomUUID(),
        tenant.natural_name,
        tenant.schema_name,
      ]);
    }
    const schemas = (
      await query<{ schema_name: string }>('SELECT schema_name FROM app.tenants')
    ).map((r) => r.schema_name);
    const name = '2099_01_02_0000_killed_example.sql';
    writeFileSync(path.join(dir, name), example(name, 'killed_ref', 0.25).sql);

    const run = () => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'sync-server/src/db/migrate-cli.ts', '--also', dir],
        {
          cwd: REPO_ROOT,
          env: {
            ...process.env,
            NODE_ENV: 'test',
            DATABASE_URL: t.ctx.database.pool.options.connectionString!,
            DATA_DIR: dir,
            MIGRATE_CONCURRENCY: '2',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      const exited = new Promise<number | null>((resolve) =>
        child.on('exit', (code) => resolve(code)),
      );
      return { child, exited, output: () => output };
    };
    const done = async () =>
      (
        await query<{ n: number }>(
          'SELECT count(*)::int AS n FROM app.tenants WHERE schema_version = $1',
          [name],
        )
      )[0]!.n;

    const first = run();
    const started = Date.now();
    while ((await done()) < 3) {
      if (Date.now() - started > 20_000) throw new Error(`no progress: ${first.output()}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    first.child.kill('SIGKILL');
    await first.exited;
    // The killed run's open transactions end (rolled back) when PostgreSQL notices the client gone.
    await new Promise((r) => setTimeout(r, 500));

    const states = await Promise.all(
      schemas.map(async (s) => whole(await stateOf(s, 'killed_ref', name), name)),
    );
    const after = states.filter((s) => s === 'after').length;
    expect(after).toBeGreaterThanOrEqual(3);
    expect(after).toBeLessThan(schemas.length);
    const appliedAt = async (schema: string) =>
      (
        await query<{ at: string }>(
          `SELECT applied_at::text AS at FROM "${schema}".schema_migrations WHERE name = $1`,
          [name],
        )
      )[0]?.at;
    const before = new Map<string, string | undefined>();
    for (const s of schemas) before.set(s, await appliedAt(s));

    const second = run();
    expect(await second.exited, second.output()).toBe(0);
    expect(second.output()).toContain(
      `${schemas.length - after} of ${schemas.length} tenant schema(s) migrated`,
    );
    for (const s of schemas) {
      expect(whole(await stateOf(s, 'killed_ref', name), name)).toBe('after');
      // Done before the kill: untouched by the rerun (applied once; a second ADD COLUMN would fail).
      if (before.get(s)) expect(await appliedAt(s)).toBe(before.get(s));
    }
  }, 60_000);
  it('a schema whose table is held by a long request is retried, not waited on, and never half done', async () => {
    const tenant = await createTenantSchema(t.ctx.database, 'Held Ltd');
    await query('INSERT INTO app.tenants (id, natural_name, schema_name) VALUES ($1, $2, $3)', [
      randomUUID(),
      tenant.natural_name,
      tenant.schema_name,
    ]);
    const s = tenant.schema_name;
    const name = '2099_01_03_0000_held_example.sql';
    const migration = example(name, 'held_ref', 0);
    // A long request: a transaction that has read the tenant's invoices and is still open.
    const holder = await t.ctx.database.pool.connect();
    let open = true;
    await holder.query('BEGIN');
    await holder.query(`SELECT count(*) FROM "${s}".invoices`);
    try {
      // One attempt: the schema gives up after 200 ms instead of queueing behind the request
      // (which is still open: without the lock timeout this run would never end).
      const once = await migrateTenants(t.ctx.database.pool, {
        extra: [migration],
        lockTimeoutMs: 200,
        attempts: 1,
      });
      expect(once.failed.map((f) => f.schema)).toEqual([s]);
      expect(once.failed[0]!.error).toContain('lock timeout');
      expect(whole(await stateOf(s, 'held_ref', name), name)).toBe('before');
      // Enough attempts: retried while the request goes on, migrated once it is done.
      const retrying = migrateTenants(t.ctx.database.pool, {
        extra: [migration],
        lockTimeoutMs: 200,
        attempts: 100,
      });
      await new Promise((r) => setTimeout(r, 600));
      expect(whole(await stateOf(s, 'held_ref', name), name)).toBe('before');
      await holder.query('COMMIT');
      open = false;
      expect(await retrying).toEqual({ tenants: expect.any(Number), migrated: 1, failed: [] });
      expect(whole(await stateOf(s, 'held_ref', name), name)).toBe('after');
    } finally {
      if (open) await holder.query('ROLLBACK').catch(() => undefined);
      holder.release();
    }
  }, 60_000);
});
