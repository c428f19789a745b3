/**
 * `npm run backup -- --out <dir> [--tenant <tenantId>]` and
 * `npm run restore -- --from <dir> [--tenant <tenantId>]`, with the server's configuration:
 * DATABASE_URL, or the embedded database in DATA_DIR (which the server must not hold open).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { backup } from './backup';
import { BackupError } from './catalogue';
import { restore } from './restore';

const USAGE = {
  backup: 'npm run backup -- --out <dir> [--tenant <tenantId>]',
  restore: 'npm run restore -- --from <dir> [--tenant <tenantId>]',
};

export async function main(command: 'backup' | 'restore', argv: string[]): Promise<number> {
  let values: { out?: string; from?: string; tenant?: string };
  try {
    values = parseArgs({
      args: argv,
      options: { out: { type: 'string' }, from: { type: 'string' }, tenant: { type: 'string' } },
      strict: true,
    }).values;
  } catch (err) {
    console.error(`${(err as Error).message}\nUsage: ${USAGE[command]}`);
    return 2;
  }
  const dir = command === 'backup' ? values.out : values.from;
  if (!dir || (command === 'backup' && values.from) || (command === 'restore' && values.out)) {
    console.error(`Usage: ${USAGE[command]}`);
    return 2;
  }
  try {
    const config = loadConfig();
    const database = await openDatabase(config);
    try {
      const where =
        database.kind === 'embedded'
          ? `embedded database in ${path.join(config.dataDir, 'pg')}`
          : 'DATABASE_URL';
      if (command === 'backup') {
        const manifest = await backup(database.pool, path.resolve(dir), {
          tenantId: values.tenant,
        });
        const tables = [
          ...Object.values(manifest.app),
          ...manifest.tenants.flatMap((t) => Object.values(t.tables)),
        ];
        console.log(
          `Backed up ${manifest.tenants.length} tenant(s), ${tables.reduce((a, t) => a + t.rows, 0)} rows from the ${where} to ${path.resolve(dir)}`,
        );
      } else {
        const result = await restore(database.pool, path.resolve(dir), { tenantId: values.tenant });
        console.log(
          `Restored ${result.tenants.length} tenant(s) (${result.tenants.map((t) => t.naturalName).join(', ')}), ${result.rows} rows into the ${where}`,
        );
      }
    } finally {
      await database.close();
    }
    return 0;
  } catch (err) {
    if (err instanceof ConfigError) console.error(`Invalid configuration: ${err.message}`);
    else if (err instanceof BackupError)
      console.error(`${command === 'backup' ? 'Backup' : 'Restore'} failed: ${err.message}`);
    else console.error(err);
    return 1;
  }
}
