import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createTestDatabase, type TestDatabase } from './helpers';

const dataDir = mkdtempSync(path.join(tmpdir(), 'smb-timeouts-'));
const opened: TestDatabase[] = [];
afterAll(async () => {
  for (const db of opened) await db.drop();
});

async function openWith(env: Record<string, string>): Promise<TestDatabase> {
  const config = loadConfig({ DATA_DIR: dataDir, ...env });
  const db = await createTestDatabase(1, { timeouts: config.dbTimeouts });
  opened.push(db);
  return db;
}

const onPostgres = it.runIf(process.env.TEST_DB_KIND === 'postgres');

const settings = async (db: TestDatabase) =>
  (
    await db.database.pool.query<{ statement: string; idle: string }>(
      `SELECT current_setting('statement_timeout') AS statement,
              current_setting('idle_in_transaction_session_timeout') AS idle`,
    )
  ).rows[0];

describe('database timeouts', () => {
  it('default to 30 s per statement and 60 s idle in a transaction', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).dbTimeouts).toEqual({
      idleMs: 30_000,
      connectionLifetimeS: 600,
      connectMs: undefined,
      statementMs: 30_000,
      idleInTransactionMs: 60_000,
    });
  });

  // PGlite keeps its one session inside the server's process and takes no startup settings.
  onPostgres('are carried by every connection, as configured; 0 turns them off', async () => {
    expect(await settings(await openWith({}))).toEqual({ statement: '30s', idle: '1min' });
    expect(
      await settings(
        await openWith({
          DB_STATEMENT_TIMEOUT_MS: '1234',
          DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '2345',
        }),
      ),
    ).toEqual({ statement: '1234ms', idle: '2345ms' });
    expect(
      await settings(
        await openWith({ DB_STATEMENT_TIMEOUT_MS: '0', DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '0' }),
      ),
    ).toEqual({ statement: '0', idle: '0' });
  });

  it('refuse values that are not whole numbers in range', () => {
    for (const [key, value, range] of [
      ['DB_STATEMENT_TIMEOUT_MS', '-1', '0 to 86400000'],
      ['DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', '1.5', '0 to 86400000'],
      ['DB_IDLE_TIMEOUT_MS', '10', '100 to 86400000'],
      ['DB_CONNECTION_LIFETIME_S', '0', '1 to 86400'],
      ['DB_CONNECT_TIMEOUT_MS', 'soon', '100 to 600000'],
    ] as const)
      expect(() => loadConfig({ DATA_DIR: dataDir, [key]: value })).toThrow(
        `${key} must be a whole number from ${range} (got "${value}")`,
      );
  });

  onPostgres(
    'cancel a statement that runs too long, and end a session left idle inside a transaction',
    async () => {
      const db = await openWith({
        DB_STATEMENT_TIMEOUT_MS: '300',
        DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '300',
      });
      await expect(db.database.pool.query('SELECT pg_sleep(2)')).rejects.toMatchObject({
        code: '57014',
      });
      const client = await db.database.pool.connect();
      await client.query('BEGIN');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await expect(client.query('SELECT 1')).rejects.toThrow();
      client.release(true);
      // The pool goes on with a fresh connection.
      expect((await db.database.pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    },
  );
});
