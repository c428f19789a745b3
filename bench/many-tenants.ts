/**
 * Issue 38.1 and 38.2: many companies on one PostgreSQL, schema per company.
 *
 * `BENCH_ONLY=many-tenants BENCH_TENANTS=200 npm run bench` (default 10,000 companies): provisions
 * the companies on a fresh database on the local PostgreSQL through the code that creates a
 * company's schema (`createTenantSchema`, in bulk, not through HTTP), each with a small book
 * (20 customers, 30 contacts, 10 products, 15 quotes of 3 lines, 5 orders with their invoices);
 * reports provisioning time per company, database and catalog size, server start time, reads
 * (record by id, quote list, empty pull) spread over every company against concentrated on ten,
 * and the PostgreSQL backends' memory; then applies an example tenant migration (a column and an
 * index on invoices, `bench/migrations/tenant/`) to every schema while reads go on, and reports
 * its time in all and per schema and the requests that failed.
 *
 * BENCH_TENANTS (10,000), BENCH_PROVISION_CONCURRENCY (4), BENCH_MIGRATE_CONCURRENCY (4),
 * BENCH_CONNECTIONS (20), BENCH_DURATION (8 s per round), BENCH_ROUNDS (3: each read's figures are
 * the median of three rounds, ten and spread in turn), BENCH_KEEP=1 keeps the database.
 * BENCH_LANES (`1,5`): the reads are measured once per setting of DB_TENANT_LANES, each on a server
 * of its own, with DB_CONNECTION_MAX_SCHEMAS sized to a lane's share of the companies; before them
 * every read runs on every company BENCH_WARM_PASSES (2) times.
 * Provisioning 10,000 takes about 25 minutes, so it can be done ahead: BENCH_DATABASE=<name> uses that
 * database (made if missing, kept after) and goes on from the companies it already holds;
 * BENCH_PROVISION_ONLY=1 stops once there are BENCH_TENANTS. Provisioning figures are then this
 * run's share only.
 * BENCH_READS=pull,quotes measures only the reads whose name contains one of these (while working
 * on one). BENCH_LOOP_PROBE=1 (and BENCH_PROFILE_DIR=dir) reports what the server and the load
 * generator went through in each round, ten and spread alike (`support/probe.ts`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer, type ServerProcess } from '../tests/support/server-process';
import {
  ADMIN_URL,
  adminQuery,
  freshPostgres,
  serverEnv,
  tempDir,
} from '../tests/reliability/support';
import { connectDatabase, laneOf } from '../sync-server/src/db/database';
import { migrateApp, migrateTenants, readMigrationDir } from '../sync-server/src/db/migrate';
import { existingCompanies, provisionCompanies, type Company } from './support/companies';
import { probeLines, probeServer, probed, type LoopProbe } from './support/probe';
import { eachConcurrently } from './support/concurrently';
import { upToDatePull } from './api';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface ReadResult {
  name: string;
  companies: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failed: number;
  /** Rounds the figures are the median of. */
  rounds?: number;
  /** With BENCH_LOOP_PROBE: the server's figures in each round. */
  probes?: LoopProbe[];
}

export interface Setting {
  lanes: number;
  /** DB_CONNECTION_MAX_SCHEMAS the server ran with. */
  maxSchemas: number;
  serverStartMs: number;
  reads: {
    spread: ReadResult;
    concentrated: ReadResult;
    p99Ratio: number;
    throughputShare: number;
  }[];
  backendMemory: { backends: number; rssMb: number[]; privateMb: number[] };
  /** Sampled every second through the reads: the most any one backend and all of them held. */
  backendPeak: { privateMb: number; totalPrivateMb: number; samples: number };
}

