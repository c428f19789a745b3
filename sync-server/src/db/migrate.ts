import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { REPO_ROOT } from '../config';
import { tenantBaseline } from './tenant-baseline';

const MIGRATIONS_DIR = path.join(REPO_ROOT, 'migrations');
/** Advisory lock key shared by every migration run, so concurrent starts apply each file once. */
const MIGRATION_LOCK = 727_001;

export interface Migration {
  name: string;
  sql: string;
}

/** The `.sql` files of a folder, in name order (plain code-unit order, as PostgreSQL's "C"). */
export function readMigrationDir(dir: string): Migration[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(dir, name), 'utf8') }));
}

function readMigrations(kind: 'app' | 'tenant', extra: readonly Migration[] = []): Migration[] {
  const own = readMigrationDir(path.join(MIGRATIONS_DIR, kind));
  if (extra.length === 0) return own;
  return [...own, ...extra].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * The last file of the longest run of applied files, in name order: the tenant's schema version as
 * the control plane records it. A file still missing before a later applied one (files merged out
 * of date order) keeps the version before it, so the runner picks the tenant up again.
 */
export function schemaVersionOf(names: readonly string[], applied: ReadonlySet<string>) {
  let version: string | null = null;
  for (const name of names) {
    if (!applied.has(name)) break;
    version = name;
  }
  return version;
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
  options: { extra?: readonly Migration[]; lockTimeoutMs?: number } = {},
): Promise<string[]> {
  const applied: string[] = [];
  const s = quoteIdent(schema);
  // One lock per tenant schema (so that many schemas migrate side by side and a registration is
  // not held up by another tenant's migration); one for the control plane.
  if (kind === 'tenant')
    await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [MIGRATION_LOCK, schema]);
  else await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
  // Once it is our turn (another run may hold the schema), table locks are waited for only so
  // long: waiting behind a long request would hold every request of the tenant up behind us.
  if (options.lockTimeoutMs)
    await client.query(`SET LOCAL lock_timeout = ${Math.round(options.lockTimeoutMs)}`);
  await client.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
  await client.query(
    `CREATE TABLE IF NOT EXISTS ${s}.schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const done = new Set(
    (await client.query<{ name: string }>(`SELECT name FROM ${s}.schema_migrations`)).rows.map(
      (r) => r.name,
    ),
  );
  const migrations = readMigrations(kind, options.extra);
  const baseline = kind === 'tenant' && done.size === 0 && !only ? tenantBaseline() : null;
  // A new schema: the baseline script stands for every file up to the one it covers (none of
  // the caller's extra files may sort among them).
  if (baseline && !options.extra?.some((m) => m.name <= baseline.covers)) {
    const covered = migrations.filter((m) => m.name <= baseline.covers).map((m) => m.name);
    await client.query(`SET LOCAL search_path TO ${s}, public`);
    await client.query(baseline.sql);
    await client.query(`INSERT INTO ${s}.schema_migrations (name) SELECT unnest($1::text[])`, [
      covered,
    ]);
    for (const name of covered) {
      applied.push(name);
      done.add(name);
    }
  }
  for (const migration of migrations) {
    if (done.has(migration.name) || (only && !only.has(migration.name))) continue;
    await client.query('SAVEPOINT migration');
    await client.query(`SET LOCAL search_path TO ${s}, public`);
    await client.query(migration.sql);
    await client.query(`INSERT INTO ${s}.schema_migrations (name) VALUES ($1)`, [migration.name]);
    await client.query('RELEASE SAVEPOINT migration');
    applied.push(migration.name);
    done.add(migration.name);
  }
  if (kind === 'tenant') {
    // In the same transaction as the files: the control plane never claims more than the schema
    // has. Unchanged rows are not written (a write tells every server to forget the tenant).
    const version = schemaVersionOf(
      migrations.map((m) => m.name),
      done,
    );
    await client.query(
      'UPDATE app.tenants SET schema_version = $1 WHERE schema_name = $2 AND schema_version IS DISTINCT FROM $1',
      [version, schema],
    );
  }
  return applied;
}

/** The migration file names of one kind this version of the code knows, in order. */
export function migrationNames(kind: 'app' | 'tenant'): string[] {
  return readMigrations(kind).map((m) => m.name);
}

let required: string | undefined;
/**
 * The tenant schema version this code needs: its newest tenant migration. A tenant the control
 * plane records as older is not served (`db/schema-version.ts`).
 */
export function requiredTenantSchemaVersion(): string {
  required ??= migrationNames('tenant').at(-1)!;
  return required;
}

/** Applies pending files of one kind to one schema in one transaction. */
async function migrateSchema(
  client: pg.PoolClient,
  kind: 'app' | 'tenant',
  schema: string,
  options: { extra?: readonly Migration[]; lockTimeoutMs?: number } = {},
): Promise<string[]> {
  await client.query('BEGIN');
  try {
    // A table lock not granted within lockTimeoutMs fails the schema's transaction (the caller
    // retries it later).
    const applied = await applyMigrations(client, kind, schema, undefined, options);
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

export async function migrateTenant(
  pool: pg.Pool,
  schema: string,
  extra?: readonly Migration[],
): Promise<string[]> {
  const client = await pool.connect();
  try {
    return await migrateSchema(client, 'tenant', schema, { extra });
  } finally {
    client.release();
  }
}

export interface TenantMigrationOptions {
  /** Schemas migrated side by side (each on its own connection); default 1. */
  concurrency?: number;
  /** Tenant migrations from elsewhere (the bench's example), applied with the code's own. */
  extra?: readonly Migration[];
  /** How long one schema's transaction may wait for a table lock before it is retried; 2 s. */
  lockTimeoutMs?: number;
  /** Attempts per schema when it met a lock timeout; 5. */
  attempts?: number;
  /** Called after each schema, migrated or failed. */
  onSchema?: (result: { schema: string; applied: string[]; ms: number; error?: Error }) => void;
}

export interface TenantMigrationResult {
  /** Tenants the control plane lists. */
  tenants: number;
  /** Tenants that were behind and are now up to date. */
  migrated: number;
  failed: { schema: string; error: string }[];
}

const LOCK_TIMED_OUT = '55P03';

/**
 * Brings every tenant schema the control plane records as behind up to date, online: one
 * transaction per schema (a request sees the tenant before or after, never in between), several
 * schemas at a time, each schema's record in the control plane written in its transaction. Safe to
 * interrupt at any point (`kill -9` included): a schema whose transaction did not commit is still
 * behind and the next run does it; one that did is skipped. Schemas that fail are reported and
 * left as they were; the others go on.
 */
export async function migrateTenants(
  pool: pg.Pool,
  options: TenantMigrationOptions = {},
): Promise<TenantMigrationResult> {
  const target = readMigrations('tenant', options.extra).at(-1)!.name;
  const { rows } = await pool.query<{ schema_name: string }>(
    `SELECT schema_name FROM app.tenants
      WHERE schema_version IS NULL OR schema_version COLLATE "C" < $1
      ORDER BY created_at, id`,
    [target],
  );
  const { rows: counted } = await pool.query<{ n: string }>(
    'SELECT count(*) AS n FROM app.tenants',
  );
  const queue = rows.map((r) => ({ schema: r.schema_name, attempts: 0 }));
  const result: TenantMigrationResult = {
    tenants: Number(counted[0]!.n),
    migrated: 0,
    failed: [],
  };
  const maxAttempts = options.attempts ?? 5;
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const started = performance.now();
      const client = await pool.connect();
      try {
        const applied = await migrateSchema(client, 'tenant', job.schema, {
          extra: options.extra,
          lockTimeoutMs: options.lockTimeoutMs ?? 2_000,
        });
        result.migrated += 1;
        options.onSchema?.({ schema: job.schema, applied, ms: performance.now() - started });
      } catch (err) {
        const cause = (err as Error & { cause?: { code?: string } }).cause;
        job.attempts += 1;
        if (cause?.code === LOCK_TIMED_OUT && job.attempts < maxAttempts) queue.push(job);
        else {
          result.failed.push({ schema: job.schema, error: (err as Error).message });
          options.onSchema?.({
            schema: job.schema,
            applied: [],
            ms: performance.now() - started,
            error: err as Error,
          });
        }
      } finally {
        client.release();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker));
  return result;
}

/**
 * Control plane first, then every tenant schema the control plane records as behind (a server
 * start with nothing to do reads one row count, not every schema).
 */
export async function migrateAll(
  pool: pg.Pool,
  options: TenantMigrationOptions = {},
): Promise<{ app: string[]; tenants: number; migrated: number }> {
  const app = await migrateApp(pool);
  const result = await migrateTenants(pool, options);
  if (result.failed.length > 0)
    throw new Error(
      `Migration of ${result.failed.length} tenant schema(s) failed: ${result.failed
        .slice(0, 5)
        .map((f) => f.error)
        .join('; ')}`,
    );
  return { app, tenants: result.tenants, migrated: result.migrated };
}
