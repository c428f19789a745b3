/**
 * API throughput and latency: autocannon against the real server (local PostgreSQL and embedded
 * PGlite) and, in the same run, against a bare Fastify + pg baseline running the same SQL.
 */
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  api,
  freePort,
  mailedCode,
  startServer,
  type ServerProcess,
} from '../tests/support/server-process';
import { LOOP_PROBE, probeLines, probeServer, probed, type LoopProbe } from './support/probe';

export interface LoadResult {
  name: string;
  database: 'postgres' | 'embedded';
  target: 'ours' | 'baseline';
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  bytesPerResponse: number;
  /** With BENCH_LOOP_PROBE: the server's event loop during this round (bench/support/loop-probe.mjs). */
  loop?: LoopProbe;
}

export interface Seeded {
  token: string;
  email: string;
  password: string;
  schema: string;
  customerId: string;
  contactId: string;
  productId: string;
}

const PASSWORD = 'Bench!Pass1';
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Seconds each side runs a case before its counted rounds (`BENCH_WARMUP=0`: none). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? DURATION);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** `BENCH_CASES=pull,login`: only the cases whose name contains one of these (while working on one). */
const CASES = process.env.BENCH_CASES?.split(',').map((c) => c.trim().toLowerCase());
/** `BENCH_CPU_PROF=dir`: our server writes a V8 CPU profile there when it stops, the baseline in `dir/baseline`. */
const CPU_PROF = process.env.BENCH_CPU_PROF;
/**
 * A verified company with a customer (and its main contact), a product and 100 quotes, through the
 * API of the server at `url` (its dev mailbox in `dataDir`).
 */
export async function seed(url: string, dataDir: string): Promise<Seeded> {
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  await api(url, 'POST', '/api/auth/register', {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    tenantNaturalName: 'Bench Co',
  });
  await api(url, 'POST', '/api/auth/verify-email-otp', {
    email,
    otpCode: mailedCode(dataDir, email),
  });
  const token = (await api(url, 'POST', '/api/auth/login', { email, password: PASSWORD })).json
    .token as string;
  const schema = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())
    .tenantSchema as string;
  const customer = await api(
    url,
    'POST',
    '/api/customers',
    {
      name: 'Bench Customer',
      email: 'c@bench.test',
      mainContactName: 'Main',
      mainContactEmail: 'm@bench.test',
    },
    token,
  );
  const customerId = customer.json.id as string;
  const contacts = await api(url, 'GET', `/api/contacts/customer/${customerId}`, undefined, token);
  const contactId = (contacts.json as unknown as Array<{ id: string }>)[0]!.id;
  const product = await api(
    url,
    'POST',
    '/api/products',
    { name: 'Bench Widget', sku: 'BW', price: 12.34, currencyCode: 'USD' },
    token,
  );
  const productId = product.json.id as string;
  for (let i = 0; i < 100; i++)
    await api(url, 'POST', '/api/quotes', quoteBody({ customerId, contactId, productId }), token);
  return { token, email, password: PASSWORD, schema, customerId, contactId, productId };
}

/** The body of a pull from a new device that has pulled everything: an empty delta, as devices poll. */
export async function upToDatePull(url: string, token: string) {
  const ids = { clientGroupId: randomUUID(), clientId: randomUUID() };
  let head = (await api(url, 'POST', '/api/sync/pull', { ...ids, cursor: null }, token)).json;
  while (head.hasMore)
    head = (await api(url, 'POST', '/api/sync/pull', { ...ids, cursor: head.cursor }, token)).json;
  return { ...ids, cursor: head.cursor as string };
}

const quoteBody = (s: Pick<Seeded, 'customerId' | 'contactId' | 'productId'>) => ({
  customerId: s.customerId,
  contactId: s.contactId,
  currencyCode: 'USD',
  notes: '',
  items: [1, 2, 3].map((quantity) => ({ productId: s.productId, quantity })),
});

function run(url: string, opts: Partial<autocannon.Options>): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

