/**
 * Debian's PgBouncer (`/usr/sbin/pgbouncer`, 1.18; `.ci/run` installs it) in transaction pooling
 * mode in front of the local PostgreSQL, on a free loopback port: every database name is passed
 * through (`*`), so a server's DATABASE_URL needs only its port changed.
 */
import { spawn } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../support/server-process';
import { tempDir } from '../reliability/support';
import { until } from './support';

export const PGBOUNCER = '/usr/sbin/pgbouncer';

export interface PgBouncer {
  port: number;
  /** `databaseUrl` through the pooler. */
  via(databaseUrl: string): string;
  /** How many client connections PgBouncer holds for `database` (its admin console). */
  clients(database: string): Promise<number>;
  /** What it logged. */
  output(): string;
  stop(): Promise<void>;
}

export async function startPgBouncer(options: { poolSize?: number } = {}): Promise<PgBouncer> {
  const port = await freePort();
  const dir = tempDir('smb-pgbouncer-');
  // It refuses to run as root: it drops to `postgres`, which must read its files.
  chmodSync(dir, 0o755);
  const upstream = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/');
  const userlist = path.join(dir, 'userlist.txt');
  writeFileSync(userlist, `"${decodeURIComponent(upstream.username || 'postgres')}" ""\n`, {
    mode: 0o644,
  });
  const ini = path.join(dir, 'pgbouncer.ini');
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=${upstream.hostname} port=${upstream.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${userlist}`,
      'pool_mode = transaction',
      `admin_users = ${decodeURIComponent(upstream.username || 'postgres')}`,
      `default_pool_size = ${options.poolSize ?? 20}`,
      'max_client_conn = 1000',
      // node-postgres sends these at connect (DB_STATEMENT_TIMEOUT_MS and its kin); PgBouncer
      // cannot keep session settings in transaction mode and would refuse the connection.
      'ignore_startup_parameters = extra_float_digits,statement_timeout,idle_in_transaction_session_timeout',
      'server_reset_query =',
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  const asRoot = process.getuid?.() === 0;
  const child = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'postgres'] : []), ini], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const listening = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  try {
    await until(async () => {
      if (child.exitCode !== null) throw new Error(`pgbouncer exited:\n${output}`);
      return listening();
    }, 15_000);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    port,
    via(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    async clients(database) {
      const admin = new pg.Client({
        connectionString: `postgres://${upstream.username || 'postgres'}@127.0.0.1:${port}/pgbouncer`,
      });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ database: string }>('SHOW CLIENTS');
        return rows.filter((r) => r.database === database).length;
      } finally {
        await admin.end();
      }
    },
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGINT');
      });
    },
  };
}
