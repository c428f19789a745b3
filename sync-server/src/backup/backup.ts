/**
 * Logical backup and restore of the control plane and the tenant schemas, one format for the
 * embedded database (PGlite, PostgreSQL 18 inside, which the machine's pg_dump cannot read) and
 * for a real PostgreSQL. A backup is a directory:
 *
 *   manifest.json                      format, migrations, tables with columns, row counts, money sums
 *   app/<table>.jsonl                  control-plane rows, one `row_to_json` object a line
 *   tenants/<schema>/<table>.jsonl     each tenant schema's rows
 *
 * Rows travel as PostgreSQL's own JSON text (numerics, bigints and timestamps keep every digit) and
 * are loaded back with `json_populate_recordset`, so no value passes through a JavaScript number.
 */
import { once } from 'node:events';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type pg from 'pg';
import { applyMigrations, migrationNames } from '../db/migrate';

export const BACKUP_FORMAT = 'smb-finance-backup/1';
const BATCH = 500;

export class BackupError extends Error {
  override name = 'BackupError';
}

export interface TableStats {
  rows: number;
  /** Sum of every money column (numeric with 2 decimals), as exact decimal text. */
  sums: Record<string, string>;
}

export interface TableEntry extends TableStats {
  file: string;
  columns: string[];
}

export interface TenantEntry {
  id: string;
  naturalName: string;
  schemaName: string;
  migrations: string[];
  tables: Record<string, TableEntry>;
}

