/**
 * Scale-out figures: one instance holding SSE connections of many tenants (database queries per
 * second while idle, RSS per 1,000 connections), poke latency from a write on one instance to a
 * stream on another, and API throughput with 1, 2 and 3 instances behind HAProxy.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, startServer, type ServerProcess } from '../tests/support/server-process';
import {
  freshPostgres,
  registerTenant,
  serverEnv,
  tempDir,
  type Tenant,
} from '../tests/reliability/support';
import { haproxyConfig, until } from '../tests/scale-out/support';
import { MEMORY_PROBE_OPTIONS, memoryOf } from './support/memory';

const CONNECTIONS = 2_000;
const START_TIMEOUT_MS = 600_000;
const TENANTS = 500;
/** How long idle database traffic is counted. */
const IDLE_WINDOW_MS = 10_000;
/** Wait before and after that window, so that counts are reported where they happened. */
const STATS_SETTLE_MS = 11_000;

export interface ScaleOutResult {
  sse: {
    connections: number;
    tenants: number;
    idleQueriesPerSecond: number;
    idleQueriesPerSecondPolling: number;
    /** After a full collection, before and after opening the streams. */
    rssMbPer1000Connections: number;
    heapMbPer1000Connections: number;
    pokeLatencyMs: { p50: number; p99: number; samples: number };
  };
  throughput: Array<{
    instances: number;
    requestsPerSecond: number;
    p50: number;
    p99: number;
    errors: number;
  }>;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Committed transactions per second on the database over `ms` (pg_stat_database, less our own reads). */
async function xactPerSecond(url: string, ms: number): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const read = async () => {
    await client.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await client.query<{ n: string }>(
      'SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()',
    );
    return Number(rows[0]!.n);
  };
  // A backend reports its counts when it goes idle, but at most once a second, and counts left
  // over from a busy spell only after 10 s idle (PostgreSQL 15+): opening 2,000 streams just
  // before must not land in the window.
  await new Promise((r) => setTimeout(r, STATS_SETTLE_MS));
  const before = await read();
  await new Promise((r) => setTimeout(r, ms));
  await new Promise((r) => setTimeout(r, STATS_SETTLE_MS));
  const after = await read();
  await client.end();
  // Our own two reads (and the snapshot clears) commit too.
  return Math.max(0, (after - before - 2) / ((ms + 1_500) / 1000));
}

