import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from './paths';

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** Server output so far (for failure messages). */
  logs: () => string;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object'
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** A fresh database on TEST_DATABASE_URL's server, dropped again by the returned function. */
async function createDatabase(
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `e2e_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

async function waitForPing(
  baseUrl: string,
  child: ChildProcess,
  logs: () => string,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited with code ${child.exitCode}:\n${logs()}`);
    if (logs().includes('Server listening')) {
      try {
        const response = await fetch(`${baseUrl}/api/auth/ping`);
        if (response.ok) return;
        lastError = `ping answered ${response.status}`;
      } catch (error) {
        lastError = String(error);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `server did not answer /api/auth/ping within ${timeoutMs} ms (${lastError}):\n${logs()}`,
  );
}

export interface ServerOptions {
  /** Serve the PWA from this folder instead of dist/pwa (STATIC_DIR), e.g. a copy a test changes. */
  staticDir?: string;
  /** More environment for the server process (e.g. `TEST_CLOCK: '1'` for a clock tests can move). */
  env?: Record<string, string>;
}

/** Starts `sync-server` on a free port with an empty DATA_DIR (and database), serving dist/pwa. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'smb-e2e-'));
  const database = process.env.TEST_DATABASE_URL
    ? await createDatabase(process.env.TEST_DATABASE_URL)
    : null;
  const baseUrl = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    RATE_LIMIT_MAX: '10000',
    SIGNUPS_PER_HOUR: '10000',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    APP_ORIGIN: baseUrl,
  };
  Object.assign(env, options.env);
  if (options.staticDir) env.STATIC_DIR = options.staticDir;
  else delete env.STATIC_DIR;
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  if (database) env.DATABASE_URL = database.url;

  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/server.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const logs = () => output.slice(-20_000);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    await database
      ?.drop()
      .catch((error: unknown) =>
        console.warn(`[e2e] could not drop test database: ${String(error)}`),
      );
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForPing(baseUrl, child, logs, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataDir, logs, stop };
}
