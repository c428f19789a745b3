/** `npm run backup -- --out <dir> [--tenant <tenantId>]`: see README, "Backup and restore". */
import { main } from './cli';

process.exit(await main('backup', process.argv.slice(2)));
