/** `npm run restore -- --from <dir> [--tenant <tenantId>]`: see README, "Backup and restore". */
import { main } from './cli';

process.exit(await main('restore', process.argv.slice(2)));
