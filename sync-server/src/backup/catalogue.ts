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
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';

export const BACKUP_FORMAT = 'smb-finance-backup/1';
/** Rows per statement, both ways. */
export const BATCH = 500;

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

/** A quoted SQL identifier. */
export const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

export interface Column {
  name: string;
  money: boolean;
}

export async function tablesOf(client: pg.PoolClient, schema: string): Promise<string[]> {
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

export async function columnsOf(
  client: pg.PoolClient,
  schema: string,
  table: string,
): Promise<Column[]> {
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
export function tenantFilter(table: string, columns: Column[]): string | null {
  if (table === 'tenants') return 'id = $1';
  if (columns.some((c) => c.name === 'tenant_id')) return 'tenant_id = $1';
  if (columns.some((c) => c.name === 'user_id'))
    return 'user_id IN (SELECT id FROM app.users WHERE tenant_id = $1)';
  return null;
}

export async function stats(
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

export function sameStats(a: TableStats, b: TableStats): boolean {
  return a.rows === b.rows && JSON.stringify(a.sums) === JSON.stringify(b.sums);
}
