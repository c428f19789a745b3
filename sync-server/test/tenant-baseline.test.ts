/**
 * A new company's schema comes from the baseline script (`db/tenant-baseline.ts`), on both
 * databases: it must be the schema replaying every tenant migration makes, table for table,
 * column for column, constraint, index, trigger and seeded row alike; and the files after the
 * script stay cheap at thousands of companies.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { applyMigrations, migrateApp, migrateTenant, migrationNames } from '../src/db/migrate';
import { tenantBaseline } from '../src/db/tenant-baseline';
import { createTestDatabase, type TestDatabase } from './helpers';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await migrateApp(t.database.pool);
});
afterAll(async () => {
  await t?.drop();
});

/** Everything a schema is made of that a query could notice, its own name written as `S`. */
async function shapeOf(pool: pg.Pool, schema: string) {
  const { rows } = await pool.query<{ shape: unknown }>(
    `SELECT json_build_object(
       'columns', (SELECT json_agg(json_build_object(
            'table', c.relname, 'column', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
            'notNull', a.attnotnull, 'default', pg_get_expr(d.adbin, d.adrelid))
            ORDER BY c.relname, a.attnum)
          FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
          LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
         WHERE c.relnamespace = $1::text::regnamespace AND a.attnum > 0 AND NOT a.attisdropped),
       'constraints', (SELECT json_agg(json_build_object(
            'table', conrelid::regclass::text, 'name', conname, 'def', pg_get_constraintdef(oid))
            ORDER BY conname)
          FROM pg_constraint WHERE connamespace = $1::text::regnamespace),
       'indexes', (SELECT json_agg(indexdef ORDER BY indexname) FROM pg_indexes WHERE schemaname = $1::text),
       'triggers', (SELECT json_agg(pg_get_triggerdef(g.oid) ORDER BY g.tgname)
          FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
         WHERE c.relnamespace = $1::text::regnamespace AND NOT g.tgisinternal),
       'relations', (SELECT json_agg(relname || ':' || relkind::text ORDER BY relname)
          FROM pg_class WHERE relnamespace = $1::text::regnamespace)
     ) AS shape`,
    [schema],
  );
  const rowsByTable: Record<string, unknown> = {};
  const { rows: tables } = await pool.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = $1 ORDER BY 1`,
    [schema],
  );
  for (const { name } of tables) {
    const rows = await pool.query<{ row: string }>(
      `SELECT (to_jsonb(r) - 'applied_at')::text AS row FROM "${schema}"."${name}" r ORDER BY 1`,
    );
    rowsByTable[name] = rows.rows.map((r) => r.row);
  }
  return JSON.parse(
    JSON.stringify({ ...rows[0]!.shape!, rows: rowsByTable }).replaceAll(schema, 'S'),
  ) as unknown;
}

/** The statements `migrateTenant` sends for a new schema. */
async function statementsOfMigrateTenant(pool: pg.Pool, schema: string) {
  const sent: string[] = [];
  const recording = {
    async connect() {
      const client = await pool.connect();
      const query = client.query.bind(client);
      client.query = ((text: unknown, ...rest: unknown[]) => {
        if (typeof text === 'string') sent.push(text);
        return (query as (...a: unknown[]) => unknown)(text, ...rest);
      }) as typeof client.query;
      return client;
    },
  };
  const applied = await migrateTenant(recording as unknown as pg.Pool, schema);
  return { sent, applied };
}

describe('a new company schema', () => {
  it('is made from the baseline script, then the files after it', async () => {
    const baseline = tenantBaseline();
    const names = migrationNames('tenant');
    expect(baseline).not.toBeNull();
    expect(names).toContain(baseline!.covers);

    const { sent, applied } = await statementsOfMigrateTenant(t.database.pool, 'baseline_made');
    expect(applied).toEqual(names);
    expect(sent).toContain(baseline!.sql);
    // One savepoint per file replayed: only those after the script.
    expect(sent.filter((q) => q === 'SAVEPOINT migration')).toHaveLength(
      names.filter((n) => n > baseline!.covers).length,
    );
  });

  it('is the schema replaying every migration makes', async () => {
    const client = await t.database.pool.connect();
    try {
      await client.query('BEGIN');
      await applyMigrations(client, 'tenant', 'replay_made', new Set(migrationNames('tenant')));
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    await migrateTenant(t.database.pool, 'baseline_twin');
    const replayed = await shapeOf(t.database.pool, 'replay_made');
    const made = await shapeOf(t.database.pool, 'baseline_twin');
    expect((replayed as { columns: unknown[] }).columns.length).toBeGreaterThan(100);
    expect(made).toEqual(replayed);
  });
});

/** The clauses of a migration that add a column with a DEFAULT in the same clause. */
function addsColumnWithDefault(sql: string): string[] {
  const clauses = sql.replace(/--.*$/gm, '').split(/[;,](?![^(]*\))/);
  return clauses.filter((c) => /\bADD\s+(COLUMN\s+)?\w+[^;]*\bDEFAULT\b/i.test(c));
}

describe('tenant migrations after the baseline', () => {
  // `ALTER TABLE … ADD COLUMN … DEFAULT` reads all of pg_depend (a row per relation of every
  // company) in each schema it runs in: a tenth of a second per statement per schema at a few
  // thousand companies, an hour for one such file at ten thousand. Add the column, then set its
  // default (and fill it, and make it NOT NULL) in statements of their own.
  const dir = path.join(REPO_ROOT, 'migrations', 'tenant');
  const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');

  it('add columns without a DEFAULT in the same clause', () => {
    const later = migrationNames('tenant').filter((n) => n > tenantBaseline()!.covers);
    for (const name of later) expect(addsColumnWithDefault(read(name)), name).toEqual([]);
  });

  it('are told apart from one that adds a column with a DEFAULT', () => {
    expect(addsColumnWithDefault(read('2026_11_28_1000_tax_rates_and_line_taxes.sql'))).not.toEqual(
      [],
    );
    expect(
      addsColumnWithDefault(
        "ALTER TABLE invoices ADD COLUMN note text;\nALTER TABLE invoices ALTER COLUMN note SET DEFAULT '';",
      ),
    ).toEqual([]);
  });
});
