// PostgreSQL only: on the embedded database every connection shares one session, so reconnecting
// frees nothing and the pool keeps its connection whatever it touched.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { laneOf } from '../src/db/database';
import { createTestDatabase, type TestDatabase } from './helpers';

let db: TestDatabase;
beforeAll(async () => {
  const config = loadConfig({ DATA_DIR: '/tmp', DB_CONNECTION_MAX_SCHEMAS: '3' });
  // One connection, so each query shows which session served it.
  db = await createTestDatabase(1, { timeouts: config.dbTimeouts });
  for (const schema of ['a', 'b', 'c'])
    await db.database.pool.query(
      `CREATE SCHEMA "${schema}"; CREATE TABLE "${schema}"."t" AS SELECT 1 AS n`,
    );
});
afterAll(() => db.drop());

const backend = async () =>
  (await db.database.pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
/** Reads `schema`'s table once through pg's pool.query and once through Kysely. */
async function touch(schema: string) {
  await db.database.pool.query(`SELECT n FROM "${schema}"."t"`);
  await sql`SELECT n FROM ${sql.table(`${schema}.t`)}`.execute(db.database.db);
}

describe('a pooled connection that has served many schemas', () => {
  it('is kept while its queries name fewer schemas than DB_CONNECTION_MAX_SCHEMAS', async () => {
    const first = await backend();
    for (let i = 0; i < 20; i++) {
      await touch('a');
      await touch('b');
    }
    expect(await backend()).toBe(first);
  });

  it('is replaced by a fresh session once they have named that many', async () => {
    const before = await backend();
    await db.database.pool.query('SELECT n FROM "c"."t"'); // a, b and now c: three
    const after = await backend();
    expect(after).not.toBe(before);
    // The new session starts counting from nothing.
    await touch('a');
    await touch('b');
    expect(await backend()).toBe(after);
    // The ended session is gone from the server, not left idle.
    const { rows } = await db.database.pool.query<{ n: string }>(
      'SELECT count(*) AS n FROM pg_stat_activity WHERE pid = $1',
      [before],
    );
    expect(rows[0]!.n).toBe('0');
  });
});

describe('a tenant lane connection', () => {
  let laned: TestDatabase;
  const IDLE_MS = 200;
  // Six companies that hash to the first of two lanes: twice the limit of three.
  const schemas = Array.from({ length: 40 }, (_, i) => `lane_company_${i}`)
    .filter((schema) => laneOf(schema, 2) === 0)
    .slice(0, 6);
  beforeAll(async () => {
    const config = loadConfig({
      DATA_DIR: '/tmp',
      DB_CONNECTION_MAX_SCHEMAS: '3',
      DB_IDLE_TIMEOUT_MS: String(IDLE_MS),
    });
    // Two connections in two lanes of one: each query shows which session served it.
    laned = await createTestDatabase(2, { tenantLanes: 2, timeouts: config.dbTimeouts });
    for (const schema of schemas)
      await laned.database.pool.query(
        `CREATE SCHEMA "${schema}"; CREATE TABLE "${schema}"."t" AS SELECT 1 AS n`,
      );
  });
  afterAll(() => laned.drop());

  /** The backend that served a read of `schema`'s table through its tenant handle. */
  const servedBy = async (schema: string) =>
    (
      await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid, n FROM ${sql.table(
        `${schema}.t`,
      )}`.execute(laned.database.tenantDb(schema))
    ).rows[0]!.pid;

  const mainBackend = async () =>
    (await laned.database.pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!
      .pid;

  it('is kept whatever number of its lane’s companies it serves: their share bounds it', async () => {
    expect(schemas).toHaveLength(6);
    const first = await servedBy(schemas[0]!);
    for (const schema of schemas) expect(await servedBy(schema)).toBe(first);
    for (const schema of schemas) expect(await servedBy(schema)).toBe(first);
    // The main pool, which may touch any company, still ends its connection at the limit.
    const mainBefore = await mainBackend();
    for (const schema of schemas.slice(0, 3))
      await laned.database.pool.query(`SELECT n FROM "${schema}"."t"`);
    expect(await mainBackend()).not.toBe(mainBefore);
  });

  it('stays open through a quiet spell: its warm caches are what the lane is for', async () => {
    const first = await servedBy(schemas[0]!);
    const main = await mainBackend();
    await new Promise((r) => setTimeout(r, IDLE_MS * 5));
    expect(await servedBy(schemas[1]!)).toBe(first);
    // The main pool's idle connection is closed as before.
    const { rows } = await laned.database.pool.query<{ n: string }>(
      'SELECT count(*) AS n FROM pg_stat_activity WHERE pid = $1',
      [main],
    );
    expect(rows[0]!.n).toBe('0');
  });
});