export interface ManyTenantsResult {
  companies: number;
  /** This run's share: a run on a kept database makes only the companies missing. */
  provisioning: {
    made: number;
    totalS: number;
    perCompanyMs: { mean: number; p50: number; p99: number };
  };
  databaseMb: number;
  catalog: { pgClassRows: number; relationsPerCompany: number; catalogMb: number };
  /** One server per lane setting (DB_TENANT_LANES), each measured alike. */
  settings: Setting[];
  migration: {
    schemas: number;
    totalS: number;
    perSchemaMs: { p50: number; p99: number; max: number };
    failedSchemas: number;
    requests: number;
    failedRequests: number;
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const round1 = (n: number) => Math.round(n * 10) / 10;

/** The database `name` on the local PostgreSQL, made if it is not there; never dropped. */
async function namedPostgres(name: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_DATABASE ${name}: not a plain name`);
  const { rowCount } = await adminQuery('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!rowCount) await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: async () => {} };
}

/**
 * Private (not shared-buffer) and resident memory of each server backend, from
 * `/proc/<pid>/status` (`RssAnon`, `VmRSS`): counters the kernel keeps. Not `smaps_rollup`, which
 * walks the backend's page tables — shared buffers included — under its memory-map lock: on a
 * backend with 6 GB of shared buffers mapped that took 0.3–0.9 s, and the backend stalled on its
 * next allocation meanwhile, which put a one-second tail on the very reads being measured.
 */
async function backendMemory(admin: pg.Client, database: string) {
  const { rows } = await admin.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity
      WHERE datname = $1 AND backend_type = 'client backend' AND application_name <> 'bench'`,
    [database],
  );
  const rssMb: number[] = [];
  const privateMb: number[] = [];
  for (const { pid } of rows) {
    try {
      const text = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (key: string) =>
        Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
      rssMb.push(round1(kb('VmRSS') / 1024));
      privateMb.push(round1(kb('RssAnon') / 1024));
    } catch {
      // Not on this machine (a remote PostgreSQL), or ended meanwhile.
    }
  }
  return { backends: rows.length, rssMb, privateMb };
}

/** Samples `backendMemory` every second until stopped; gives the peaks. */
function sampleBackendPeak(admin: pg.Client, database: string) {
  let stopped = false;
  const peak = { privateMb: 0, totalPrivateMb: 0, samples: 0 };
  const sampling = (async () => {
    while (!stopped) {
      const { privateMb } = await backendMemory(admin, database);
      peak.privateMb = Math.max(peak.privateMb, ...privateMb);
      peak.totalPrivateMb = Math.max(
        peak.totalPrivateMb,
        round1(privateMb.reduce((a, b) => a + b, 0)),
      );
      peak.samples++;
      await new Promise((r) => setTimeout(r, 1_000));
    }
  })();
  return async () => {
    stopped = true;
    await sampling;
    return peak;
  };
}

type Read = { name: string; request: (c: Company) => autocannon.Request };
const ALL_READS: Read[] = [
  {
    name: 'GET /api/customers/{id}',
    request: (c) => ({
      method: 'GET',
      path: `/api/customers/${c.customerId}`,
      headers: { authorization: `Bearer ${c.token}` },
    }),
  },
  {
    name: 'GET /api/quotes',
    request: (c) => ({
      method: 'GET',
      path: '/api/quotes',
      headers: { authorization: `Bearer ${c.token}` },
    }),
  },
  {
    name: 'POST /api/sync/pull (empty)',
    request: (c) => ({
      method: 'POST',
      path: '/api/sync/pull',
      headers: { authorization: `Bearer ${c.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(c.pull),
    }),
  },
];
const READS_WANTED = process.env.BENCH_READS?.split(',').map((r) => r.trim().toLowerCase());
const READS = ALL_READS.filter(
  (read) => !READS_WANTED || READS_WANTED.some((r) => read.name.toLowerCase().includes(r)),
);

/**
 * The companies of the fullest lane. Hashing spreads them unevenly (at 10,000 in 10 lanes, 973 to
 * 1,054): a limit of the mean plus a little would end the fullest lane's connection again and
 * again, each time it had warmed, and every request queued behind it would meet a cold backend.
 */
function largestLane(companies: Company[], lanes: number): number {
  const counts = new Array<number>(lanes).fill(0);
  for (const company of companies) counts[laneOf(company.schemaName, lanes)]! += 1;
  return Math.max(...counts);
}

/** How many times each read is measured, ten and spread in turn (BENCH_ROUNDS); medians reported. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** Each figure's median over the rounds; failures summed. */
const medianResult = (rounds: ReadResult[]): ReadResult => ({
  ...rounds[0]!,
  requestsPerSecond: median(rounds.map((r) => r.requestsPerSecond)),
  p50: median(rounds.map((r) => r.p50)),
  p99: median(rounds.map((r) => r.p99)),
  failed: rounds.reduce((n, r) => n + r.failed, 0),
  rounds: rounds.length,
  ...(rounds[0]!.probes ? { probes: rounds.flatMap((r) => r.probes ?? []) } : {}),
});

/** Passes over every company and read before the reads are measured (BENCH_WARM_PASSES). */
const WARM_PASSES = Number(process.env.BENCH_WARM_PASSES ?? 2);

/** The lane settings measured, one server each (BENCH_LANES, e.g. `1,5`). */
const laneSettings = () =>
  (process.env.BENCH_LANES ?? '1,5').split(',').map((n) => Math.max(1, Number(n)));

/**
 * Autocannon over `companies`, each request for the next company in turn, for `durationS` seconds
 * or `amount` requests.
 */
function load(
  url: string,
  companies: Company[],
  make: Read['request'] | Read['request'][],
  until: { durationS: number } | { amount: number },
): Promise<autocannon.Result> {
  const makers = Array.isArray(make) ? make : [make];
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: Number(process.env.BENCH_CONNECTIONS ?? 20),
        ...('amount' in until ? { amount: until.amount } : { duration: until.durationS }),
        requests: [
          {
            setupRequest: (req) => {
              const i = next++;
              const company = companies[i % companies.length]!;
              return { ...req, ...makers[i % makers.length]!(company) };
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

const readResult = (name: string, companies: number, r: autocannon.Result): ReadResult => ({
  name,
  companies,
  requestsPerSecond: Math.round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
  failed: r.errors + r.timeouts + r.non2xx,
});

export async function benchManyTenants(
  log: (line: string) => void,
): Promise<ManyTenantsResult | undefined> {
  const count = Number(process.env.BENCH_TENANTS ?? 10_000);
  const provisionConcurrency = Number(process.env.BENCH_PROVISION_CONCURRENCY ?? 4);
  const durationS = Number(process.env.BENCH_DURATION ?? 8);
  const pgdb = process.env.BENCH_DATABASE
    ? await namedPostgres(process.env.BENCH_DATABASE)
    : await freshPostgres('smb_many');
  const benchUrl = new URL(pgdb.url);
  benchUrl.searchParams.set('application_name', 'bench');
  const database = connectDatabase(benchUrl.toString(), Math.max(8, provisionConcurrency * 2));
  const admin = new pg.Client({ connectionString: benchUrl.toString() });
  await admin.connect();
  let server: ServerProcess | undefined;
  try {
    await migrateApp(database.pool);

    // 1. Provisioning, through the code that creates a company's schema.
    const earlier = await existingCompanies(database);
    const missing = Math.max(0, count - earlier.companies.length);
    log(`many tenants: provisioning ${missing} companies (${earlier.companies.length} there)…`);
    const made = await provisionCompanies(
      database,
      { from: earlier.next, count: missing },
      provisionConcurrency,
      log,
    );
    const { perCompanyMs, started } = made;
    const companies = [...earlier.companies, ...made.companies];
    const provisioning = {
      made: made.companies.length,
      totalS: round1((performance.now() - started) / 1000),
      perCompanyMs: {
        mean: round1(perCompanyMs.reduce((a, b) => a + b, 0) / Math.max(1, perCompanyMs.length)),
        p50: round1(percentile(perCompanyMs, 50)),
        p99: round1(percentile(perCompanyMs, 99)),
      },
    };
    // (A kept database whose companies were all there was analysed by the run that made them.)
    if (made.companies.length > 0) await admin.query('VACUUM ANALYZE');
    if (process.env.BENCH_PROVISION_ONLY === '1') {
      log(
        `many tenants: ${companies.length} companies in ${pgdb.name}; this run made ${provisioning.made}: ${JSON.stringify(provisioning)}`,
      );
      return undefined;
    }

    // 2. Sizes.
    const { rows: size } = await admin.query<{ db: string; classes: string; catalog: string }>(
      `SELECT pg_database_size(current_database()) AS db,
              (SELECT count(*) FROM pg_class) AS classes,
              (SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c
                 JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = 'pg_catalog' AND c.relkind = 'r') AS catalog`,
    );
    const { rows: perTenant } = await admin.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = (SELECT schema_name FROM app.tenants LIMIT 1)`,
    );
    const databaseMb = round1(Number(size[0]!.db) / 2 ** 20);
    const catalog = {
      pgClassRows: Number(size[0]!.classes),
      relationsPerCompany: Number(perTenant[0]!.n),
      catalogMb: round1(Number(size[0]!.catalog) / 2 ** 20),
    };

    // 3–4. For each lane setting: server start, then reads, every company in turn against ten,
    // after a warm-up of every read on every company; the backends' memory through them.
    const ten = companies.slice(0, 10);
    const settings: ManyTenantsResult['settings'] = [];
    for (const lanes of laneSettings()) {
      await server?.stop();
      // Lanes: each backend's share of the companies fits its schema limit.
      const maxSchemas = lanes > 1 ? Math.max(500, largestLane(companies, lanes) + 50) : 500;
      const dataDir = tempDir('smb-many-');
      const probeFile = path.join(dataDir, 'loop.json');
      const probe = probeServer(probeFile);
      const t0 = performance.now();
      server = await startServer(
        {
          ...serverEnv(dataDir, pgdb.url),
          LOG_LEVEL: 'warn',
          DB_TENANT_LANES: String(lanes),
          DB_CONNECTION_MAX_SCHEMAS: String(maxSchemas),
          ...probe.env,
        },
        600_000,
        undefined,
        probe.nodeOptions,
        path.join(dataDir, 'server.log'),
      );
      const serverStartMs = Math.round(performance.now() - t0);
      log(`many tenants: ${lanes} lane(s): server started in ${serverStartMs} ms`);
      if (!companies[0]!.pull) {
        log("many tenants: reading each company's head…");
        await eachConcurrently(companies, 8, async (company) => {
          company.pull = await upToDatePull(server!.url, company.token);
        });
      }
      const stopSampling = sampleBackendPeak(admin, pgdb.name);
      log('many tenants: warming every read on every company…');
      await load(
        server.url,
        companies,
        READS.map((x) => x.request),
        {
          amount: companies.length * READS.length * WARM_PASSES,
        },
      );
      const reads: Setting['reads'] = [];
      for (const read of READS) {
        // Ten, then spread, ROUNDS times in turn; the median of each figure.
        const rounds: { spread: ReadResult[]; concentrated: ReadResult[] } = {
          spread: [],
          concentrated: [],
        };
        const measure = async (over: Company[]) => {
          const run = await probed(server!, probeFile, () =>
            load(server!.url, over, read.request, { durationS }),
          );
          const result = readResult(read.name, over.length, run.result);
          log(`  ${read.name} over ${over.length}: ${JSON.stringify(result)}`);
          for (const line of probeLines(run, run.result.requests.total)) log(line);
          return run.loop ? { ...result, probes: [run.loop] } : result;
        };
        for (let round = 0; round < ROUNDS; round++) {
          rounds.concentrated.push(await measure(ten));
          rounds.spread.push(await measure(companies));
        }
        const concentrated = medianResult(rounds.concentrated);
        const spread = medianResult(rounds.spread);
        reads.push({
          spread,
          concentrated,
          p99Ratio: round1(spread.p99 / Math.max(1, concentrated.p99)),
          throughputShare: Math.round(
            (spread.requestsPerSecond / concentrated.requestsPerSecond) * 100,
          ),
        });
        log(
          `  ${read.name}: spread ${JSON.stringify(spread)}; ten ${JSON.stringify(concentrated)}`,
        );
      }
      settings.push({
        lanes,
        maxSchemas,
        serverStartMs,
        reads,
        backendMemory: await backendMemory(admin, pgdb.name),
        backendPeak: await stopSampling(),
      });
    }

    // 5. The example migration on every schema while reads go on over every company.
    log('many tenants: migrating every schema under load…');
    const extra = readMigrationDir(path.join(here, 'migrations/tenant'));
    const perSchema: number[] = [];
    let loadDone = false;
    const under = (async () => {
      let requests = 0;
      let failed = 0;
      while (!loadDone) {
        const r = await load(
          server!.url,
          companies,
          [
            ...READS.map((x) => x.request),
            (c: Company) => ({
              method: 'GET' as const,
              path: '/api/invoices',
              headers: { authorization: `Bearer ${c.token}` },
            }),
          ],
          { durationS: 2 },
        );
        requests += r.requests.total;
        failed += r.errors + r.timeouts + r.non2xx;
      }
      return { requests, failed };
    })();
    await new Promise((r) => setTimeout(r, 1_000));
    const m0 = performance.now();
    const migrated = await migrateTenants(database.pool, {
      concurrency: Number(process.env.BENCH_MIGRATE_CONCURRENCY ?? 4),
      extra,
      onSchema: ({ ms, error }) => {
        if (!error) perSchema.push(ms);
      },
    });
    const totalS = round1((performance.now() - m0) / 1000);
    await new Promise((r) => setTimeout(r, 1_000));
    loadDone = true;
    const traffic = await under;
    const { rows: behind } = await admin.query<{ n: string }>(
      'SELECT count(*) AS n FROM app.tenants WHERE schema_version COLLATE "C" < $1',
      [extra.at(-1)!.name],
    );
    if (Number(behind[0]!.n) !== migrated.failed.length)
      throw new Error(`${behind[0]!.n} schemas behind but ${migrated.failed.length} failed`);
    const migration = {
      schemas: migrated.migrated,
      totalS,
      perSchemaMs: {
        p50: round1(percentile(perSchema, 50)),
        p99: round1(percentile(perSchema, 99)),
        max: round1(Math.max(0, ...perSchema)),
      },
      failedSchemas: migrated.failed.length,
      requests: traffic.requests,
      failedRequests: traffic.failed,
    };

    const result: ManyTenantsResult = {
      companies: companies.length,
      provisioning,
      databaseMb,
      catalog,
      settings,
      migration,
    };
    printManyTenants(result);
    return result;
  } finally {
    await server?.stop();
    await admin.end();
    await database.close();
    if (process.env.BENCH_KEEP !== '1') await pgdb.drop();
    else log(`many tenants: kept database ${pgdb.name}`);
  }
}

export function printManyTenants(r: ManyTenantsResult): void {
  console.log(
    `\nMany companies on one PostgreSQL (${r.companies.toLocaleString('en-US')} companies)`,
  );
  console.log('| figure | value |\n|---|---:|');
  const rows: Array<[string, string]> = [
    [
      'Provisioning, per company (schema + control plane + book)',
      r.provisioning.made === 0
        ? 'none made in this run (a kept database)'
        : `mean ${r.provisioning.perCompanyMs.mean} ms, p50 ${r.provisioning.perCompanyMs.p50}, p99 ${r.provisioning.perCompanyMs.p99} (${r.provisioning.made} in ${r.provisioning.totalS} s)`,
    ],
    ['Database size', `${r.databaseMb} MB`],
    [
      'Catalog',
      `${r.catalog.pgClassRows.toLocaleString('en-US')} pg_class rows (${r.catalog.relationsPerCompany} per company), ${r.catalog.catalogMb} MB`,
    ],
    ...r.settings.flatMap((x): Array<[string, string]> => [
      [`${lanesLabel(x)}: server start (to listening)`, `${x.serverStartMs} ms`],
      [
        `${lanesLabel(x)}: PostgreSQL backends of the server after the reads`,
        `${x.backendMemory.backends}: private ${x.backendMemory.privateMb.join(', ')} MB; RSS ${x.backendMemory.rssMb.join(', ')} MB`,
      ],
      [
        `${lanesLabel(x)}: PostgreSQL backends, peak through the reads (DB_CONNECTION_MAX_SCHEMAS=${x.maxSchemas})`,
        `one backend ${x.backendPeak.privateMb} MB private; all together ${x.backendPeak.totalPrivateMb} MB (${x.backendPeak.samples} samples, one a second)`,
      ],
    ]),
    [
      `Example migration (column + index on invoices) on ${r.migration.schemas} schemas under load`,
      r.migration.schemas === 0
        ? `none behind: a kept database that had it already (${r.migration.failedRequests} of ${r.migration.requests} requests failed meanwhile)`
        : `${r.migration.totalS} s; per schema p50 ${r.migration.perSchemaMs.p50} ms, p99 ${r.migration.perSchemaMs.p99}, max ${r.migration.perSchemaMs.max}; ${r.migration.failedSchemas} failed schemas; ${r.migration.failedRequests} of ${r.migration.requests} requests failed; at this pace 10,000 schemas take ${round1(((r.migration.totalS / r.migration.schemas) * 10_000) / 60)} min (budget ≤ 10 min, 0 failed requests)`,
    ],
  ];
  for (const [figure, value] of rows) console.log(`| ${figure} | ${value} |`);
  console.log(
    '\n| lanes | read | spread over all: req/s, p50, p99 | ten companies: req/s, p50, p99 | p99 spread ÷ ten | throughput spread ÷ ten | failed | budget (p99 ≤ 1.5×, throughput ≥ 80 %) |\n|---|---|---:|---:|---:|---:|---:|---|',
  );
  for (const setting of r.settings)
    for (const x of setting.reads)
      console.log(
        `| ${setting.lanes} | ${x.spread.name} | ${x.spread.requestsPerSecond}, ${x.spread.p50} ms, ${x.spread.p99} ms | ${x.concentrated.requestsPerSecond}, ${x.concentrated.p50} ms, ${x.concentrated.p99} ms | ${x.p99Ratio}× | ${x.throughputShare} % | ${x.spread.failed + x.concentrated.failed} | ${x.p99Ratio <= 1.5 && x.throughputShare >= 80 ? 'met' : 'missed'} |`,
      );
}

const lanesLabel = (x: Setting) => (x.lanes > 1 ? `${x.lanes} lanes` : 'No lanes');

// `npx tsx bench/many-tenants.ts`: this section alone.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await benchManyTenants((line) => console.log(line));
