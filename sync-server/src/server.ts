/** Starts the server: configuration → database → migrations → HTTP; closes cleanly on SIGINT/SIGTERM. */
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/database';
import { createChangeListener } from './db/listener';
import { migrateAll } from './db/migrate';
import { JOBS } from './jobs/jobs';
import { startScheduler } from './jobs/scheduler';
import { testClockEnabled } from './clock';
import { invoiceReminders } from './jobs/invoice-reminders';
import { recurringInvoices } from './jobs/recurring-invoices';
import { pruneUnverifiedSignups } from './jobs/unverified-signups';
import { createMailer } from './mail/mailer';
import { createSessionCache } from './modules/auth/session-cache';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`Invalid configuration: ${err.message}`);
    process.exit(1);
  }
  throw err;
}

const { default: pino } = await import('pino');
// Lines go out in batches (4 KB, or every 250 ms when quieter): a write per request line cost
// nearly a tenth of a small read's CPU. pino flushes the batch when the process exits; a kill -9
// loses at most the last 250 ms.
const log = pino(
  { level: config.logLevel, redact: ['req.headers.authorization', '*.password', '*.token'] },
  pino.destination({ dest: 1, minLength: 4096, periodicFlush: 250 }),
);

const database = await openDatabase(config, (err) =>
  log.warn({ err: err.message }, 'database connection error'),
);
const migrated = await migrateAll(database.pool);
log.info(
  {
    database: database.kind,
    appMigrations: migrated.app.length,
    tenants: migrated.tenants,
    tenantsMigrated: migrated.migrated,
  },
  'database ready',
);

const mailer = createMailer(config, log);
const changes = createChangeListener(database, {
  enabled: config.listen,
  onError: (err) => log.warn({ err: err.message }, 'change listener (LISTEN) lost; reconnecting'),
});
if (!config.listen)
  log.warn(
    'DB_LISTEN=0: no LISTEN connection; sessions are read on every request and live updates poll',
  );
const sessions = createSessionCache(database, { ttlMs: config.sessionCacheMs, changes });
const app = await buildApp(
  { config, database, mailer, sessions, changes },
  { loggerInstance: log },
);
await app.listen({ port: config.port, host: config.host });
// Clean-ups on a schedule, each run once per period across every server on the database.
const scheduler = startScheduler(
  database,
  [
    ...JOBS,
    invoiceReminders({ mailer, log }),
    recurringInvoices({ mailer, log }),
    pruneUnverifiedSignups(database),
  ],
  log,
  // A moved test clock makes the jobs due (clock.ts); they run within seconds, not a minute.
  testClockEnabled() ? { tickMs: 2_000, firstTickMs: 2_000 } : undefined,
);
log.info(
  {
    url: `http://localhost:${(app.server.address() as { port: number }).port}`,
    dataDir: config.dataDir,
  },
  `Server listening${database.kind === 'embedded' ? ' (embedded database, dev mailbox: DATA_DIR/mail)' : ''}`,
);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'shutting down');
  const deadlineMs = 10_000 + config.shutdownDrainMs;
  const timer = setTimeout(() => {
    log.error({ ms: deadlineMs }, 'shutdown took longer than its deadline; exiting');
    process.exit(1);
  }, deadlineMs);
  timer.unref();
  try {
    // Behind a load balancer: fail the health check but keep serving until the balancer has
    // taken this server out, so that no request meets a closed port or a dropped connection.
    if (config.shutdownDrainMs > 0) {
      app.startDraining();
      log.info({ ms: config.shutdownDrainMs }, 'draining: health check answers 503');
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    }
    // Keep-alive connections whose request was in flight when the signal came go idle only later,
    // and Node's server.close() reaps idle connections once: the others would hold the close until
    // the client's keep-alive timeout (72 s), past the deadline. Reap them as they go idle.
    const reaper = setInterval(() => app.server.closeIdleConnections(), 50);
    await app.close(); // stops accepting, lets in-flight requests finish
    await scheduler.stop();
    clearInterval(reaper);
    log.info('HTTP server closed');
    mailer.close();
    await sessions.close();
    await changes.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    log.error({ err }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