/** The round with the median throughput. */
function median(rounds: LoadResult[]): LoadResult {
  const sorted = [...rounds].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

function toResult(
  name: string,
  database: LoadResult['database'],
  target: LoadResult['target'],
  r: autocannon.Result,
): LoadResult {
  return {
    name,
    database,
    target,
    requestsPerSecond: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    bytesPerResponse: Math.round(r.throughput.total / Math.max(1, r.requests.total)),
    non2xx: r.non2xx,
  };
}

export async function benchApi(
  database: 'postgres' | 'embedded',
  log: (line: string) => void,
): Promise<{ results: LoadResult[]; serverRssMb: number }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'smb-bench-'));
  let dbName: string | undefined;
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  let databaseUrl: string | undefined;
  if (database === 'postgres') {
    dbName = `smb_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const env = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '1000000',
    SIGNUPS_PER_HOUR: '1000000',
    STATIC_DIR: path.join(dataDir, 'none'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const probeFile = {
    ours: path.join(dataDir, 'loop-ours.json'),
    base: path.join(dataDir, 'loop-base.json'),
  };
  const probe = { ours: probeServer(probeFile.ours), base: probeServer(probeFile.base) };
  const server = await startServer(
    { ...env, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info', ...probe.ours.env },
    // Minutes, not seconds, when the shared machine is busy.
    180_000,
    undefined,
    [
      ...probe.ours.nodeOptions,
      ...(CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF)}`] : []),
    ],
    // Its request log goes to a file, as in production: piped into this process, it doubled the
    // load generator's GC during our rounds only, and kept the whole run's log in its heap.
    path.join(dataDir, 'server.log'),
  );
  const results: LoadResult[] = [];
  let baseline: ServerProcess | undefined;
  try {
    log(`seeding (${database})…`);
    const s = await seed(server.url, dataDir);
    const auth = { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' };
    const pullBody = JSON.stringify(await upToDatePull(server.url, s.token));
    // The baseline needs a connection string; the embedded database's socket is private to the server, so
    // it is measured against PostgreSQL only.
    if (databaseUrl)
      baseline = await startServer(
        {
          DATABASE_URL: databaseUrl,
          BENCH_SCHEMA: s.schema,
          PORT: String(await freePort()),
          ...probe.base.env,
        },
        180_000,
        'bench/baseline-server.ts',
        [
          ...probe.base.nodeOptions,
          ...(CPU_PROF
            ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF, 'baseline')}`]
            : []),
        ],
      );

    const createQuote = (name: string, connections: number) => ({
      name,
      ours: {
        url: `${server.url}/api/quotes`,
        method: 'POST' as const,
        headers: auth,
        body: JSON.stringify(quoteBody(s)),
        connections,
      },
      base: {
        url: '/quotes',
        method: 'POST' as const,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(s),
        connections,
      },
    });
    // Order matters: the empty pull runs before the quote creations move the tenant's version on.
    const cases: Array<{
      name: string;
      ours: Partial<autocannon.Options>;
      base: Partial<autocannon.Options>;
    }> = [
      {
        name: 'GET /api/customers/{id}',
        ours: { url: `${server.url}/api/customers/${s.customerId}`, headers: auth },
        base: { url: `/customers/${s.customerId}` },
      },
      {
        name: 'GET /api/quotes (100)',
        ours: { url: `${server.url}/api/quotes?limit=100`, headers: auth },
        base: { url: '/quotes' },
      },
      {
        name: 'POST /api/sync/pull (empty)',
        ours: { url: `${server.url}/api/sync/pull`, method: 'POST', headers: auth, body: pullBody },
        base: { url: '/sync/pull', method: 'POST' },
      },
      createQuote('POST /api/quotes (3 items)', CONNECTIONS),
      // The same creation with 10 connections: a busy office's concurrent writers of one tenant,
      // all queueing for its version row.
      createQuote('POST /api/quotes (3 items, 10 connections)', 10),
      {
        name: 'POST /api/auth/login',
        ours: {
          url: `${server.url}/api/auth/login`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: s.email, password: s.password }),
        },
        base: {
          url: '/login',
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: s.email, password: s.password }),
        },
      },
    ];
    // Ours and the baseline take turns, ROUNDS times each, so a slow spell of the shared machine
    // hits both; each side reports its median round.
    for (const c of cases) {
      if (CASES && !CASES.some((name) => c.name.toLowerCase().includes(name))) continue;
      const ours: LoadResult[] = [];
      const base: LoadResult[] = [];
      // Each side first runs the case for one round's length, not counted: the rounds then
      // measure a server that has been running, as one in production has, not the JIT's first
      // seconds (which put one round's p99 of the 100-quote list at three times the next round's,
      // and made each round of the empty pull faster than the one before: 61, 71, 78 % of the
      // baseline's throughput with a 2 s warm-up).
      if (WARMUP > 0) {
        log(`  ${database} warm-up  ${c.name} (${WARMUP} s each side, not counted)`);
        await run(c.ours.url!, { ...c.ours, duration: WARMUP });
        if (baseline) {
          const url = `${baseline.url}${c.base.url}`;
          await run(url, { ...c.base, url, duration: WARMUP });
        }
      }
      for (let round = 1; round <= ROUNDS; round++) {
        log(`  ${database} ours     ${c.name} (round ${round}/${ROUNDS})`);
        const oursRun = await probed(server, probeFile.ours, () => run(c.ours.url!, c.ours));
        const o = { ...toResult(c.name, database, 'ours', oursRun.result), loop: oursRun.loop };
        ours.push(o);
        if (LOOP_PROBE) {
          log(`    ${o.requestsPerSecond} req/s, p50 ${o.p50} p99 ${o.p99} ms`);
          for (const line of probeLines(oursRun, o.requestsPerSecond * DURATION)) log(line);
        }
        if (!baseline) continue;
        log(`  ${database} baseline ${c.name} (round ${round}/${ROUNDS})`);
        const url = `${baseline.url}${c.base.url}`;
        const baseRun = await probed(baseline, probeFile.base, () => run(url, { ...c.base, url }));
        const b = { ...toResult(c.name, database, 'baseline', baseRun.result), loop: baseRun.loop };
        base.push(b);
        if (LOOP_PROBE) {
          log(`    ${b.requestsPerSecond} req/s, p50 ${b.p50} p99 ${b.p99} ms`);
          for (const line of probeLines(baseRun, b.requestsPerSecond * DURATION)) log(line);
        }
      }
      results.push(median(ours));
      if (baseline) {
        const b = median(base);
        // A failing baseline would make any ratio meaningless.
        if (b.errors + b.non2xx > 0)
          throw new Error(`the baseline failed ${b.errors + b.non2xx} requests of ${c.name}`);
        results.push(b);
      }
    }
    const rss = await processRssMb(server.child.pid!);
    return { results, serverRssMb: rss };
  } finally {
    await baseline?.stop('SIGTERM');
    await server.stop('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    if (dbName) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  }
}

export async function processRssMb(pid: number): Promise<number> {
  const { readFileSync } = await import('node:fs');
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return Math.round(kb / 1024);
}
