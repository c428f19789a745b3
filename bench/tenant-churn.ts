/**
 * `npx tsx bench/tenant-churn.ts`: a server process's memory while companies come and go. Each
 * company registers, verifies, logs in, touches the hot statements (a customer by id, the quote
 * list, a pull) and is deleted; the server's RSS, JavaScript heap and ArrayBuffers (the embedded
 * database's WebAssembly memory among them) are read after a full GC, after a warm-up round and
 * after each round of BENCH_TENANTS (default 1,000) companies. A server that lets go of what it
 * kept for deleted companies levels off after the warm-up; one that does not grows every round.
 *
 * BENCH_DATABASE: `embedded` (default), `postgres` (a fresh database on BENCH_DATABASE_URL or the
 * local PostgreSQL) or `both`. BENCH_ROUNDS (default 2), BENCH_CONCURRENCY (default 4).
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { api, startServer, type ServerProcess } from '../tests/support/server-process';
import { freshPostgres, PASSWORD, serverEnv, sleep, tempDir } from '../tests/reliability/support';
import { MEMORY_PROBE_OPTIONS, memoryOf, type Memory } from './support/memory';

const TENANTS = Number(process.env.BENCH_TENANTS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const WARM_UP = Math.min(100, TENANTS);
/** The code in the newest mail to `email`, looking only at the newest mails (there are thousands). */
function mailedCode(dataDir: string, email: string): string {
  const dir = path.join(dataDir, 'mail');
  const newest = readdirSync(dir)
    .sort()
    .slice(-4 * CONCURRENCY)
    .reverse();
  for (const file of newest) {
    const mail = readFileSync(path.join(dir, file), 'utf8');
    if (mail.includes(`To: ${email}`)) return mail.match(/Your code: (\d{6})/)![1]!;
  }
  throw new Error(`no code mailed to ${email}`);
}

async function expectOk(res: Awaited<ReturnType<typeof api>>, what: string) {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text}`);
  return res.json;
}

/** One company's life: register, verify, log in, the hot reads and a write, then deletion. */
async function companyLife(server: ServerProcess, dataDir: string): Promise<void> {
  const email = `churn-${randomUUID().slice(0, 12)}@example.com`;
  const call = (method: string, url: string, body?: unknown, token?: string) =>
    api(server.url, method, url, body, token);
  await expectOk(
    await call('POST', '/api/auth/register', {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      tenantNaturalName: `Churn ${email.slice(6, 14)}`,
    }),
    'register',
  );
  await expectOk(
    await call('POST', '/api/auth/verify-email-otp', {
      email,
      otpCode: mailedCode(dataDir, email),
    }),
    'verify',
  );
  const { token } = (await expectOk(
    await call('POST', '/api/auth/login', { email, password: PASSWORD }),
    'login',
  )) as { token: string };
  const customer = await expectOk(
    await call('POST', '/api/customers', { name: 'Churn Customer', email: 'c@churn.test' }, token),
    'customer',
  );
  await expectOk(
    await call('GET', `/api/customers/${customer.id as string}`, undefined, token),
    'read',
  );
  await expectOk(await call('GET', '/api/quotes?limit=10', undefined, token), 'quotes');
  const pulled = await expectOk(
    await call(
      'POST',
      '/api/sync/pull',
      { clientGroupId: randomUUID(), clientId: randomUUID(), cursor: null },
      token,
    ),
    'pull',
  );
  const tenantId = (pulled.tenant as { id: string }).id;
  await expectOk(await call('DELETE', `/api/tenants/${tenantId}`, undefined, token), 'delete');
}

async function churn(server: ServerProcess, dataDir: string, count: number): Promise<number> {
  const started = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        next += 1;
        await companyLife(server, dataDir);
      }
    }),
  );
  return Date.now() - started;
}

async function measure(database: 'embedded' | 'postgres'): Promise<void> {
  const dataDir = tempDir('smb-churn-');
  const probeFile = path.join(dataDir, 'memory.json');
  const pg = database === 'postgres' ? await freshPostgres('smb_churn') : undefined;
  const server = await startServer(
    { ...serverEnv(dataDir, pg?.url), LOG_LEVEL: 'warn', MEMORY_PROBE_FILE: probeFile },
    180_000,
    undefined,
    MEMORY_PROBE_OPTIONS,
  );
  try {
    const rows: Array<[string, Memory, string]> = [];
    const row = async (when: string, took: string) => {
      await sleep(2_000);
      const memory = await memoryOf(server, probeFile);
      rows.push([when, memory, took]);
      console.log(`${database}: ${when}: ${JSON.stringify(memory)} ${took}`);
    };
    await row('started', '');
    const warm = await churn(server, dataDir, WARM_UP);
    await row(`after a warm-up of ${WARM_UP}`, `${(warm / 1000).toFixed(0)} s`);
    let total = WARM_UP;
    for (let round = 1; round <= ROUNDS; round++) {
      const ms = await churn(server, dataDir, TENANTS);
      total += TENANTS;
      await row(`after ${total} created and deleted`, `${(ms / 1000).toFixed(0)} s`);
    }
    console.log(
      `\nServer memory while companies come and go (${database} database), after a full GC`,
    );
    console.log(
      '| when | RSS MB | JS heap MB | ArrayBuffers MB | round took |\n|---|---:|---:|---:|---:|',
    );
    for (const [when, m, took] of rows)
      console.log(`| ${when} | ${m.rss} | ${m.heapUsed} | ${m.arrayBuffers} | ${took} |`);
    const [, first] = rows[1]!;
    const [, last] = rows.at(-1)!;
    const grew = (key: keyof Memory) => (last[key] - first[key]).toFixed(1);
    console.log(
      `From the warm-up to the end (${total - WARM_UP} companies): RSS ${grew('rss')} MB, JS heap ${grew('heapUsed')} MB, ArrayBuffers ${grew('arrayBuffers')} MB`,
    );
  } finally {
    await server.stop();
    await pg?.drop();
  }
}

const which = process.env.BENCH_DATABASE ?? 'embedded';
for (const database of ['embedded', 'postgres'] as const)
  if (which === database || which === 'both') await measure(database);
