import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, expectStatus, schemaOf } from './api-helpers';
import { makeCustomer } from './factories';
import { createTestApp, registerTenant, type TestApp } from './helpers';

// One connection, closed 100 ms after its last use, so the test can watch the session change.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ poolSize: 1, env: { DB_IDLE_TIMEOUT_MS: '100' } });
});
afterAll(async () => {
  await t?.close();
});

async function untilPoolIsEmpty(): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (t.ctx.database.pool.totalCount > 0) {
    if (Date.now() > deadline) throw new Error('the idle connection was never closed');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const statementsOn = async (schema: string) =>
  (
    await t.ctx.database.pool.query<{ statement: string }>(
      'SELECT statement FROM pg_prepared_statements',
    )
  ).rows.filter((r) => r.statement.includes(`"${schema}".`));

describe('a deleted company', () => {
  it('leaves no database handle and, once its session reconnects, no prepared statement behind', async () => {
    const gone = await registerTenant(t, 'Short Lived');
    const kept = await registerTenant(t, 'Long Lived');
    const goneCustomer = await makeCustomer(t, gone.tenantId);
    const keptCustomer = await makeCustomer(t, kept.tenantId);
    const goneApi = client(t, gone.token);
    const keptApi = client(t, kept.token);
    expectStatus(await goneApi.get(`/api/customers/${goneCustomer.id}`), 200);
    expectStatus(await keptApi.get(`/api/customers/${keptCustomer.id}`), 200);
    const goneSchema = await schemaOf(t, gone.tenantId);
    const keptSchema = await schemaOf(t, kept.tenantId);
    const handle = t.ctx.database.tenantDb(goneSchema);
    expect(t.ctx.database.tenantDb(goneSchema), 'one handle per live company').toBe(handle);

    expect((await goneApi.del(`/api/tenants/${gone.tenantId}`)).statusCode).toBe(200);
    expect(t.ctx.database.tenantDb(goneSchema), 'the handle was let go').not.toBe(handle);

    await untilPoolIsEmpty();
    expectStatus(await keptApi.get(`/api/customers/${keptCustomer.id}`), 200);
    expect(await statementsOn(goneSchema)).toEqual([]);
    // The live company's statement is still held: on PGlite the same session kept it, on
    // PostgreSQL the new session prepared it again.
    expect((await statementsOn(keptSchema)).length).toBeGreaterThan(0);
  });
});
