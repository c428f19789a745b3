import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process';
import {
  adminQuery,
  compareStored,
  freshPostgres,
  pgCtl,
  postgresReady,
  printFigures,
  registerTenant,
  serverEnv,
  sleep,
  tempDir,
  WriteStream,
  type Tenant,
} from './support';

/**
 * The database goes away under a stream of writes: the server must answer 503 (never 500, never
 * crash), heal by itself within 5 s, and every acknowledged write must be stored exactly once.
 */
describe('database faults under a stream of writes (local PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof freshPostgres>>;
  let dataDir: string;
  let server: ServerProcess;
  let tenant: Tenant;

  beforeAll(async () => {
    db = await freshPostgres('smb_rel_faults');
    dataDir = tempDir('smb-rel-faults-');
    server = await startServer(serverEnv(dataDir, db.url));
    tenant = await registerTenant(server, dataDir, 'Faulty Co');
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await postgresReady();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function storedCustomers() {
    const { rows } = await adminQuery<{ id: string; name: string }>(
      `SELECT id, name FROM "${tenant.schemaName}".customers`,
      [],
      db.url,
    );
    return rows;
  }

  function expectHealthy(stream: WriteStream) {
    const f = stream.figures;
    expect(server.child.exitCode, server.output()).toBeNull();
    expect(f.status500, JSON.stringify([...stream.statuses])).toBe(0);
    expect(f.status5xx).toBe(f.status503);
    expect(f.lost).toBe(0);
    expect(f.duplicates).toBe(0);
    expect(f.stored).toBe(f.acknowledged);
    expect(f.storedNotAcknowledged).toBe(0);
    expect(f.recoveryMs).not.toBeNull();
    expect(f.recoveryMs!).toBeLessThan(5_000);
    expect(server.output()).not.toMatch(/unhandled error|uncaught/i);
  }

  it('(a) keeps answering while its PostgreSQL connections are killed again and again', async () => {
    const stream = new WriteStream(() => server.url, tenant.token, 8);
    stream.start();
    await sleep(1_000);
    let kills = 0;
    let terminated = 0;
    const until = Date.now() + 4_000;
    while (Date.now() < until) {
      const { rowCount } = await adminQuery(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [db.name],
      );
      kills++;
      terminated += rowCount ?? 0;
      await sleep(150 + Math.random() * 200);
    }
    const faultEnded = Date.now();
    while (!stream.successTimes.some((t) => t > faultEnded) && Date.now() - faultEnded < 10_000)
      await sleep(20);
    const first = stream.successTimes.find((t) => t > faultEnded);
    stream.figures.recoveryMs = first ? first - faultEnded : null;
    await sleep(1_000);
    await stream.settle();
    await compareStored(stream, await storedCustomers());
    stream.figures.killRounds = kills;
    stream.figures.backendsTerminated = terminated;
    printFigures('(a) PostgreSQL connections killed repeatedly', stream.figures);
    expect(terminated).toBeGreaterThan(0);
    expectHealthy(stream);
  });

  it('(b) answers 503 while PostgreSQL is stopped and heals once it is back', async () => {
    const stream = new WriteStream(() => server.url, tenant.token, 8);
    stream.start();
    await sleep(1_000);
    const stoppedAt = Date.now();
    let backAt: number;
    try {
      pgCtl('stop');
      await sleep(1_000);
    } finally {
      pgCtl('start'); // waits until the cluster accepts connections
      backAt = Date.now();
    }
    const outageMs = backAt - stoppedAt;
    while (!stream.successTimes.some((t) => t > backAt) && Date.now() - backAt < 10_000)
      await sleep(20);
    const first = stream.successTimes.find((t) => t > backAt);
    stream.figures.recoveryMs = first ? first - backAt : null;
    const duringOutage = stream.figures.status503;
    await sleep(1_000);
    await stream.settle();
    await compareStored(stream, await storedCustomers());
    stream.figures.outageMs = outageMs;
    printFigures('(b) local PostgreSQL stopped and started', stream.figures);
    expect(outageMs).toBeLessThan(5_500);
    expect(duringOutage).toBeGreaterThan(0);
    expectHealthy(stream);
  });
});
