/** `npm run migrate`: apply pending control-plane and tenant migrations, then exit. */
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from './database';
import { migrateAll } from './migrate';

try {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const result = await migrateAll(database.pool);
    console.log(
      `Applied ${result.app.length} control-plane migration(s); ${result.tenants} tenant schema(s) up to date.`,
    );
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof ConfigError ? `Invalid configuration: ${err.message}` : err);
  process.exit(1);
}