/** Opens an SSE stream; calls `onPoke` with the receive time of every poke. */
function openStream(
  base: string,
  token: string,
  onPoke: (at: number) => void,
): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${base}/api/sync/events`,
      { headers: { authorization: `Bearer ${token}` }, agent: false },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`events answered ${res.statusCode}`));
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (chunk.includes('event: poke')) onPoke(performance.now());
        });
        resolve(req);
      },
    );
    req.on('error', reject);
  });
}

export async function benchScaleOut(log: (line: string) => void): Promise<ScaleOutResult> {
  const db = await freshPostgres('smb_bench_scale');
  const dataDir = tempDir('smb-bench-scale-');
  const servers: ServerProcess[] = [];
  const streams: http.ClientRequest[] = [];
  let haproxy: ReturnType<typeof spawn> | undefined;
  let done = false;
  try {
    const env = (extra: Record<string, string> = {}) => ({
      ...serverEnv(dataDir, db.url),
      RATE_LIMIT_MAX: '1000000',
      SIGNUPS_PER_HOUR: '1000000',
      LOG_LEVEL: 'warn',
      ...extra,
    });
    // The first applies the migrations; the others find them done. A start takes 3–5 s on an
    // idle machine and minutes on this shared one under load, hence the long limit.
    // The first also answers the memory probe: its memory is read after a full collection.
    const probeFile = path.join(dataDir, 'memory.json');
    servers.push(
      await startServer(
        env({ MEMORY_PROBE_FILE: probeFile }),
        START_TIMEOUT_MS,
        undefined,
        MEMORY_PROBE_OPTIONS,
      ),
    );
    servers.push(...(await Promise.all([1, 2].map(() => startServer(env(), START_TIMEOUT_MS)))));
    // A server that ends mid-run would leave a wait hanging: fail the run with what it said.
    let gone: Error | undefined;
    const watch = (s: ServerProcess) =>
      s.child.once('exit', (code, signal) => {
        if (done) return;
        gone = new Error(
          `server ${s.url} ended (${code ?? signal}) mid-run:\n${s.output().slice(-4_000)}`,
        );
        log(gone.message);
      });
    servers.forEach(watch);
    const alive = () => {
      if (gone) throw gone;
    };
    const [one, two] = servers as [ServerProcess, ServerProcess];

    log(`scale-out: ${TENANTS} tenants…`);
    // Four at a time, spread over the three servers (a registration waits on password hashing
    // and on the schema's migrations, which take one lock).
    const tenants: Tenant[] = new Array<Tenant>(TENANTS);
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let i = next++; i < TENANTS; i = next++)
          tenants[i] = await registerTenant(servers[i % 3]!, dataDir, `Bench ${i}`);
      }),
    );

    const before = await memoryOf(one, probeFile);
    log(`scale-out: ${CONNECTIONS} SSE connections on one instance…`);
    const pokes = new Map<string, (at: number) => void>();
    for (let i = 0; i < CONNECTIONS; i += 1) {
      const tenant = tenants[i % TENANTS]!;
      streams.push(
        await openStream(one.url, tenant.token, (at) => pokes.get(tenant.tenantId)?.(at)),
      );
    }
    await new Promise((r) => setTimeout(r, 2_000));
    const after = await memoryOf(one, probeFile);
    const idle = await xactPerSecond(db.url, IDLE_WINDOW_MS);

    log('scale-out: poke latency (write on instance 2, stream on instance 1)…');
    const latencies: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      const tenant = tenants[(i * 7) % TENANTS]!;
      alive();
      const seen = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no poke for tenant ${tenant.tenantId} within 10 s`)),
          10_000,
        );
        pokes.set(tenant.tenantId, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
      const sent = performance.now();
      const res = await fetch(`${two.url}/api/customers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tenant.token}` },
        body: JSON.stringify({ name: `Poke ${i}`, email: 'poke@example.com' }),
      });
      if (res.status !== 201) throw new Error(`write answered ${res.status}`);
      latencies.push((await seen) - sent);
      pokes.delete(tenant.tenantId);
    }
    latencies.sort((a, b) => a - b);

    // The same idle streams on an instance that polls (DB_LISTEN=0), for comparison.
    for (const s of streams) s.destroy();
    streams.length = 0;
    const polling = await startServer(env({ DB_LISTEN: '0' }), START_TIMEOUT_MS);
    servers.push(polling);
    alive();
    for (let i = 0; i < CONNECTIONS; i += 1)
      streams.push(await openStream(polling.url, tenants[i % TENANTS]!.token, () => {}));
    await new Promise((r) => setTimeout(r, 2_000));
    const idlePolling = await xactPerSecond(db.url, IDLE_WINDOW_MS);
    for (const s of streams) s.destroy();
    streams.length = 0;
    servers.splice(servers.indexOf(polling), 1);
    await polling.stop('SIGKILL');

    log('scale-out: API throughput with 1, 2 and 3 instances behind HAProxy…');
    const throughput: ScaleOutResult['throughput'] = [];
    const reader = tenants[0]!;
    for (let n = 1; n <= 3; n += 1) {
      const front = await freePort();
      const stats = await freePort();
      const dir = path.join(dataDir, `haproxy-${n}`);
      mkdirSync(dir, { recursive: true });
      const cfg = path.join(dir, 'haproxy.cfg');
      writeFileSync(
        cfg,
        haproxyConfig(
          front,
          stats,
          servers.slice(0, n).map((s) => Number(new URL(s.url).port)),
        ),
      );
      haproxy = spawn('haproxy', ['-f', cfg, '-db'], { stdio: 'ignore' });
      await until(async () => {
        try {
          return (await fetch(`http://127.0.0.1:${front}/api/auth/ping`)).ok;
        } catch {
          return false;
        }
      });
      const result = await autocannon({
        url: `http://127.0.0.1:${front}/api/customers?limit=20`,
        headers: { authorization: `Bearer ${reader.token}` },
        connections: 50,
        duration: 10,
      });
      throughput.push({
        instances: n,
        requestsPerSecond: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx,
      });
      haproxy.kill('SIGTERM');
      haproxy = undefined;
      alive();
    }

    const result: ScaleOutResult = {
      sse: {
        connections: CONNECTIONS,
        tenants: TENANTS,
        idleQueriesPerSecond: Math.round(idle * 10) / 10,
        idleQueriesPerSecondPolling: Math.round(idlePolling),
        rssMbPer1000Connections:
          Math.round(((after.rss - before.rss) / CONNECTIONS) * 1000 * 10) / 10,
        heapMbPer1000Connections:
          Math.round(((after.heapUsed - before.heapUsed) / CONNECTIONS) * 1000 * 10) / 10,
        pokeLatencyMs: {
          p50: Math.round(percentile(latencies, 50)),
          p99: Math.round(percentile(latencies, 99)),
          samples: latencies.length,
        },
      },
      throughput,
    };
    printScaleOut(result);
    return result;
  } finally {
    done = true;
    for (const s of streams) s.destroy();
    haproxy?.kill('SIGTERM');
    for (const s of servers) await s.stop('SIGKILL');
    await db.drop();
  }
}

export function printScaleOut(r: ScaleOutResult): void {
  const s = r.sse;
  console.log(
    `\nScale-out: ${s.connections} SSE connections over ${s.tenants} tenants on one instance`,
  );
  console.log('| figure | value |');
  console.log('|---|---:|');
  console.log(`| database transactions/s while idle, LISTEN/NOTIFY | ${s.idleQueriesPerSecond} |`);
  console.log(
    `| database transactions/s while idle, polling (DB_LISTEN=0) | ${s.idleQueriesPerSecondPolling} |`,
  );
  console.log(
    `| server memory per 1,000 connections, after a full GC: RSS / JS heap | ${s.rssMbPer1000Connections} / ${s.heapMbPer1000Connections} MB |`,
  );
  console.log(
    `| poke latency, write on instance 2 → stream on instance 1 (${s.pokeLatencyMs.samples} writes) | p50 ${s.pokeLatencyMs.p50} ms, p99 ${s.pokeLatencyMs.p99} ms |`,
  );
  console.log(
    '\nGET /api/customers?limit=20 behind HAProxy (autocannon, 50 connections, 10 s, same 2 cores)',
  );
  console.log('| instances | req/s | p50 ms | p99 ms | errors |');
  console.log('|---:|---:|---:|---:|---:|');
  for (const t of r.throughput)
    console.log(`| ${t.instances} | ${t.requestsPerSecond} | ${t.p50} | ${t.p99} | ${t.errors} |`);
}
