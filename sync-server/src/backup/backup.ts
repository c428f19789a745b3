/** Writes a backup (the format is described in catalogue.ts). */
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import {
  BACKUP_FORMAT,
  BATCH,
  BackupError,
  columnsOf,
  q,
  stats,
  tablesOf,
  tenantFilter,
  type Manifest,
  type TenantEntry,
} from './catalogue';

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
