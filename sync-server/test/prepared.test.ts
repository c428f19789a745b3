import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, expectStatus, schemaOf, type Client } from './api-helpers';
import { makeCustomer, type CustomerFixture } from './factories';
import { createTestApp, registerTenant, type TestApp } from './helpers';
import { loadConfig } from '../src/config';

// One connection, so what the server prepared is what the test sees on it.
let t: TestApp;
let api: Client;
let tenantId: string;
let customer: CustomerFixture;

beforeAll(async () => {
  t = await createTestApp({ poolSize: 1 });
  const tenant = await registerTenant(t, 'Prepared Co');
  tenantId = tenant.tenantId;
  api = client(t, tenant.token);
  customer = await makeCustomer(t, tenantId);
});
afterAll(async () => {
  await t?.close();
});

const preparedStatements = async () =>
  (
    await t.ctx.database.pool.query<{ name: string; statement: string }>(
      'SELECT name, statement FROM pg_prepared_statements',
    )
  ).rows;

describe('the hottest statements', () => {
  it('are parsed once per connection and run by name after that', async () => {
    for (let i = 0; i < 3; i++) expectStatus(await api.get(`/api/customers/${customer.id}`), 200);
    const schema = await schemaOf(t, tenantId);
    const byId = (await preparedStatements()).filter((s) =>
      s.statement.includes(`"${schema}"."customers"`),
    );
    expect(byId).toHaveLength(1);
    expect(byId[0]!.name).toMatch(/^smb_\d+$/);
  });

  it('keep answering when a migration adds a column while the server runs', async () => {
    expectStatus(await api.get(`/api/customers/${customer.id}`), 200);
    const schema = await schemaOf(t, tenantId);
    await t.ctx.database.pool.query(`ALTER TABLE "${schema}".customers ADD COLUMN nickname text`);
    const res = await api.get(`/api/customers/${customer.id}`);
    expect(expectStatus(res, 200)).toMatchObject({ id: customer.id, name: customer.name });
  });
});

describe('DB_PREPARED_STATEMENTS', () => {
  it('is on by default; 0 runs every statement unnamed (for a pooler that cannot keep them)', async () => {
    const dataDir = t.config.dataDir;
    expect(loadConfig({ DATA_DIR: dataDir }).preparedStatements).toBe(true);
    expect(() => loadConfig({ DATA_DIR: dataDir, DB_PREPARED_STATEMENTS: '2' })).toThrow(
      'DB_PREPARED_STATEMENTS must be a whole number from 0 to 1',
    );
    const off = await createTestApp({ poolSize: 1, env: { DB_PREPARED_STATEMENTS: '0' } });
    try {
      const tenant = await registerTenant(off, 'Unprepared Co');
      const someone = await makeCustomer(off, tenant.tenantId);
      expectStatus(await client(off, tenant.token).get(`/api/customers/${someone.id}`), 200);
      const { rows } = await off.ctx.database.pool.query('SELECT name FROM pg_prepared_statements');
      expect(rows).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
