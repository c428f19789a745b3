/**
 * The server as people run it: a real process, started as `npm run serve` starts it, left alone
 * longer than every timeout it has (the pool's idle timeout and connection lifetime, the session
 * cache), then used again. After each pause every kind of call must answer 2xx. The timeouts are
 * set to a second or so, which runs the same code as the defaults; one pause runs at the defaults.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process';
import {
  adminQuery,
  freshPostgres,
  registerTenant,
  serverEnv,
  sleep,
  tempDir,
  type Tenant,
} from '../reliability/support';
import { createRecords, everyCall, failures, type Records } from './calls';

/** Every timeout of the server, short: the pool's idle timeout and lifetime, the session cache. */
const SHORT_TIMEOUTS = {
  DB_IDLE_TIMEOUT_MS: '300',
  DB_CONNECTION_LIFETIME_S: '1',
  SESSION_CACHE_SECONDS: '1',
};
/** Longer than each of SHORT_TIMEOUTS. */
const PAUSE_MS = 2_500;
/** A first start migrates a new database: give a busy machine time. */
const START_TIMEOUT_MS = 180_000;
/** Longer than the default idle timeout (30 s): the pool has closed its idle connections. */
const DEFAULT_PAUSE_MS = 36_000;

interface Running {
  server: ServerProcess;
  tenant: Tenant;
  records: Records;
  database?: { name: string; drop(): Promise<void> };
}

const running: Array<Pick<Running, 'server' | 'database'>> = [];

async function start(kind: 'embedded' | 'postgres', env: Record<string, string>): Promise<Running> {
  const dataDir = tempDir('smb-long-');
  const database = kind === 'postgres' ? await freshPostgres('smb_long') : undefined;
  const server = await startServer(
    { ...serverEnv(dataDir, database?.url), ...env },
    START_TIMEOUT_MS,
  );
  running.push({ server, database });
  const tenant = await registerTenant(server, dataDir, 'Harbour Kitchens');
  return { server, tenant, records: await createRecords(server, tenant), database };
}

async function expectEveryCallAnswers(run: Running, when: string): Promise<void> {
  const statuses = await everyCall(run.server, run.tenant, run.records);
  expect(Object.keys(statuses).length).toBeGreaterThanOrEqual(14);
  expect(failures(statuses), `${when}; server log:\n${run.server.output().slice(-3000)}`).toEqual(
    {},
  );
}

afterAll(async () => {
  for (const run of running) {
    await run.server.stop();
    await run.database?.drop();
  }
});

describe.each(['embedded', 'postgres'] as const)('a server on the %s database', (kind) => {
  it('answers every kind of call after idle pauses longer than every timeout it has', async () => {
    const run = await start(kind, SHORT_TIMEOUTS);
    await expectEveryCallAnswers(run, 'before any pause');
    for (const pause of [1, 2, 3]) {
      await sleep(PAUSE_MS);
      await expectEveryCallAnswers(run, `after pause ${pause}`);
    }
  });
});

describe('a server on PostgreSQL', () => {
  it('answers every kind of call after idle pauses with a single pooled connection', async () => {
    const run = await start('postgres', { ...SHORT_TIMEOUTS, DB_POOL_SIZE: '1' });
    for (const pause of [1, 2]) {
      await sleep(PAUSE_MS);
      await expectEveryCallAnswers(run, `after pause ${pause} with DB_POOL_SIZE=1`);
    }
  });

  it('answers every kind of call after every one of its connections was killed during a pause', async () => {
    // Default pool timeouts: the killed connections are idle in the pool, not already reaped.
    const run = await start('postgres', {});
    await expectEveryCallAnswers(run, 'before the kill');
    for (const round of [1, 2]) {
      await sleep(500);
      const killed = await adminQuery<{ killed: boolean }>(
        'select pg_terminate_backend(pid) as killed from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [run.database!.name],
      );
      expect(killed.rows.length, 'the server held connections to kill').toBeGreaterThan(0);
      await sleep(500);
      await expectEveryCallAnswers(
        run,
        `after killing ${killed.rows.length} connections (round ${round})`,
      );
    }
  });
});

describe('a server on the embedded database', () => {
  it('answers every kind of call after a restart on the same data, and after a pause that follows', async () => {
    const dataDir = tempDir('smb-long-');
    const env = { ...serverEnv(dataDir), ...SHORT_TIMEOUTS };
    const first = await startServer(env, START_TIMEOUT_MS);
    running.push({ server: first });
    const tenant = await registerTenant(first, dataDir, 'Restart Bakery');
    const records = await createRecords(first, tenant);
    await expectEveryCallAnswers({ server: first, tenant, records }, 'before the restart');
    expect(await first.stop()).toBe(0);

    const second = await startServer(env, START_TIMEOUT_MS);
    running.push({ server: second });
    const again = { server: second, tenant, records };
    await expectEveryCallAnswers(again, 'after the restart');
    await sleep(PAUSE_MS);
    await expectEveryCallAnswers(again, 'after a pause that followed the restart');
  });
});

describe('a server on the embedded database at its default timeouts', () => {
  let run: Running;
  beforeAll(async () => {
    run = await start('embedded', {});
  });

  it(`answers every kind of call after ${DEFAULT_PAUSE_MS / 1000} s of quiet`, async () => {
    await expectEveryCallAnswers(run, 'before the pause');
    await sleep(DEFAULT_PAUSE_MS);
    await expectEveryCallAnswers(run, 'after the pause');
  });
});
