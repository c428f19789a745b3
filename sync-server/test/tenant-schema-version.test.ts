/**
 * Issue 38.2 on both databases: the control plane records each tenant's schema version in the
 * transaction that migrates it; a tenant recorded older than the code needs is answered 503 (and
 * the others are served); a migration that fails in one schema leaves that schema exactly as it
 * was, and a rerun does only what is left.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  migrateTenants,
  requiredTenantSchemaVersion,
  schemaVersionOf,
  type Migration,
} from '../src/db/migrate';
import { TENANT_UPGRADING_MESSAGE } from '../src/db/schema-version';
import { createTestApp, registerTenant, type TestApp } from './helpers';
import { client, schemaOf } from './api-helpers';

let t: TestApp;
const tenants: { token: string; tenantId: string; schema: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['Alpha Ltd', 'Beta Ltd', 'Gamma Ltd']) {
    const r = await registerTenant(t, name);
    tenants.push({ token: r.token, tenantId: r.tenantId, schema: await schemaOf(t, r.tenantId) });
  }
});
afterAll(async () => {
  await t?.close();
});

const query = async <R extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.ctx.database.pool.query<R>(text, values)).rows;

const versionOf = async (tenantId: string) =>
  (
    await query<{ schema_version: string | null }>(
      'SELECT schema_version FROM app.tenants WHERE id = $1',
      [tenantId],
    )
  )[0]!.schema_version;

/** Polls (another server's cache forgets the tenant when the change is notified) for a status. */
async function statusBecomes(token: string, status: number) {
  const started = Date.now();
  for (;;) {
    const res = await client(t, token).get('/api/customers');
    if (res.statusCode === status || Date.now() - started > 5_000) return res;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** What one schema shows of the example migration, read in one statement (one snapshot). */
async function stateOf(schema: string, tenantId: string, name: string) {
  const [row] = await query<{ columns: number; indexes: number; version: string }>(
    `SELECT
       (SELECT count(*)::int FROM information_schema.columns
         WHERE table_schema = $1 AND table_name = 'invoices' AND column_name = 'external_ref') AS columns,
       (SELECT count(*)::int FROM pg_indexes
         WHERE schemaname = $1 AND indexname = 'invoices_external_ref_idx') AS indexes,
       (SELECT schema_version FROM app.tenants WHERE id = $2) AS version`,
    [schema, tenantId],
  );
  const recorded = await query<{ n: number }>(
    `SELECT count(*)::int AS n FROM "${schema}".schema_migrations WHERE name = $1`,
    [name],
  );
  return { ...row!, recorded: recorded[0]!.n };
}

const EXAMPLE = '2099_01_01_0000_invoice_external_ref.sql';
const example = (failIn?: string): Migration => ({
  name: EXAMPLE,
  sql: `ALTER TABLE invoices ADD COLUMN external_ref text;
CREATE INDEX invoices_external_ref_idx ON invoices (external_ref);
DO $$ BEGIN
  IF current_schema() = '${failIn ?? ''}' THEN RAISE EXCEPTION 'example failure in %', current_schema(); END IF;
END $$;`,
});

describe('tenant schema versions', () => {
  it('the version recorded is the last file of the longest run applied without a gap', () => {
    const names = ['a', 'b', 'c', 'd'];
    expect(schemaVersionOf(names, new Set(['a', 'b', 'c', 'd']))).toBe('d');
    expect(schemaVersionOf(names, new Set(['a', 'b', 'd']))).toBe('b');
    expect(schemaVersionOf(names, new Set(['b', 'c']))).toBeNull();
  });

  it('a new company is recorded at the version the code needs and is served', async () => {
    for (const tenant of tenants) {
      expect(await versionOf(tenant.tenantId)).toBe(requiredTenantSchemaVersion());
      expect((await client(t, tenant.token).get('/api/customers')).statusCode).toBe(200);
    }
  });

  it('a company recorded older than the code needs gets a 503 for itself alone', async () => {
    const [alpha, beta] = tenants;
    await query(
      "UPDATE app.tenants SET schema_version = '2026_01_01_0000_older.sql' WHERE id = $1",
      [alpha!.tenantId],
    );
    const refused = await statusBecomes(alpha!.token, 503);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: TENANT_UPGRADING_MESSAGE,
    });
    expect((await client(t, beta!.token).get('/api/customers')).statusCode).toBe(200);
    // Never migrated at all (NULL) is refused too.
    await query('UPDATE app.tenants SET schema_version = NULL WHERE id = $1', [alpha!.tenantId]);
    expect((await statusBecomes(alpha!.token, 503)).statusCode).toBe(503);
    // The runner picks it up (its files are all there) and records it: served again.
    const result = await migrateTenants(t.ctx.database.pool);
    expect(result.migrated).toBe(1);
    expect(result.failed).toEqual([]);
    expect(await versionOf(alpha!.tenantId)).toBe(requiredTenantSchemaVersion());
    expect((await statusBecomes(alpha!.token, 200)).statusCode).toBe(200);
  });

  it('a migration failing in one schema leaves it untouched; the rerun does only that one', async () => {
    const [alpha, beta, gamma] = tenants;
    const first = await migrateTenants(t.ctx.database.pool, { extra: [example(beta!.schema)] });
    expect(first.migrated).toBe(2);
    expect(first.failed.map((f) => f.schema)).toEqual([beta!.schema]);
    expect(first.failed[0]!.error).toContain('example failure in');

    for (const done of [alpha!, gamma!])
      expect(await stateOf(done.schema, done.tenantId, EXAMPLE)).toEqual({
        columns: 1,
        indexes: 1,
        recorded: 1,
        version: EXAMPLE,
      });
    // Neither the column nor the index nor the record: the whole transaction rolled back.
    expect(await stateOf(beta!.schema, beta!.tenantId, EXAMPLE)).toEqual({
      columns: 0,
      indexes: 0,
      recorded: 0,
      version: requiredTenantSchemaVersion(),
    });
    // Still at what the code needs, so still served.
    expect((await client(t, beta!.token).get('/api/customers')).statusCode).toBe(200);

    const appliedAt = async (schema: string) =>
      (
        await query<{ at: string }>(
          `SELECT applied_at::text AS at FROM "${schema}".schema_migrations WHERE name = $1`,
          [EXAMPLE],
        )
      )[0]?.at;
    const before = await appliedAt(alpha!.schema);
    const second = await migrateTenants(t.ctx.database.pool, { extra: [example()] });
    expect(second).toEqual({ tenants: 3, migrated: 1, failed: [] });
    expect(await stateOf(beta!.schema, beta!.tenantId, EXAMPLE)).toEqual({
      columns: 1,
      indexes: 1,
      recorded: 1,
      version: EXAMPLE,
    });
    expect(await appliedAt(alpha!.schema)).toBe(before);
    // A third run has nothing to do.
    expect(await migrateTenants(t.ctx.database.pool, { extra: [example()] })).toEqual({
      tenants: 3,
      migrated: 0,
      failed: [],
    });
    for (const tenant of tenants)
      expect((await client(t, tenant.token).get('/api/invoices')).statusCode).toBe(200);
  });
});
