/**
 * Two versions of our server against each other: this tree ("B") and another checkout ("A",
 * `BENCH_OTHER`, with its own `npm ci`), on one PostgreSQL database with one tenant, in turns of
 * 5 s, each turn also timing the server process's CPU per request. For changes of a few per cent:
 * on a shared machine, the same server's throughput moves ±10 % from one round to the next, and
 * two runs of `api.ts` minutes apart differ by more than such a change; turns side by side do not.
 *
 *   git worktree add /tmp/before HEAD && (cd /tmp/before && npm ci)
 *   BENCH_OTHER=/tmp/before npx tsx bench/versions.ts
 *
 * Env: `BENCH_ROUNDS` (turns per side and case, default 8), `TEST_DATABASE_URL`.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../tests/support/server-process';
import { seed, upToDatePull } from './api';

const OTHER = process.env.BENCH_OTHER;
if (!OTHER) throw new Error('BENCH_OTHER: the checkout to compare this tree with');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const THIS_TREE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Running {
  url: string;
  dataDir: string;
  child: ChildProcess;
}

/** Our server from `cwd`, as `npm run serve` starts it, its log in its data directory. */
async function serve(cwd: string, databaseUrl: string, jwtSecret: string): Promise<Running> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-versions-'));
  const port = await freePort();
  const log = openSync(path.join(dataDir, 'server.log'), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/server.ts'], {
    cwd,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: jwtSecret,
      PORT: String(port),
      DATA_DIR: dataDir,
      RATE_LIMIT_MAX: '1000000',
      SIGNUPS_PER_HOUR: '1000000',
      STATIC_DIR: path.join(dataDir, 'none'),
    },
  });
  const url = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); ;) {
    if (child.exitCode !== null) throw new Error(`the server in ${cwd} exited`);
    if (Date.now() - started > 120_000) throw new Error(`the server in ${cwd} did not start`);
    if (
      await fetch(`${url}/api/auth/ping`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, dataDir, child };
}

/** The process's CPU time so far, in ms (user + system, every thread). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const percent = (x: number) => `${(x * 100).toFixed(0)} %`;

const database = `smb_versions_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${database}`);
const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${database}` }).toString();
const jwtSecret = randomBytes(32).toString('hex');
const servers: Running[] = [];
try {
  // B first: it migrates the database; A must accept the same schema.
  const b = await serve(THIS_TREE, databaseUrl, jwtSecret);
  servers.push(b);
  const a = await serve(path.resolve(OTHER), databaseUrl, jwtSecret);
  servers.push(a);

  const { token, customerId } = await seed(b.url, b.dataDir);
  const pull = await upToDatePull(b.url, token);

  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const cases = [
    {
      name: 'POST /api/sync/pull (empty)',
      path: '/api/sync/pull',
      method: 'POST' as const,
      body: JSON.stringify(pull),
    },
    {
      name: 'GET /api/customers/{id}',
      path: `/api/customers/${customerId}`,
      method: 'GET' as const,
    },
  ];
  const load = (server: Running, c: (typeof cases)[number], duration: number) =>
    autocannon({
      url: server.url + c.path,
      method: c.method,
      headers,
      body: c.body,
      connections: 50,
      duration,
    });

  console.log(
    `A = ${path.resolve(OTHER)}, B = this tree; 50 connections, ${ROUNDS} turns of 5 s each`,
  );
  for (const c of cases) {
    for (const server of [a, b]) await load(server, c, 3); // warm-up
    const throughput: number[] = [];
    const cpu: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const turn: Record<'A' | 'B', { rps: number; cpuUs: number }> = {} as never;
      // Who goes first alternates, so neither always follows the other's load.
      const order: Array<['A' | 'B', Running]> =
        round % 2
          ? [
              ['B', b],
              ['A', a],
            ]
          : [
              ['A', a],
              ['B', b],
            ];
      for (const [label, server] of order) {
        const before = cpuMs(server.child.pid!);
        const result = await load(server, c, 5);
        if (result.errors || result.non2xx)
          throw new Error(`${label} failed requests of ${c.name}`);
        turn[label] = {
          rps: result.requests.average,
          cpuUs: ((cpuMs(server.child.pid!) - before) * 1000) / result.requests.total,
        };
      }
      throughput.push(turn.B.rps / turn.A.rps);
      cpu.push(turn.B.cpuUs / turn.A.cpuUs);
      console.log(
        `  ${c.name} turn ${round + 1}: A ${turn.A.rps.toFixed(0)} req/s, ${turn.A.cpuUs.toFixed(0)} µs CPU per request; ` +
          `B ${turn.B.rps.toFixed(0)} req/s, ${turn.B.cpuUs.toFixed(0)} µs`,
      );
    }
    console.log(
      `${c.name}: B / A median throughput ${percent(median(throughput))} ` +
        `(turns ${percent(Math.min(...throughput))}–${percent(Math.max(...throughput))}), ` +
        `server CPU per request ${percent(median(cpu))}`,
    );
  }
} finally {
  for (const server of servers) server.child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
}
