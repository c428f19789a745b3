/**
 * The morning after a deploy: `BENCH_ONLY=reconnect-storm npm run bench`.
 *
 * Provisions BENCH_STORM_COMPANIES (1,000) companies on a fresh database of the local PostgreSQL
 * (the many-tenants bench's bulk path, each with its small book), starts one server, and opens
 * BENCH_STORM_CONNECTIONS (5,000) live-update streams spread over them from
 * BENCH_STORM_PROCESSES (4) load-generator processes, each device pulled to the head. Then the
 * server is restarted (SIGTERM with its drain, a new process on the same port) and every device
 * reconnects after a random wait within BENCH_STORM_JITTER_MS (10 s) and pulls. Reports the time
 * until every device had reconnected and pulled, the errors, the database transactions during
 * the storm and in a following round of polls (up-to-date devices, answered from memory), the
 * server's RSS per 1,000 open streams, and the pulls' p50/p99.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, startServer, type ServerProcess } from '../tests/support/server-process';
import { freshPostgres, serverEnv, tempDir } from '../tests/reliability/support';
import { connectDatabase } from '../sync-server/src/db/database';
import { migrateApp } from '../sync-server/src/db/migrate';
import { provisionCompanies } from './support/companies';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface ReconnectStormResult {
  companies: number;
  connections: number;
  processes: number;
  jitterS: number;
  restartMs: number;
  allReconnectedS: number;
  errors: number;
  retries: number;
  transactionsDuringStorm: number;
  transactionsNextPoll: number;
  transactionsIdleWindow: number;
  rssMbPer1000Streams: number;
  pullMs: { p50: number; p99: number };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const round1 = (n: number) => Math.round(n * 10) / 10;

const rssMb = (pid: number) =>
  Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** Waits for one message of `type` from every child. */
function fromAll<T>(children: ChildProcess[], type: string, timeoutMs: number): Promise<T[]> {
  return Promise.all(
    children.map(
      (child) =>
        new Promise<T>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`no ${type} within ${timeoutMs} ms`)),
            timeoutMs,
          );
          const on = (message: { type: string; message?: string }) => {
            if (message.type === 'failed') reject(new Error(message.message));
            if (message.type !== type) return;
            clearTimeout(timer);
            child.off('message', on);
            resolve(message as T);
          };
          child.on('message', on);
        }),
    ),
  );
}

