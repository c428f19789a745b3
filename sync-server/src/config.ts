import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset → embedded PGlite in `dataDir/pg`. */
  databaseUrl: string | undefined;
  /** Unset → dev mailbox in `dataDir/mail`. */
  smtpUrl: string | undefined;
  mailFrom: string;
  salesInbox: string | undefined;
  jwtSecret: string;
  appOrigin: string;
  logLevel: string;
  /** Auth and public calls allowed per IP, route and minute. */
  rateLimitMax: number;
  /** Sign-ups (POST /api/auth/register) allowed per IP and hour. */
  signupsPerHour: number;
  /**
   * Whose `X-Forwarded-For` is believed (Fastify's `trustProxy`): `false` (nobody: the client is
   * the connection's peer), a hop count, or the proxies' addresses and CIDR ranges.
   */
  trustProxy: TrustProxy;
  /** Built PWA served with SPA fallback; absent directory → API only. */
  staticDir: string;
  poolSize: number;
  /** Pools each company's queries are pinned to (`db/database.ts` tenantLanes); 1 is off. */
  tenantLanes: number;
  /** Run the hottest statements as named prepared statements (off for a pooler that cannot keep them). */
  preparedStatements: boolean;
  /** How the server's database connections come and go, and how long a statement may run. */
  dbTimeouts: DatabaseTimeouts;
  /** How long a session's user and tenant are kept between requests; 0 reads them every time. */
  sessionCacheMs: number;
  /** Keep a LISTEN connection for changes made by other servers (off behind a transaction pooler: live updates then poll). */
  listen: boolean;
  /** Rate-limit counters shared by every server (unset: each process counts for itself). */
  redisUrl: string | undefined;
  /**
   * On SIGTERM, how long the server keeps answering while its health check (`/api/auth/ping`)
   * says 503, so that a load balancer takes it out before it stops accepting connections.
   */
  shutdownDrainMs: number;
}

export interface DatabaseTimeouts {
  /** A pooled connection unused this long is closed. */
  idleMs: number;
  /** A pooled connection is replaced after this long, whatever it did. */
  connectionLifetimeS: number;
  /**
   * A pooled connection is replaced once its queries have named this many schemas: a PostgreSQL
   * session keeps caches and plans for every schema it touched until it ends.
   */
  connectionMaxSchemas: number;
  /** A request waiting this long for a free connection answers 503 (unset: 5 s, 30 s embedded). */
  connectMs: number | undefined;
  /** PostgreSQL cancels a statement that runs this long (0: never). */
  statementMs: number;
  /** PostgreSQL ends a session left idle inside a transaction this long (0: never). */
  idleInTransactionMs: number;
}

export type TrustProxy = false | number | string[];

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function integer(
  env: NodeJS.ProcessEnv,
  key: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new ConfigError(`${key} must be a whole number from ${min} to ${max} (got "${raw}")`);
  return value;
}

function url(env: NodeJS.ProcessEnv, key: string, protocols: string[]): string | undefined {
  const raw = env[key];
  if (!raw) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${key} is not a valid URL`);
  }
  if (!protocols.includes(parsed.protocol))
    throw new ConfigError(`${key} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  return raw;
}

/** proxy-addr's names for address ranges (accepted in TRUST_PROXY like a CIDR). */
const RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: unset or empty → trust nobody; a whole number → that many proxy hops in front;
 * otherwise comma-separated addresses or CIDR ranges (IPv4 or IPv6) of the proxies.
 */
export function trustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '0' || value === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 100)
      throw new ConfigError(`TRUST_PROXY hop count must be at most 100 (got "${raw}")`);
    return hops;
  }
  const entries = value.split(',').map((e) => e.trim());
  for (const entry of entries) {
    if (RANGE_NAMES.includes(entry)) continue;
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefixOk =
      prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= bits && family !== 0);
    if (family === 0 || !prefixOk || extra !== undefined)
      throw new ConfigError(
        `TRUST_PROXY must be a hop count or comma-separated IP addresses/CIDR ranges (got "${entry}")`,
      );
  }
  return entries;
}

/** Fastify's `trustProxy` for the setting (its types take a hop count as a function). */
export function trustProxyOption(
  setting: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/** The secret from JWT_SECRET, else one generated once and kept in DATA_DIR so sessions survive restarts. */
function jwtSecret(env: NodeJS.ProcessEnv, dataDir: string): string {
  const given = env.JWT_SECRET;
  if (given !== undefined && given !== '') {
    if (given.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters long');
    return given;
  }
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const dataDir = path.resolve(env.DATA_DIR || path.join(REPO_ROOT, '.data'));
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel))
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const appOrigin =
    url(env, 'APP_ORIGIN', ['http:', 'https:']) ?? `http://localhost:${port || 3000}`;
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM || 'SMB Finance <no-reply@localhost>',
    salesInbox: env.SALES_INBOX || undefined,
    jwtSecret: jwtSecret(env, dataDir),
    appOrigin: appOrigin.replace(/\/$/, ''),
    logLevel,
    rateLimitMax: integer(env, 'RATE_LIMIT_MAX', 20, 1, 1_000_000),
    signupsPerHour: integer(env, 'SIGNUPS_PER_HOUR', 10, 1, 1_000_000),
    trustProxy: trustProxy(env.TRUST_PROXY),
    staticDir: path.resolve(env.STATIC_DIR || path.join(REPO_ROOT, 'dist/pwa')),
    poolSize: integer(env, 'DB_POOL_SIZE', 10, 1, 1000),
    tenantLanes: integer(env, 'DB_TENANT_LANES', 1, 1, 1000),
    preparedStatements: integer(env, 'DB_PREPARED_STATEMENTS', 1, 0, 1) === 1,
    sessionCacheMs: integer(env, 'SESSION_CACHE_SECONDS', 300, 0, 3600) * 1000,
    listen: integer(env, 'DB_LISTEN', 1, 0, 1) === 1,
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    shutdownDrainMs: integer(env, 'SHUTDOWN_DRAIN_MS', 0, 0, 8_000),
    dbTimeouts: {
      idleMs: integer(env, 'DB_IDLE_TIMEOUT_MS', 30_000, 100, 86_400_000),
      connectionLifetimeS: integer(env, 'DB_CONNECTION_LIFETIME_S', 600, 1, 86_400),
      connectionMaxSchemas: integer(env, 'DB_CONNECTION_MAX_SCHEMAS', 500, 2, 1_000_000),
      connectMs: env.DB_CONNECT_TIMEOUT_MS
        ? integer(env, 'DB_CONNECT_TIMEOUT_MS', 5_000, 100, 600_000)
        : undefined,
      statementMs: integer(env, 'DB_STATEMENT_TIMEOUT_MS', 30_000, 0, 86_400_000),
      idleInTransactionMs: integer(env, 'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', 60_000, 0, 86_400_000),
    },
  };
}
