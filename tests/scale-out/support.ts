/**
 * A small cluster on loopback: N server processes on one PostgreSQL database and one Redis, with
 * HAProxy in front (round-robin, health check on /api/auth/ping). Everything it starts it stops.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { Redis } from 'ioredis';
import { freePort, startServer, type ServerProcess } from '../support/server-process';
import { freshPostgres, serverEnv, sleep, tempDir } from '../reliability/support';

export { sleep };

/** Polls `check` every 20 ms until it holds; fails after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await sleep(20);
  }
}

/** A Redis server of the cluster's own, on a free loopback port, keeping nothing on disk. */
export async function startRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0 });
  probe.on('error', () => {}); // refused until it is up
  await until(async () => {
    try {
      await probe.connect();
      return (await probe.ping()) === 'PONG';
    } catch {
      probe.disconnect();
      return false;
    }
  }, 15_000);
  probe.disconnect();
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () => stopChild(child),
  };
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill(signal);
  });
}

/**
 * HAProxy's configuration: round-robin over `ports`, a server out after 2 failed checks 300 ms
 * apart (a server shutting down fails its check while it keeps serving: SHUTDOWN_DRAIN_MS), one
 * log line per request on stdout.
 *
 * A check fails on a refused connection (a dead server: at once), a 503 (a draining server), or
 * no answer within `timeout check` (2 s). Without that timeout HAProxy waits `inter` (300 ms) for
 * the answer: on a loaded machine healthy servers answered slower than that, were taken out and
 * put back by turns, and with one server restarting the other two could be out together — every
 * request then got HAProxy's own 503. So a server draining for SHUTDOWN_DRAIN_MS must outlast
 * two checks of up to 2.3 s each: 5 s.
 */
export const SHUTDOWN_DRAIN_MS = 5_000;

export function haproxyConfig(frontPort: number, statsPort: number, ports: number[]): string {
  return [
    'global',
    '  maxconn 8192',
    '  log stdout format raw local0',
    'defaults',
    '  mode http',
    '  log global',
    '  option httplog',
    // The client's address for the servers (TRUST_PROXY=127.0.0.1 believes this proxy only):
    // appended to whatever X-Forwarded-For the client sent, so a forged one stays to its left.
    '  option forwardfor',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout check 2s',
    // A request whose connection to a server could not be made goes to another server (the
    // server may have closed its port). One that reached a server and got no answer, or a 503
    // from a server closing, is sent again to another server only where a replay is harmless:
    // reads, and sync pushes and pulls (a push carries client mutation ids; the server applies
    // each once). Other writes are answered as they came; their clients retry with the same ids.
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response 503',
    // No idle server connection to be closed under a request by a restarting server.
    '  option http-server-close',
    'frontend api',
    `  bind 127.0.0.1:${frontPort}`,
    '  default_backend servers',
    'frontend stats',
    `  bind 127.0.0.1:${statsPort}`,
    '  stats enable',
    '  stats uri /stats',
    'backend servers',
    '  balance roundrobin',
    '  acl replay_safe method GET HEAD',
    '  acl replay_safe path /api/sync/push /api/sync/pull',
    '  http-request disable-l7-retry unless replay_safe',
    '  option httpchk GET /api/auth/ping',
    '  http-check expect status 200',
    '  default-server inter 300ms fall 2 rise 2',
    ...ports.map((p, i) => `  server s${i + 1} 127.0.0.1:${p} check`),
    '',
  ].join('\n');
}

/**
 * A JSON request from a chosen loopback address (the whole of 127.0.0.0/8 is this machine's):
 * the address HAProxy or a server sees as the client's, unlike fetch, which always uses 127.0.0.1.
 */
