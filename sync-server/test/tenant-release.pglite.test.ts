import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, expectStatus, schemaOf } from './api-helpers';
import { makeCustomer } from './factories';
import { createTestApp, registerTenant, type TestApp } from './helpers';

// The embedded database keeps one session for the server's whole life and has no checkpointer:
// what PostgreSQL lets go of by itself, the server must release when a company is deleted.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const query = async <R extends object>(text: string, values: unknown[] = []) =>
  (await t.ctx.database.pool.query<R>(text, values)).rows;

const statementsOn = async (schema: string) =>
  (await query<{ statement: string }>('select statement from pg_prepared_statements')).filter((r) =>
    r.statement.includes(`"${schema}".`),
  );

const filesOf = async (schema: string) =>
  (
    await query<{ path: string }>(
      `select pg_relation_filepath(c.oid) as path
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and pg_relation_filepath(c.oid) is not null`,
      [schema],
    )
  ).map((r) => r.path);

const existing = async (paths: string[]) =>
  (
    await query<{ path: string }>(
      'select p as path from unnest($1::text[]) p where (pg_stat_file(p, true)).size is not null',
      [paths],
    )
  ).map((r) => r.path);

describe('a company deleted on the embedded database', () => {
  it('takes its prepared statements and its files with it at once, not at some later reconnect or checkpoint', async () => {
    const gone = await registerTenant(t, 'Short Lived');
    const kept = await registerTenant(t, 'Long Lived');
    const goneCustomer = await makeCustomer(t, gone.tenantId);
    const keptCustomer = await makeCustomer(t, kept.tenantId);
    const goneApi = client(t, gone.token);
    const keptApi = client(t, kept.token);
    expectStatus(await goneApi.get(`/api/customers/${goneCustomer.id}`), 200);
    expectStatus(await goneApi.get('/api/quotes'), 200);
    const goneSchema = await schemaOf(t, gone.tenantId);
    const files = await filesOf(goneSchema);
    expect(files.length, 'tables and indexes have files').toBeGreaterThan(20);
    expect(await existing(files)).toEqual(files);
    expect((await statementsOn(goneSchema)).length).toBeGreaterThan(0);

    expect((await goneApi.del(`/api/tenants/${gone.tenantId}`)).statusCode).toBe(200);

    expect(await statementsOn(goneSchema)).toEqual([]);
    expect(await existing(files)).toEqual([]);
    expectStatus(await keptApi.get(`/api/customers/${keptCustomer.id}`), 200);
    expectStatus(await keptApi.get('/api/quotes'), 200);
  });
});
