/** Runs the real server as a child process, as `npm run serve` does, for process-level tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function startServer(
  env: Record<string, string>,
  timeoutMs = 60_000,
  script = 'sync-server/src/server.ts',
  nodeOptions: string[] = [],
  /**
   * Where the server's output goes instead of a pipe into this process: a benchmark's load
   * generator should not also be the sink of every request's log line (in production the log
   * goes to a file or a collector, not to the clients).
   */
  logFile?: string,
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const logFd = logFile === undefined ? undefined : openSync(logFile, 'a');
  const child = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', script], {
    cwd: REPO_ROOT,
    // As `npm run serve` starts it (vitest's NODE_ENV=test would load React's development build).
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', ...env, PORT: String(port) },
    stdio: logFd === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', logFd, logFd],
  });
  if (logFd !== undefined) closeSync(logFd);
  let piped = '';
  child.stdout?.on('data', (d: Buffer) => (piped += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (piped += d.toString()));
  const output = () => (logFile === undefined ? piped : readFileSync(logFile, 'utf8'));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in time:\n${output()}`)),
      timeoutMs,
    );
    // Ready when it says so, or — at a quieter LOG_LEVEL — when it answers ping.
    let probing = false;
    const ready = () => {
      clearInterval(check);
      clearTimeout(timer);
      resolve();
    };
    const check = setInterval(() => {
      if (output().includes('Server listening')) return ready();
      if (probing) return;
      probing = true;
      fetch(`http://127.0.0.1:${port}/api/auth/ping`)
        .then((res) => (res.ok ? ready() : undefined))
        .catch(() => undefined)
        .finally(() => (probing = false));
    }, 100);
    void exited.then((code) => {
      clearInterval(check);
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output()}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
  };
}

/** A fresh database on TEST_DATABASE_URL when the suite runs on PostgreSQL; undefined → embedded. */
export async function freshDatabaseUrl(): Promise<{
  url: string | undefined;
  drop(): Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB_KIND !== 'postgres' || !adminUrl)
    return { url: undefined, drop: async () => {} };
  const name = `smb_proc_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** The 6-digit code in the newest dev-mailbox message to `email`. */
export function mailedCode(dataDir: string, email: string): string {
  const dir = path.join(dataDir, 'mail');
  const mails = readdirSync(dir)
    .sort()
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .filter((m) => m.includes(`To: ${email}`));
  const code = mails.at(-1)?.match(/Your code: (\d{6})/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

export async function api(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
) {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json: json as Record<string, unknown>, text, headers: res.headers };
}