export function requestFrom(
  localAddress: string,
  base: string,
  method: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> | undefined }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      new URL(url, base),
      {
        method,
        localAddress,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => {
          let json: Record<string, unknown> | undefined;
          try {
            json = JSON.parse(text) as Record<string, unknown>;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * The HAProxy log's lines of API requests (not the stats page the test polls) that did not end
 * normally: a termination state other than `----`, no status (-1), or a retry/redispatch.
 */
export function abnormalLogLines(log: string): string[] {
  return log
    .split('\n')
    .filter((line) => / api servers\/\S+ /.test(line) && /"[A-Z]+ \//.test(line))
    .filter((line) => {
      const m = / (-?\d+) \d+ \S+ \S+ (\S{4}) \d+\/\d+\/\d+\/\d+\/(\+?\d+) /.exec(line);
      return m === null || m[1] === '-1' || m[2] !== '----' || m[3] !== '0';
    });
}

/**
 * How long a server may take to start: seconds on an idle machine; on the shared 2-core machine at
 * a load average of 25–38 a restart measured 156–178 s, and one passed 300 s.
 */
const RESTART_TIMEOUT_MS = 480_000;

export interface Cluster {
  /** HAProxy's address. */
  url: string;
  /** The database every server shares. */
  databaseUrl: string;
  /** The shared DATA_DIR (dev mailbox). */
  dataDir: string;
  redisUrl: string;
  servers: ServerProcess[];
  /** What HAProxy logged so far (one line per request). */
  haproxyLog(): string;
  /** Everything every server process this cluster started (restarts included) has logged. */
  serverLogs(): string;
  env(i: number): Record<string, string>;
  /** Whether HAProxy's checks have server `i` up. */
  isUp(i: number): Promise<boolean>;
  /** Starts server `i` again (after a stop) and waits until HAProxy sends it traffic. */
  restart(i: number): Promise<number>;
  close(): Promise<void>;
}

export async function startCluster(
  count: number,
  /** More environment for every server; a function gets the database's URL (to point elsewhere). */
  extraEnv: Record<string, string> | ((databaseUrl: string) => Record<string, string>) = {},
): Promise<Cluster> {
  const cleanups: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const db = await freshPostgres('smb_scale');
    cleanups.push(() => db.drop());
    const redis = await startRedis();
    cleanups.push(() => redis.stop());
    const dataDir = tempDir('smb-scale-');
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
    const env = (i: number) => ({
      ...serverEnv(dataDir, db.url),
      RATE_LIMIT_MAX: '20',
      // HAProxy (on loopback, `option forwardfor`) is the one proxy whose X-Forwarded-For counts.
      TRUST_PROXY: '127.0.0.1',
      REDIS_URL: redis.url,
      LOG_LEVEL: 'info',
      // Longer than HAProxy takes to see a failing check twice (haproxyConfig).
      SHUTDOWN_DRAIN_MS: String(SHUTDOWN_DRAIN_MS),
      ...(typeof extraEnv === 'function' ? extraEnv(db.url) : extraEnv),
      PORT: String(ports[i]),
    });
    const servers: ServerProcess[] = [];
    const everyServer: ServerProcess[] = [];
    cleanups.push(async () => {
      await Promise.all(servers.map((s) => s.stop('SIGKILL')));
    });
    // The first applies the migrations; the others, started together, find them done.
    servers.push(await startServer(env(0), RESTART_TIMEOUT_MS));
    servers.push(
      ...(await Promise.all(
        Array.from({ length: count - 1 }, (_, i) => startServer(env(i + 1), RESTART_TIMEOUT_MS)),
      )),
    );
    everyServer.push(...servers);

    const frontPort = await freePort();
    const statsPort = await freePort();
    const dir = path.join(dataDir, 'haproxy');
    mkdirSync(dir, { recursive: true });
    const cfg = path.join(dir, 'haproxy.cfg');
    writeFileSync(cfg, haproxyConfig(frontPort, statsPort, ports));
    let haproxyOutput = '';
    const haproxy = spawn('haproxy', ['-f', cfg, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
    haproxy.stdout!.on('data', (d: Buffer) => (haproxyOutput += d.toString()));
    haproxy.stderr!.on('data', (d: Buffer) => (haproxyOutput += d.toString()));
    cleanups.push(() => stopChild(haproxy, 'SIGTERM'));

    const isUp = async (i: number) => {
      try {
        const res = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`);
        const line = (await res.text()).split('\n').find((l) => l.startsWith(`servers,s${i + 1},`));
        return line?.split(',')[17] === 'UP';
      } catch {
        return false;
      }
    };
    try {
      await until(async () => (await Promise.all(servers.map((_, i) => isUp(i)))).every(Boolean));
    } catch (err) {
      throw new Error(`HAProxy did not see the servers up:\n${haproxyOutput}`, { cause: err });
    }

    return {
      url: `http://127.0.0.1:${frontPort}`,
      databaseUrl: db.url,
      dataDir,
      redisUrl: redis.url,
      servers,
      haproxyLog: () => haproxyOutput,
      serverLogs: () => everyServer.map((s) => s.output()).join(''),
      env,
      isUp,
      async restart(i) {
        const started = Date.now();
        servers[i] = await startServer(env(i), RESTART_TIMEOUT_MS);
        everyServer.push(servers[i]);
        await until(() => isUp(i));
        return Date.now() - started;
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
