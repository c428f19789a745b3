import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config, DatabaseTimeouts } from '../config';
import { forgetStatementsOf, preparingClient } from './prepared';
import { schemaRecycling } from './session-recycling';
import type { AppDatabase } from './app-tables';
import type { TenantDatabase, TenantDb } from './tenant-database';

// numeric stays a string (exact money); bigint (int8) versions become strings too.
// Dates stay Date objects.

export interface Database {
  pool: pg.Pool;
  /** Kysely over the pool; control-plane queries add `withSchema('app')`. */
  db: Kysely<AppDatabase>;
  /** A Kysely scoped to one tenant schema. The schema name must come from app.tenants, never from input. */
  tenantDb(schemaName: string): TenantDb;
  /**
   * Drops a tenant schema with its data and lets go of what was kept for it: its Kysely, its
   * statements' names and, on the embedded database, its prepared statements and emptied files.
   * The name must come from app.tenants, never from input.
   */
  dropSchema(schemaName: string): Promise<void>;
  /** 'embedded' when PGlite serves the data, else 'postgres'. */
  kind: 'embedded' | 'postgres';
  close(): Promise<void>;
}

/**
 * PGlite runs one query at a time, and its socket server interleaves the extended-protocol
 * messages of concurrent connections (a parameterised query on one connection during another's
 * transaction fails with "portal does not exist"). One connection serialises everything in the
 * pool instead; nothing is lost, since PGlite could not run two queries at once anyway. The
 * rule that follows: never await a second connection while holding a transaction.
 */
export const EMBEDDED_POOL_SIZE = 1;

interface Embedded {
  connectionString: string;
  stop(): Promise<void>;
}

/** PGlite in `dir` (or in memory), served on an ephemeral loopback port for the `pg` driver. */
export async function startEmbeddedPostgres(dir: string | undefined): Promise<Embedded> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  if (dir) mkdirSync(dir, { recursive: true });
  const releaseLock = dir ? lockDataDir(dir) : () => {};
  let pglite: Awaited<ReturnType<typeof PGlite.create>>;
  let server: InstanceType<typeof PGLiteSocketServer>;
  try {
    pglite = await PGlite.create(dir ? { dataDir: dir } : {});
    server = new PGLiteSocketServer({
      db: pglite,
      port: 0,
      host: '127.0.0.1',
      maxConnections: 100,
    });
    await server.start();
  } catch (err) {
    releaseLock();
    throw err;
  }
  const [host, port] = server.getServerConn().split(':');
  return {
    connectionString: `postgres://postgres@${host}:${port}/postgres`,
    async stop() {
      await server.stop();
      await pglite.close();
      releaseLock();
    },
  };
}

/**
 * PGlite has no postmaster lock: two processes opening one data directory (a second server, or a
 * backup while the server runs) would corrupt it. `<dir>.pid` names the owner; a file left by a
 * process that no longer exists (kill -9) is taken over.
 */
