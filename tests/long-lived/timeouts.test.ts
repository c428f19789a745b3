/**
 * No request hangs forever: a statement stuck behind a lock is cancelled after
 * DB_STATEMENT_TIMEOUT_MS and answers 503 with a clear message, while other requests keep being
 * served (sync-server/test/database-timeouts.test.ts checks the settings the pool's connections
 * carry). Local PostgreSQL: the lock is held by this test's own connection, which the embedded
 * database (one session, inside the server) cannot offer.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startServer, type ServerProcess } from '../support/server-process';
import {
  freshPostgres,
  registerTenant,
  serverEnv,
  tempDir,
  type Tenant,
} from '../reliability/support';
import { createRecords, type Records } from './calls';

const STATEMENT_TIMEOUT_MS = 1_500;

let server: ServerProcess;
let database: Awaited<ReturnType<typeof freshPostgres>>;
let tenant: Tenant;
let records: Records;

beforeAll(async () => {
  const dataDir = tempDir('smb-timeouts-');
  database = await freshPostgres('smb_timeouts');
  server = await startServer(
    {
      ...serverEnv(dataDir, database.url),
      DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '2000',
    },
    180_000,
  );
  tenant = await registerTenant(server, dataDir, 'Slow Lane Ltd');
  records = await createRecords(server, tenant);
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

/** A connection of the test's own to the server's database. */
async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  return client;
}

const timed = async <T>(work: Promise<T>) => {
  const start = Date.now();
  const result = await work;
  return { result, ms: Date.now() - start, at: Date.now() };
};

describe('a statement stuck behind a lock', () => {
  it('answers 503 with a clear message within the timeout, while other requests are served', async () => {
    const holder = await connect();
    try {
      // Every write of a tenant takes its version row first: hold it, and writes wait.
      await holder.query('BEGIN');
      await holder.query(`SELECT version FROM "${tenant.schemaName}".sync_state FOR UPDATE`);

      const write = timed(
        api(
          server.url,
          'POST',
          '/api/customers',
          { name: 'Blocked Ltd', email: 'b@x.test' },
          tenant.token,
        ),
      );
      const reads = timed(
        Promise.all([
          api(server.url, 'GET', `/api/customers/${records.customerId}`, undefined, tenant.token),
          api(server.url, 'GET', '/api/quotes?limit=10', undefined, tenant.token),
          api(server.url, 'GET', '/api/auth/ping'),
        ]),
      );
      const [blocked, served] = await Promise.all([write, reads]);

      expect(served.result.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(served.at, 'the reads answered while the write was stuck').toBeLessThan(blocked.at);
      expect(blocked.result.status, blocked.result.text).toBe(503);
      expect(blocked.result.json).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The database took too long to answer. Please try again shortly.',
      });
      expect(blocked.result.headers.get('retry-after')).toBe('2');
      expect(blocked.ms).toBeGreaterThanOrEqual(STATEMENT_TIMEOUT_MS - 100);
      expect(blocked.ms).toBeLessThan(STATEMENT_TIMEOUT_MS + 8_000);
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
    }
    const after = await api(
      server.url,
      'POST',
      '/api/customers',
      { name: 'Unblocked Ltd', email: 'u@x.test' },
      tenant.token,
    );
    expect(after.status, after.text).toBe(201);
  });
});