export interface Manifest {
  format: string;
  createdAt: string;
  database: string;
  /** 'all', or the one tenant id the backup was limited to. */
  scope: string;
  appMigrations: string[];
  /** Control-plane tables, in load order. A tenant backup holds only that tenant's rows. */
  app: Record<string, TableEntry>;
  tenants: TenantEntry[];
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface Column {
  name: string;
  money: boolean;
}

async function tablesOf(client: pg.PoolClient, schema: string): Promise<string[]> {
  const { rows } = await client.query<{ relname: string }>(
    `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND c.relname <> 'schema_migrations'`,
    [schema],
  );
  const tables = rows.map((r) => r.relname);
  // Parents before children, so rows load without disabling foreign keys.
  const { rows: refs } = await client.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent
       FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace cn ON cn.oid = c.relnamespace
       JOIN pg_class p ON p.oid = k.confrelid JOIN pg_namespace pn ON pn.oid = p.relnamespace
      WHERE k.contype = 'f' AND cn.nspname = $1 AND pn.nspname = $1 AND c.oid <> p.oid`,
    [schema],
  );
  const ordered: string[] = [];
  const pending = new Set(tables.sort());
  while (pending.size > 0) {
    const ready = [...pending].filter(
      (t) => !refs.some((r) => r.child === t && pending.has(r.parent)),
    );
    if (ready.length === 0) throw new BackupError(`Circular foreign keys in schema ${schema}`);
    for (const t of ready) {
      ordered.push(t);
      pending.delete(t);
    }
  }
  return ordered;
}

async function columnsOf(client: pg.PoolClient, schema: string, table: string): Promise<Column[]> {
  const { rows } = await client.query<{
    column_name: string;
    data_type: string;
    numeric_scale: number | null;
  }>(
    `SELECT column_name, data_type, numeric_scale FROM information_schema.columns
      WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position`,
    [schema, table],
  );
  return rows.map((r) => ({
    name: r.column_name,
    money: r.data_type === 'numeric' && Number(r.numeric_scale) === 2,
  }));
}

/** Which control-plane rows belong to one tenant; null → the table is not tenant data. */
function tenantFilter(table: string, columns: Column[]): string | null {
  if (table === 'tenants') return 'id = $1';
  if (columns.some((c) => c.name === 'tenant_id')) return 'tenant_id = $1';
  if (columns.some((c) => c.name === 'user_id'))
    return 'user_id IN (SELECT id FROM app.users WHERE tenant_id = $1)';
  return null;
}

async function stats(
  client: pg.PoolClient,
  schema: string,
  table: string,
  columns: Column[],
  where = '',
  params: unknown[] = [],
): Promise<TableStats> {
  const money = columns.filter((c) => c.money);
  const select = [
    'count(*)::text AS "__rows"',
    ...money.map((c) => `coalesce(sum(${q(c.name)}), 0)::text AS ${q(c.name)}`),
  ];
  const { rows } = await client.query<Record<string, string>>(
    `SELECT ${select.join(', ')} FROM ${q(schema)}.${q(table)} ${where ? `WHERE ${where}` : ''}`,
    params,
  );
  const row = rows[0]!;
  return {
    rows: Number(row.__rows),
    sums: Object.fromEntries(money.map((c) => [c.name, row[c.name]!])),
  };
}

async function dumpTable(
  client: pg.PoolClient,
  file: string,
  schema: string,
  table: string,
  where: string,
  params: unknown[],
): Promise<void> {
  mkdirSync(path.dirname(file), { recursive: true });
  const out = createWriteStream(file);
  await client.query(
    `DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS j FROM ${q(schema)}.${q(table)} t ${where ? `WHERE ${where}` : ''}`,
    params,
  );
  for (;;) {
    const { rows } = await client.query<{ j: string }>(`FETCH ${BATCH} FROM backup_rows`);
    if (rows.length === 0) break;
    if (!out.write(rows.map((r) => `${r.j}\n`).join(''))) await once(out, 'drain');
  }
  await client.query('CLOSE backup_rows');
  out.end();
  await once(out, 'finish');
}

/**
 * Writes a backup of everything (or of one tenant with its app.tenants/app.users rows) to `outDir`,
 * reading all of it in one REPEATABLE READ transaction: one consistent snapshot.
 */
export async function backup(
  pool: pg.Pool,
  outDir: string,
  options: { tenantId?: string } = {},
): Promise<Manifest> {
  if (existsSync(outDir) && readdirSync(outDir).length > 0)
    throw new BackupError(`${outDir} is not empty; choose a new directory for the backup`);
  mkdirSync(outDir, { recursive: true });
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows: tenants } = await client.query<{
      id: string;
      natural_name: string;
      schema_name: string;
    }>(
      `SELECT id, natural_name, schema_name FROM app.tenants ${options.tenantId ? 'WHERE id::text = $1' : ''} ORDER BY created_at, id`,
      options.tenantId ? [options.tenantId] : [],
    );
    if (options.tenantId && tenants.length === 0)
      throw new BackupError(`There is no tenant with id ${options.tenantId}`);
    const migrations = async (schema: string) =>
      (
        await client.query<{ name: string }>(
          `SELECT name FROM ${q(schema)}.schema_migrations ORDER BY name`,
        )
      ).rows.map((r) => r.name);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      database: (await client.query<{ version: string }>('SELECT version()')).rows[0]!.version,
      scope: options.tenantId ? tenants[0]!.id : 'all',
      appMigrations: await migrations('app'),
      app: {},
      tenants: [],
    };

    for (const table of await tablesOf(client, 'app')) {
      const columns = await columnsOf(client, 'app', table);
      const where = options.tenantId ? tenantFilter(table, columns) : '';
      if (where === null) continue; // not tenant data (contact-sales messages)
      const params = where ? [tenants[0]!.id] : [];
      const file = `app/${table}.jsonl`;
      await dumpTable(client, path.join(outDir, file), 'app', table, where, params);
      manifest.app[table] = {
        file,
        columns: columns.map((c) => c.name),
        ...(await stats(client, 'app', table, columns, where, params)),
      };
    }

    for (const tenant of tenants) {
      const entry: TenantEntry = {
        id: tenant.id,
        naturalName: tenant.natural_name,
        schemaName: tenant.schema_name,
        migrations: await migrations(tenant.schema_name),
        tables: {},
      };
      for (const table of await tablesOf(client, tenant.schema_name)) {
        const columns = await columnsOf(client, tenant.schema_name, table);
        const file = `tenants/${tenant.schema_name}/${table}.jsonl`;
        await dumpTable(client, path.join(outDir, file), tenant.schema_name, table, '', []);
        entry.tables[table] = {
          file,
          columns: columns.map((c) => c.name),
          ...(await stats(client, tenant.schema_name, table, columns)),
        };
      }
      manifest.tenants.push(entry);
    }
    await client.query('COMMIT');
    writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

export function readManifest(dir: string): Manifest {
  const file = path.join(dir, 'manifest.json');
  if (!existsSync(file)) throw new BackupError(`${dir} holds no backup (manifest.json is missing)`);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  if (manifest.format !== BACKUP_FORMAT)
    throw new BackupError(
      `${dir} is in format ${String(manifest.format)}; this version reads ${BACKUP_FORMAT}`,
    );
  return manifest;
}

/** Streams a `.jsonl` file in batches of raw JSON lines, keeping those `keep` accepts. */
async function* batches(file: string, keep: (line: string) => boolean): AsyncGenerator<string[]> {
  const lines = readline.createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let batch: string[] = [];
  for await (const line of lines) {
    if (line === '' || !keep(line)) continue;
    batch.push(line);
    if (batch.length >= BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

async function loadTable(
  client: pg.PoolClient,
  dir: string,
  schema: string,
  table: string,
  entry: TableEntry,
  keep: (line: string) => boolean = () => true,
): Promise<void> {
  const target = `${q(schema)}.${q(table)}`;
  const cols = entry.columns.map(q).join(', ');
  for await (const batch of batches(path.join(dir, entry.file), keep))
    await client.query(
      `INSERT INTO ${target} (${cols}) SELECT ${cols} FROM json_populate_recordset(NULL::${target}, $1::json)`,
      [`[${batch.join(',')}]`],
    );
}

function missing(names: string[], known: string[]): string[] {
  const set = new Set(known);
  return names.filter((n) => !set.has(n));
}

function sameStats(a: TableStats, b: TableStats): boolean {
  return a.rows === b.rows && JSON.stringify(a.sums) === JSON.stringify(b.sums);
}

/**
 * Restores a backup (every tenant, or `tenantId` alone with its app.tenants/app.users rows) in one
 * transaction: control-plane migrations, each tenant schema migrated to the backup's migrations,
 * the rows, then the migrations this version adds, then a check that every table has the backup's
 * row counts and money sums. Fails, changing nothing, if the target already has one of the tenants.
 */
export async function restore(
  pool: pg.Pool,
  fromDir: string,
  options: { tenantId?: string } = {},
): Promise<{ tenants: TenantEntry[]; rows: number }> {
  const manifest = readManifest(fromDir);
  const tenants = options.tenantId
    ? manifest.tenants.filter((t) => t.id === options.tenantId)
    : manifest.tenants;
  if (options.tenantId && tenants.length === 0)
    throw new BackupError(
      `The backup has no tenant ${options.tenantId} (it has: ${manifest.tenants.map((t) => `${t.id} ${t.naturalName}`).join(', ') || 'none'})`,
    );
  const newerApp = missing(manifest.appMigrations, migrationNames('app'));
  const newerTenant = missing(
    [...new Set(tenants.flatMap((t) => t.migrations))],
    migrationNames('tenant'),
  );
  if (newerApp.length + newerTenant.length > 0)
    throw new BackupError(
      `The backup was made by a newer version (unknown migrations: ${[...newerApp, ...newerTenant].join(', ')})`,
    );

  const client = await pool.connect();
  let rows = 0;
  try {
    await client.query('BEGIN');
    await applyMigrations(client, 'app', 'app');
    for (const tenant of tenants) {
      const { rows: taken } = await client.query<{ id: string; natural_name: string }>(
        'SELECT id, natural_name FROM app.tenants WHERE id = $1 OR schema_name = $2',
        [tenant.id, tenant.schemaName],
      );
      const { rowCount: schemaExists } = await client.query(
        'SELECT 1 FROM pg_namespace WHERE nspname = $1',
        [tenant.schemaName],
      );
      if (taken.length > 0 || schemaExists)
        throw new BackupError(
          `The target database already has tenant "${tenant.naturalName}" (id ${tenant.id}, schema ${tenant.schemaName}); ` +
            'restore into a fresh database, or delete that tenant there first',
        );
    }

    // Control plane: every row of a full backup; for one tenant, its own rows only.
    const tenantIds = new Set(tenants.map((t) => t.id));
    const userIds = new Set<string>();
    for (const [table, entry] of Object.entries(manifest.app)) {
      let keep: ((line: string) => boolean) | undefined;
      if (options.tenantId) {
        keep = (line) => {
          const row = JSON.parse(line) as { id?: string; tenant_id?: string; user_id?: string };
          if (table === 'tenants') return tenantIds.has(row.id!);
          if ('tenant_id' in row) {
            if (table === 'users' && tenantIds.has(row.tenant_id!)) userIds.add(row.id!);
            return tenantIds.has(row.tenant_id!);
          }
          return 'user_id' in row && userIds.has(row.user_id!);
        };
      }
      try {
        await loadTable(client, fromDir, 'app', table, entry, keep);
      } catch (err) {
        if ((err as { code?: string }).code === '23505')
          throw new BackupError(
            `The target database already has a row of app.${table} the backup holds: ${(err as Error).message}`,
          );
        throw err;
      }
    }

    for (const tenant of tenants) {
      const s = tenant.schemaName;
      await applyMigrations(client, 'tenant', s, new Set(tenant.migrations));
      const order = (await tablesOf(client, s)).filter((t) => tenant.tables[t]);
      const unknown = Object.keys(tenant.tables).filter((t) => !order.includes(t));
      if (unknown.length > 0)
        throw new BackupError(
          `Schema ${s}: the backup has tables the migrations did not create: ${unknown.join(', ')}`,
        );
      // Rows the migrations seeded (sync_state, counters) give way to the backup's.
      for (const table of [...order].reverse())
        await client.query(`DELETE FROM ${q(s)}.${q(table)}`);
      for (const table of order) await loadTable(client, fromDir, s, table, tenant.tables[table]!);
      await applyMigrations(client, 'tenant', s);
      for (const table of order) {
        const got = await stats(client, s, table, await columnsOf(client, s, table));
        const want = tenant.tables[table]!;
        if (!sameStats(got, want))
          throw new BackupError(
            `Schema ${s}, table ${table}: restored ${JSON.stringify(got)} but the backup holds ${JSON.stringify(want)}`,
          );
        rows += got.rows;
      }
    }
    if (!options.tenantId)
      for (const [table, entry] of Object.entries(manifest.app)) {
        const got = await stats(client, 'app', table, await columnsOf(client, 'app', table));
        if (got.rows < entry.rows)
          throw new BackupError(`app.${table}: restored ${got.rows} rows of ${entry.rows}`);
        rows += entry.rows;
      }
    await client.query('COMMIT');
    return { tenants, rows };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
