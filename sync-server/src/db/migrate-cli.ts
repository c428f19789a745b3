/**
 * `npm run migrate`: apply pending control-plane and tenant migrations, then exit. Safe while
 * servers run (each tenant schema in its own transaction) and safe to interrupt: run it again and
 * it does the schemas it had not finished.
 *   MIGRATE_CONCURRENCY=4   tenant schemas migrated side by side (default 4)
 *   --also <dir>            also apply the tenant migrations in <dir> (the bench's example one)
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from './database';
import { migrateApp, migrateTenants, readMigrationDir } from './migrate';

try {
  const config = loadConfig();
  const alsoAt = process.argv.indexOf('--also');
  const extra = alsoAt > 0 ? readMigrationDir(path.resolve(process.argv[alsoAt + 1]!)) : [];
  const concurrency = Number(process.env.MIGRATE_CONCURRENCY ?? 4);
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new ConfigError('MIGRATE_CONCURRENCY must be a positive integer');
  const database = await openDatabase(config);
  try {
    const started = performance.now();
    const app = await migrateApp(database.pool);
    let done = 0;
    const result = await migrateTenants(database.pool, {
      concurrency: database.kind === 'postgres' ? concurrency : 1,
      extra,
      onSchema: ({ schema, error }) => {
        done += 1;
        if (error) console.error(`${schema}: ${error.message}`);
        else if (done % 500 === 0) console.log(`${done} tenant schema(s) migrated…`);
      },
    });
    console.log(
      `Applied ${app.length} control-plane migration(s); ${result.migrated} of ${result.tenants} tenant schema(s) migrated, ` +
        `${result.tenants - result.failed.length} up to date, in ${Math.round(performance.now() - started)} ms.`,
    );
    if (result.failed.length > 0) {
      console.error(`${result.failed.length} tenant schema(s) failed; run again once fixed.`);
      process.exitCode = 1;
    }
  } finally {
    await database.close();
  }
  // A closed pool's last socket can keep the process alive for half a minute; nothing is left to do.
  process.exit(process.exitCode ?? 0);
} catch (err) {
  console.error(err instanceof ConfigError ? `Invalid configuration: ${err.message}` : err);
  process.exit(1);
}
