/**
 * PostgreSQL only (PGlite's one session cannot be terminated from another): a connection whose
 * session ends while it asks what its session holds prepared — before the pool listens to it —
 * fails its connect instead of ending the process with an unhandled 'error' event.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers';

let db: TestDatabase;
let admin: pg.Client;

beforeAll(async () => {
  db = await createTestDatabase(1);
  admin = new pg.Client({ connectionString: db.connectionString });
  await admin.connect();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await admin?.end();
  await db?.drop();
});

it('a session ended while a new connection learns its statements fails that connect; the pool goes on', async () => {
  const realQuery = pg.Client.prototype.query;
  // The first query of a new connection is its question about the session's statements: the
  // session answers it, then is terminated before the pool has been handed the connection.
  vi.spyOn(pg.Client.prototype, 'query').mockImplementationOnce(async function (
    this: pg.Client,
    ...args: unknown[]
  ) {
    const answer = await (realQuery as (...a: unknown[]) => Promise<unknown>).apply(this, args);
    const ended = new Promise((resolve) => this.once('end', resolve));
    const backend = (this as unknown as { processID: number }).processID;
    await admin.query('SELECT pg_terminate_backend($1)', [backend]);
    await ended;
    return answer;
  } as typeof realQuery);

  await expect(db.database.pool.connect()).rejects.toMatchObject({ code: '57P01' });
  const { rows } = await db.database.pool.query<{ one: number }>('SELECT 1 AS one');
  expect(rows).toEqual([{ one: 1 }]);
});