function lockDataDir(dir: string): () => void {
  const file = `${dir}.pid`;
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = Number(readFileSync(file, 'utf8').trim());
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner))
      throw new Error(
        `The embedded database in ${dir} is in use by process ${owner}; stop that process first.`,
      );
    rmSync(file, { force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** How the pool's connections are kept and timed; every field has the default `loadConfig` gives. */
export interface PoolOptions {
  /** Run `prepared` statements by name (off for a pooler that cannot keep them). */
  preparedStatements?: boolean;
  /** Every connection reaches the same database session (PGlite behind pglite-socket). */
  sharedSession?: boolean;
  /**
   * Tenant lanes (1: none). Each company's queries always go to one of this many pools, each of
   * `poolSize / lanes` connections, so each backend warms only its lane's share of the companies.
   * Ignored on the embedded database.
   */
  tenantLanes?: number;
  /** Keep one connection through idle spells (a lane's: its warm caches are its point). */
  keepWarm?: boolean;
  timeouts?: Partial<DatabaseTimeouts>;
}

const DEFAULT_TIMEOUTS: DatabaseTimeouts = {
  idleMs: 30_000,
  connectionLifetimeS: 600,
  connectionMaxSchemas: 500,
  connectMs: undefined,
  statementMs: 30_000,
  idleInTransactionMs: 60_000,
};

export function createPool(
  connectionString: string,
  max: number,
  onError: (err: Error) => void,
  options: PoolOptions = {},
): pg.Pool {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  // A single embedded connection queues every request behind it: give the queue time.
  const connectionTimeoutMillis =
    timeouts.connectMs ?? (max === EMBEDDED_POOL_SIZE ? 30_000 : 5_000);
  const sharedSession = options.sharedSession ?? false;
  // Connections that share one session free nothing by reconnecting.
  const { Pool, Client } = schemaRecycling(
    options.preparedStatements === false ? pg.Client : preparingClient({ sharedSession }),
    sharedSession ? Infinity : timeouts.connectionMaxSchemas,
  );
  const pool = new Pool({
    connectionString,
    max,
    connectionTimeoutMillis,
    idleTimeoutMillis: timeouts.idleMs,
    min: options.keepWarm ? 1 : 0,
    Client,
    // Bounds what each session keeps prepared as tenants come and go.
    maxLifetimeSeconds: timeouts.connectionLifetimeS,
    // No request waits forever on the database: a statement running longer is cancelled
    // (→ 503), and a session left idle inside a transaction is ended, releasing its locks.
    ...(timeouts.statementMs > 0 && { statement_timeout: timeouts.statementMs }),
    ...(timeouts.idleInTransactionMs > 0 && {
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    }),
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', onError);
  // Nor may a checked-out one: between two queries of a transaction no query is active to receive
  // the error, so pg emits it on the client, and an unheard 'error' event kills the process. The
  // next query on that client then fails ("not queryable" → 503) and the pool discards the client.
  pool.on('connect', (client) => client.on('error', onError));
  return pool;
}

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'poolSize'> &
    Partial<Pick<Config, 'preparedStatements' | 'tenantLanes' | 'dbTimeouts'>>,
  onError: (err: Error) => void = () => {},
): Promise<Database> {
  const options = {
    preparedStatements: config.preparedStatements,
    tenantLanes: config.tenantLanes,
    timeouts: config.dbTimeouts,
  };
  if (config.databaseUrl)
    return connectDatabase(config.databaseUrl, config.poolSize, onError, undefined, options);
  const embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'));
  return connectDatabase(
    embedded.connectionString,
    EMBEDDED_POOL_SIZE,
    onError,
    embedded.stop,
    options,
  );
}

/**
 * A pool and Kysely over `connectionString`; `stop` runs after the pool has ended and means the
 * database is the embedded one, whose connections all share one session.
 */
export function connectDatabase(
  connectionString: string,
  poolSize: number,
  onError: (err: Error) => void = () => {},
  stop?: () => Promise<void>,
  options: PoolOptions = {},
): Database {
  const poolOptions = { ...options, sharedSession: stop !== undefined };
  const pool = createPool(connectionString, poolSize, onError, poolOptions);
  const db = new Kysely<AppDatabase>({ dialect: new PostgresDialect({ pool }) });
  const lanes = tenantLanes(connectionString, poolSize, onError, poolOptions) ?? [db];
  // One scoped Kysely per tenant, made once: a request reuses it instead of building a new one.
  const tenantDbs = new Map<string, TenantDb>();
  return {
    pool,
    db,
    tenantDb(schemaName) {
      let scoped = tenantDbs.get(schemaName);
      if (!scoped) {
        const lane = lanes[laneOf(schemaName, lanes.length)]!;
        scoped = (lane as unknown as Kysely<TenantDatabase>).withSchema(schemaName);
        tenantDbs.set(schemaName, scoped);
      }
      return scoped;
    },
    async dropSchema(schemaName) {
      await pool.query(`DROP SCHEMA IF EXISTS "${schemaName}" CASCADE`);
      tenantDbs.delete(schemaName);
      const names = forgetStatementsOf(schemaName);
      if (stop) await releaseDroppedSchema(pool, names).catch(onError);
    },
    kind: stop ? 'embedded' : 'postgres',
    async close() {
      // Destroying a Kysely ends its pool.
      await Promise.all([db, ...lanes.filter((lane) => lane !== db)].map((k) => k.destroy()));
      await stop?.();
    },
  };
}

/**
 * A server that serves thousands of companies over one pool sends each company's queries to
 * whichever connection is free, so every backend ends up loading every company's relation
 * caches and plans: memory grows with all the companies on every backend, or, bounded
 * (`DB_CONNECTION_MAX_SCHEMAS`), nearly every request meets a backend cold for its company.
 * Lanes pin each company to one small pool: a backend warms only its lane's share, and that share
 * is what bounds its memory, so a lane's connections are not ended for the schemas they have
 * named, and a quiet lane keeps one open (`keepWarm`) rather than meet its next request cold.
 * A limit there could only be set too low: hashing fills lanes unevenly (10,000 companies in 10
 * lanes: 973 to 1,054), and a lane over it would end its connection each time it had warmed,
 * leaving every request of that lane to meet a cold backend. Control-plane queries (sessions,
 * jobs, migrations), which may touch any company, keep the main pool and its limit. Off on the
 * embedded database, whose connections all share one session.
 */
function tenantLanes(
  connectionString: string,
  poolSize: number,
  onError: (err: Error) => void,
  options: PoolOptions,
): Kysely<AppDatabase>[] | undefined {
  const count = options.tenantLanes ?? 1;
  if (count <= 1 || options.sharedSession) return undefined;
  const size = Math.max(1, Math.ceil(poolSize / count));
  const laneOptions = {
    ...options,
    keepWarm: true,
    timeouts: { ...options.timeouts, connectionMaxSchemas: Infinity },
  };
  return Array.from(
    { length: count },
    () =>
      new Kysely<AppDatabase>({
        dialect: new PostgresDialect({
          pool: createPool(connectionString, size, onError, laneOptions),
        }),
      }),
  );
}

/** A schema's lane: FNV-1a of its name, so every server instance picks the same one. */
export function laneOf(schemaName: string, lanes: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < schemaName.length; i++) {
    hash ^= schemaName.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % lanes;
}

/**
 * What PostgreSQL releases by itself but PGlite's single session does not. Its session never
 * ends, so a dropped schema's prepared statements would stay until the pool next reconnects
 * (they are gone from `statementNames` and never run again). And PGlite has no checkpointer: a
 * dropped table's files are emptied but stay on disk until a checkpoint unlinks them, each with a
 * node in PGlite's in-memory file system — about a hundred files per company, so a server that
 * had seen 1,000 companies come and go held a hundred thousand of them.
 */
async function releaseDroppedSchema(pool: pg.Pool, statementNames: string[]): Promise<void> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      'select name from pg_prepared_statements where name = any($1)',
      [statementNames],
    );
    for (const { name } of rows) await client.query(`deallocate "${name}"`);
    await client.query('checkpoint');
  } finally {
    client.release();
  }
}
