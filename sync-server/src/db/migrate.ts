import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { REPO_ROOT } from '../config';

const MIGRATIONS_DIR = path.join(REPO_ROOT, 'migrations');
/** Advisory lock key shared by every migration run, so concurrent starts apply each file once. */
const MIGRATION_LOCK = 727_001;

interface Migration {
  name: string;
  sql: string;
}

function readMigrations(kind: 'app' | 'tenant'): Migration[] {
  const dir = path.join(MIGRATIONS_DIR, kind);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(dir, name), 'utf8') }));
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Applies pending files of one kind to one schema, a savepoint each, under an advisory lock, inside
 * the caller's transaction. Tenant files never name a schema: `SET LOCAL search_path` scopes them,
 * which is safe under transaction pooling because it ends with the transaction. `only` limits the
 * run to those file names (a restore replays the backup's migrations before loading its rows).
 */
export async function applyMigrations(
  client: pg.PoolClient,
  kind: 'app' | 'tenant',
  schema: string,
  only?: ReadonlySet<string>,
): Promise<string[]> {
  const applied: string[] = [];
  const s = quoteIdent(schema);
  await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
  await client.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
  await client.query(
    `CREATE TABLE IF NOT EXISTS ${s}.schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const done = new Set(
    (await client.query<{ name: string }>(`SELECT name FROM ${s}.schema_migrations`)).rows.map(
      (r) => r.name,
    ),
  );
  for (const migration of readMigrations(kind)) {
    if (done.has(migration.name) || (only && !only.has(migration.name))) continue;
    await client.query('SAVEPOINT migration');
    await client.query(`SET LOCAL search_path TO ${s}, public`);
    await client.query(migration.sql);
    await client.query(`INSERT INTO ${s}.schema_migrations (name) VALUES ($1)`, [migration.name]);
    await client.query('RELEASE SAVEPOINT migration');
    applied.push(migration.name);
  }
  return applied;
}

/** The migration file names of one kind this version of the code knows, in order. */
export function migrationNames(kind: 'app' | 'tenant'): string[] {
  return readMigrations(kind).map((m) => m.name);
}

/** Applies pending files of one kind to one schema in one transaction. */
async function migrateSchema(
  client: pg.PoolClient,
  kind: 'app' | 'tenant',
  schema: string,
): Promise<string[]> {
  await client.query('BEGIN');
  try {
    const applied = await applyMigrations(client, kind, schema);
    await client.query('COMMIT');
    return applied;
  } catch (err) {
    await client.query('ROLLBACK');
    throw new Error(`Migration of schema ${schema} failed: ${(err as Error).message}`, {
      cause: err,
    });
  }
}

export async function migrateApp(pool: pg.Pool): Promise<string[]> {
  const client = await pool.connect();
  try {
    return await migrateSchema(client, 'app', 'app');
  } finally {
    client.release();
  }
}

export async function migrateTenant(pool: pg.Pool, schema: string): Promise<string[]> {
  const client = await pool.connect();
  try {
    return await migrateSchema(client, 'tenant', schema);
  } finally {
    client.release();
  }
}

/** Control plane first, then every tenant schema the control plane lists. */
export async function migrateAll(pool: pg.Pool): Promise<{ app: string[]; tenants: number }> {
  const app = await migrateApp(pool);
  const { rows } = await pool.query<{ schema_name: string }>(
    'SELECT schema_name FROM app.tenants ORDER BY created_at',
  );
  for (const row of rows) await migrateTenant(pool, row.schema_name);
  return { app, tenants: rows.length };
}
