// PostgreSQL only: PGlite keeps its one session inside the server's process and takes no
// startup settings (statement_timeout, idle_in_transaction_session_timeout).
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

const settings = async (db: TestDatabase) =>
  (
    await db.database.pool.query<{ statement: string; idle: string }>(
      `SELECT current_setting('statement_timeout') AS statement,
              current_setting('idle_in_transaction_session_timeout') AS idle`,
    )
  ).rows[0];

describe('database timeouts on PostgreSQL', () => {
  it('are carried by every connection, as configured; 0 turns them off', async () => {
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

  it('cancel a statement that runs too long, and end a session left idle inside a transaction', async () => {
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
  });
});