export async function benchReconnectStorm(
  log: (line: string) => void,
): Promise<ReconnectStormResult> {
  const companyCount = Number(process.env.BENCH_STORM_COMPANIES ?? 1_000);
  const connections = Number(process.env.BENCH_STORM_CONNECTIONS ?? 5_000);
  const processes = Number(process.env.BENCH_STORM_PROCESSES ?? 4);
  const jitterMs = Number(process.env.BENCH_STORM_JITTER_MS ?? 10_000);
  const pgdb = await freshPostgres('smb_storm');
  const database = connectDatabase(pgdb.url, 8);
  const admin = new pg.Client({ connectionString: pgdb.url });
  await admin.connect();
  const children: ChildProcess[] = [];
  let server: ServerProcess | undefined;
  try {
    await migrateApp(database.pool);
    log(`reconnect storm: provisioning ${companyCount} companies…`);
    const { companies } = await provisionCompanies(
      database,
      { from: 0, count: companyCount },
      4,
      log,
    );
    await database.close();

    const dataDir = tempDir('smb-storm-');
    const env = {
      ...serverEnv(dataDir, pgdb.url),
      PORT: String(await freePort()),
      SHUTDOWN_DRAIN_MS: '500',
      // The polls below are counted 11 s apart (PostgreSQL publishes its counts late): sessions
      // kept longer than that, so the second poll's count is the pulls' own work, not each
      // company's session read again.
      SESSION_CACHE_SECONDS: '120',
    };
    const logFile = path.join(dataDir, 'server.log');
    server = await startServer(env, 60_000, undefined, [], logFile);
    const idleRss = rssMb(server.child.pid!);

    log(`reconnect storm: opening ${connections} streams from ${processes} processes…`);
    const tokens = Array.from(
      { length: connections },
      (_, i) => companies[i % companyCount]!.token,
    );
    for (let p = 0; p < processes; p += 1) {
      const child = fork(path.join(here, 'support/storm-client.ts'), [], {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.push(child);
      child.send({
        type: 'start',
        url: server.url,
        tokens: tokens.filter((_, i) => i % processes === p),
        jitterMs,
      });
    }
    await fromAll(children, 'ready', 30 * 60_000);
    const streamsRss = rssMb(server.child.pid!);

    // PostgreSQL publishes a backend's counts within about ten seconds (when it has been idle
    // that long, or at its next commit after one second): wait that out before each reading.
    const transactions = async () => {
      await new Promise((r) => setTimeout(r, 11_000));
      return readTransactions();
    };
    const readTransactions = async () =>
      Number(
        (
          await admin.query<{ n: string }>(
            'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()',
          )
        ).rows[0]!.n,
      );
    const before = await transactions();
    for (const child of children) child.send({ type: 'arm' });
    log('reconnect storm: restarting the server…');
    const restartStarted = Date.now();
    await server.stop('SIGTERM');
    server = await startServer(env, 60_000, undefined, [], logFile);
    const restartMs = Date.now() - restartStarted;

    // Every device reconnects within the jitter window, plus its pull.
    const expected = connections;
    let reports: { pullMs: number[]; doneAt: number[]; errors: number; retries: number }[] = [];
    const deadline = Date.now() + jitterMs + 10 * 60_000;
    for (;;) {
      await new Promise((r) => setTimeout(r, 1000));
      for (const child of children) child.send({ type: 'report' });
      reports = await fromAll(children, 'report', 60_000);
      const done = reports.reduce((n, r) => n + r.doneAt.length, 0);
      if (done >= expected || Date.now() > deadline) break;
    }
    const during = (await transactions()) - before;
    const doneAt = reports.flatMap((r) => r.doneAt);
    const pulls = reports.flatMap((r) => r.pullMs);

    // Every device polls twice; the second round is counted: its sessions are held (the first
    // round loaded them again after the storm), so what is left is the pulls' own work.
    const poll = async () => {
      for (const child of children) child.send({ type: 'poll' });
      await fromAll(children, 'polled', 10 * 60_000);
    };
    await poll();
    // The server's own work (the job runner walks every company once a minute) goes on
    // meanwhile: an idle window of the same length is counted too, for comparison.
    const idleStart = await transactions();
    const beforePoll = await transactions();
    const idleWindow = beforePoll - idleStart;
    await poll();
    const nextPoll = (await transactions()) - beforePoll;

    const result: ReconnectStormResult = {
      companies: companyCount,
      connections,
      processes,
      jitterS: jitterMs / 1000,
      restartMs,
      allReconnectedS: round1((Math.max(...doneAt) - restartStarted) / 1000),
      errors: reports.reduce((n, r) => n + r.errors, 0) + (expected - doneAt.length),
      retries: reports.reduce((n, r) => n + r.retries, 0),
      transactionsDuringStorm: during,
      transactionsNextPoll: nextPoll,
      transactionsIdleWindow: idleWindow,
      rssMbPer1000Streams: round1(((streamsRss - idleRss) / connections) * 1000),
      pullMs: { p50: round1(percentile(pulls, 50)), p99: round1(percentile(pulls, 99)) },
    };
    printReconnectStorm(result);
    return result;
  } finally {
    for (const child of children) child.kill();
    await server?.stop('SIGTERM');
    await admin.end();
    await pgdb.drop();
  }
}

export function printReconnectStorm(r: ReconnectStormResult): void {
  console.log(
    `\nReconnect storm: ${r.connections} streams over ${r.companies} companies, ${r.processes} load processes, jitter ${r.jitterS} s`,
  );
  console.table({
    'server restart (SIGTERM, drain, new process ready)': `${r.restartMs} ms`,
    'every device reconnected and pulled, after the restart began': `${r.allReconnectedS} s`,
    'errors (pulls failed, devices not back)': r.errors,
    'stream attempts refused while the server was away': r.retries,
    'database transactions during the storm': r.transactionsDuringStorm,
    'database transactions of the next poll of every device': r.transactionsNextPoll,
    'database transactions of an idle window as long (jobs)': r.transactionsIdleWindow,
    'server RSS growth per 1,000 streams (idle → all open and pulled)': `${r.rssMbPer1000Streams} MB`,
    'pull p50 / p99 during the storm': `${r.pullMs.p50} / ${r.pullMs.p99} ms`,
  });
}
