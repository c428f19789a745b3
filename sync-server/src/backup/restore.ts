/** Restores a backup (the format is described in catalogue.ts). */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type pg from 'pg';
import { applyMigrations, migrationNames } from '../db/migrate';
import {
  BATCH,
  BackupError,
  columnsOf,
  q,
  readManifest,
  sameStats,
  stats,
  tablesOf,
  type TableEntry,
  type TenantEntry,
} from './catalogue';

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
