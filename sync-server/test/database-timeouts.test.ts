import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

// What the settings are; what PostgreSQL does with them is database-timeouts.pg.test.ts.
const dataDir = mkdtempSync(path.join(tmpdir(), 'smb-timeouts-'));

describe('database timeouts', () => {
  it('default to 30 s per statement and 60 s idle in a transaction', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).dbTimeouts).toEqual({
      idleMs: 30_000,
      connectionLifetimeS: 600,
      connectionMaxSchemas: 500,
      connectMs: undefined,
      statementMs: 30_000,
      idleInTransactionMs: 60_000,
    });
  });

  it('refuse values that are not whole numbers in range', () => {
    for (const [key, value, range] of [
      ['DB_STATEMENT_TIMEOUT_MS', '-1', '0 to 86400000'],
      ['DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', '1.5', '0 to 86400000'],
      ['DB_IDLE_TIMEOUT_MS', '10', '100 to 86400000'],
      ['DB_CONNECTION_LIFETIME_S', '0', '1 to 86400'],
      ['DB_CONNECTION_MAX_SCHEMAS', '1', '2 to 1000000'],
      ['DB_CONNECT_TIMEOUT_MS', 'soon', '100 to 600000'],
    ] as const)
      expect(() => loadConfig({ DATA_DIR: dataDir, [key]: value })).toThrow(
        `${key} must be a whole number from ${range} (got "${value}")`,
      );
  });
});
