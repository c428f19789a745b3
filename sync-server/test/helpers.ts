/**
 * Shared test set-up: a fresh database (embedded PGlite, or a new database on TEST_DATABASE_URL
 * when TEST_DB_KIND=postgres), migrations, the dev mailbox in a temp DATA_DIR, and the app.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { AppContext } from '../src/context';
import {
  EMBEDDED_POOL_SIZE,
  connectDatabase,
  startEmbeddedPostgres,
  type Database,
  type PoolOptions,
} from '../src/db/database';
import { createChangeListener } from '../src/db/listener';
import { migrateAll } from '../src/db/migrate';
import { createMailer, type Mailer } from '../src/mail/mailer';
import { createSessionCache } from '../src/modules/auth/session-cache';

export const STRONG_PASSWORD = 'Str0ng!Pass';

export interface TestDatabase {
  database: Database;
  /** A connection string other processes (or a second pool) can use. */
  connectionString: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(
  poolSize = 10,
  options: PoolOptions = {},
): Promise<TestDatabase> {
  if (process.env.TEST_DB_KIND === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
    const name = `smb_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = connectDatabase(url.toString(), poolSize, () => {}, undefined, options);
    return {
      database,
      connectionString: url.toString(),
      async drop() {
        await database.close();
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  const embedded = await startEmbeddedPostgres(undefined);
  const database = connectDatabase(
    embedded.connectionString,
    EMBEDDED_POOL_SIZE,
    () => {},
    embedded.stop,
    options,
  );
  return { database, connectionString: embedded.connectionString, drop: () => database.close() };
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  mailDir: string;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    mailer?: Mailer;
    poolSize?: number;
    build?: BuildOptions;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'smb-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    RATE_LIMIT_MAX: '100000',
    SIGNUPS_PER_HOUR: '100000',
    APP_ORIGIN: 'http://app.test',
    STATIC_DIR: path.join(dataDir, 'no-static'),
    ...options.env,
  });
  const testDb = await createTestDatabase(options.poolSize, {
    preparedStatements: config.preparedStatements,
    tenantLanes: config.tenantLanes,
    timeouts: config.dbTimeouts,
  });
  await migrateAll(testDb.database.pool);
  const silent = { info() {} };
  const mailer = options.mailer ?? createMailer(config, silent);
  const changes = createChangeListener(testDb.database, { enabled: config.listen });
  const sessions = createSessionCache(testDb.database, { ttlMs: config.sessionCacheMs, changes });
  const ctx: AppContext = { config, database: testDb.database, mailer, sessions, changes };
  const app = await buildApp(ctx, options.build);
  await app.ready();
  return {
    app,
    ctx,
    config,
    mailDir: path.join(dataDir, 'mail'),
    async close() {
      await app.close();
      mailer.close();
      await sessions.close();
      await changes.close();
      await testDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The dev mailbox's messages to `email`, oldest first, as raw .eml text. */
export function mailsTo(mailDir: string, email: string): string[] {
  let files: string[];
  try {
    files = readdirSync(mailDir).sort();
  } catch {
    return [];
  }
  return files
    .map((f) => readFileSync(path.join(mailDir, f), 'utf8'))
    .filter((raw) => new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'im').test(raw));
}

/** The 6-digit code in the newest mail to `email`. */
export function latestCode(mailDir: string, email: string): string {
  const mails = mailsTo(mailDir, email);
  const last = mails.at(-1);
  const code = last?.match(/Your code: (\d{6})/)?.[1];
  if (!code) throw new Error(`No code mailed to ${email}`);
  return code;
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

/** Registers, verifies and logs in a tenant administrator; returns the token. */
export async function registerTenant(
  t: TestApp,
  company = 'Acme Ltd',
  email = uniqueEmail('admin'),
  signup: { country?: string; locale?: string } = {},
): Promise<{ email: string; token: string; tenantId: string; userId: string }> {
  const reg = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      email,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      tenantNaturalName: company,
      ...signup,
    },
  });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  const code = latestCode(t.mailDir, email);
  const ver = await t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email-otp',
    payload: { email, otpCode: code },
  });
  if (ver.statusCode !== 200) throw new Error(`verify failed: ${ver.body}`);
  const token = await login(t, email);
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    tenantId: string;
    sub: string;
  };
  return { email, token, tenantId: claims.tenantId, userId: claims.sub };
}

export async function login(
  t: TestApp,
  email: string,
  password = STRONG_PASSWORD,
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return (res.json() as { token: string }).token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A second server instance on the test app's database (PostgreSQL only), with its own listener. */
export interface SecondInstance {
  app: FastifyInstance;
  database: ReturnType<typeof connectDatabase>;
  sessions: ReturnType<typeof createSessionCache>;
  changes: ReturnType<typeof createChangeListener>;
  close(): Promise<void>;
}

export async function startSecondInstance(t: TestApp): Promise<SecondInstance> {
  const database = connectDatabase(t.ctx.database.pool.options.connectionString!, 4);
  const changes = createChangeListener(database, { enabled: true });
  const sessions = createSessionCache(database, { ttlMs: 30_000, changes });
  const app = await buildApp({ ...t.ctx, database, sessions, changes });
  await app.ready();
  return {
    app,
    database,
    sessions,
    changes,
    async close() {
      await app.close();
      await sessions.close();
      await changes.close();
      await database.close();
    },
  };
}
