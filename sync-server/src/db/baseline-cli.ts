/**
 * `npm run db:baseline`: writes `migrations/tenant-baseline/<newest tenant file>.sql`, the script a
 * new company's schema is made from (`tenant-baseline.ts`), and removes the one it replaces.
 * Needs `DATABASE_URL` (a PostgreSQL whose user may create databases) and `pg_dump` of that major
 * version. It replays every tenant file into a scratch database, dumps that schema, and drops the
 * database again. Run it after adding tenant migrations when a new company should no longer replay
 * them; `sync-server/test/tenant-baseline.test.ts` checks the script against replaying.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { applyMigrations, migrateApp, migrationNames } from './migrate';
import { BASELINE_DIR } from './tenant-baseline';

/** The schema the files are replayed into: a name no table, column or value contains. */
const SCRATCH_SCHEMA = 'tenant_baseline_scratch';

/**
 * The dump as a script for any schema: no session settings, no psql commands (`\restrict`), no
 * schema, names unqualified.
 */
function baselineScript(dump: string, covers: string): string {
  const statements = dump
    .split('\n')
    .filter(
      (line) =>
        !line.startsWith('--') &&
        !line.startsWith('\\') &&
        !line.startsWith('SET ') &&
        !line.startsWith('SELECT pg_catalog.set_config(') &&
        !line.startsWith('CREATE SCHEMA '),
    )
    .join('\n')
    .replaceAll(`${SCRATCH_SCHEMA}.`, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (statements.includes(SCRATCH_SCHEMA))
    throw new Error(`the dump still names ${SCRATCH_SCHEMA} after unqualifying it`);
  return `-- Written by \`npm run db:baseline\`; do not edit. A new company's schema as the tenant
-- migrations up to ${covers} leave it (sync-server/src/db/tenant-baseline.ts).

${statements}
`;
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL must name a PostgreSQL server');
  const scratch = `smb_baseline_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${scratch}`);
  const scratchUrl = new URL(url);
  scratchUrl.pathname = `/${scratch}`;
  try {
    const pool = new pg.Pool({ connectionString: scratchUrl.toString(), max: 1 });
    try {
      await migrateApp(pool);
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        // Every file named: replayed, not made from the current baseline.
        await applyMigrations(client, 'tenant', SCRATCH_SCHEMA, new Set(migrationNames('tenant')));
        await client.query('COMMIT');
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
    const dump = execFileSync(
      'pg_dump',
      [
        `--dbname=${scratchUrl.toString()}`,
        `--schema=${SCRATCH_SCHEMA}`,
        `--exclude-table=${SCRATCH_SCHEMA}.schema_migrations`,
        '--no-owner',
        '--no-privileges',
        '--column-inserts',
      ],
      { encoding: 'utf8', maxBuffer: 64 * 2 ** 20 },
    );
    const covers = migrationNames('tenant').at(-1)!;
    mkdirSync(BASELINE_DIR, { recursive: true });
    for (const old of readdirSync(BASELINE_DIR).filter((f) => f.endsWith('.sql')))
      rmSync(path.join(BASELINE_DIR, old));
    writeFileSync(path.join(BASELINE_DIR, covers), baselineScript(dump, covers));
    console.log(`migrations/tenant-baseline/${covers} written`);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
    await admin.end();
  }
}

await main();
