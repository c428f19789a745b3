/** Shared pieces of the reliability suite: fresh databases, tenants, write streams and figures. */
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Mutation, PullResponse, PushResponse } from '@smb/shared-types';
import { api, mailedCode, type ServerProcess } from '../support/server-process';

export const ADMIN_URL =
  process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
export const PASSWORD = 'Str0ng!Pass';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/** Environment of a server process: its own DATA_DIR, no PWA, generous rate limits, quiet logs. */
export function serverEnv(dataDir: string, databaseUrl?: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'no-pwa'),
    RATE_LIMIT_MAX: '100000',
    SIGNUPS_PER_HOUR: '100000',
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'reliability-suite-secret-0123456789abcdef',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}

/** A fresh database on the local PostgreSQL; `drop()` removes it (forcing connections off). */
export async function freshPostgres(
  prefix = 'smb_rel',
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined),
  };
}

export async function adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  values?: unknown[],
  url = ADMIN_URL,
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query<T>(text, values);
  } finally {
    await client.end();
  }
}

/** Retries `fn` until it resolves (the database may just be coming back). */
export async function eventually<T>(fn: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fn();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await sleep(200);
    }
  }
}

export interface Tenant {
  email: string;
  token: string;
  tenantId: string;
  schemaName: string;
}

/** Registers a company through the API, verifies by the mailed code and logs in. */
export async function registerTenant(
  server: ServerProcess,
  dataDir: string,
  company: string,
): Promise<Tenant> {
  const email = `owner-${randomBytes(4).toString('hex')}@example.com`;
  const reg = await api(server.url, 'POST', '/api/auth/register', {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    tenantNaturalName: company,
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${reg.text}`);
  const verify = await api(server.url, 'POST', '/api/auth/verify-email-otp', {
    email,
    otpCode: mailedCode(dataDir, email),
  });
  if (verify.status !== 200) throw new Error(`verify: ${verify.status} ${verify.text}`);
  const token = await login(server, email);
  const me = await api(server.url, 'GET', '/api/auth/me', undefined, token);
  const pull = await api(
    server.url,
    'POST',
    '/api/sync/pull',
    { clientGroupId: randomUUID(), clientId: randomUUID(), cursor: null },
    token,
  );
  const tenant = (pull.json as { tenant: { id: string; schemaName: string } }).tenant;
  if (me.status !== 200 || !tenant)
    throw new Error(`me/pull: ${me.status} ${pull.status} ${pull.text}`);
  return { email, token, tenantId: tenant.id, schemaName: tenant.schemaName };
}

export async function login(server: ServerProcess, email: string): Promise<string> {
  const res = await api(server.url, 'POST', '/api/auth/login', { email, password: PASSWORD });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${res.text}`);
  return res.json.token as string;
}

export function mailCount(dataDir: string): number {
  try {
    return readdirSync(path.join(dataDir, 'mail')).length;
  } catch {
    return 0;
  }
}

/** Figures of one run, printed as a small table and asserted by the tests. */
export interface Figures {
  requests: number;
  acknowledged: number;
  stored: number;
  status5xx: number;
  status500: number;
  status503: number;
  networkErrors: number;
  duplicates: number;
  lost: number;
  recoveryMs: number | null;
  [extra: string]: number | null | string;
}

export function newFigures(): Figures {
  return {
    requests: 0,
    acknowledged: 0,
    stored: 0,
    status5xx: 0,
    status500: 0,
    status503: 0,
    networkErrors: 0,
    duplicates: 0,
    lost: 0,
    recoveryMs: null,
  };
}

export function printFigures(title: string, figures: Record<string, number | string | null>): void {
  const rows = Object.entries(figures).map(
    ([k, v]) => `  ${k.padEnd(22)} ${v === null ? '—' : String(v)}`,
  );
  console.log(`\n== ${title}\n${rows.join('\n')}\n`);
}

type Outcome =
  { kind: 'status'; status: number; json: unknown } | { kind: 'network'; message: string };

/** One HTTP call that never throws: a status, or the network error a client would see. */
export async function call(
  base: string,
  method: string,
  url: string,
  body: unknown,
  token?: string,
  timeoutMs = 15_000,
): Promise<Outcome> {
  try {
    const res = await fetch(base + url, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { kind: 'status', status: res.status, json };
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return { kind: 'network', message: cause?.code ?? cause?.message ?? (err as Error).message };
  }
}

/**
 * A stream of writes: REST customer creations with client-made ids and sync pushes, each retried
 * like the real client does (same id / same batch) on 503 and network errors until acknowledged.
 * `stop()` ends the stream; `settle()` waits until every write begun was acknowledged.
 */
export class WriteStream {
  readonly figures = newFigures();
  /** Customer ids the server acknowledged (2xx, or 409 for a retry whose first attempt had committed). */
  readonly acknowledged = new Set<string>();
  /** Every customer id the stream tried to write. */
  readonly attempted = new Set<string>();
  /** When each write was acknowledged, for the recovery time. */
  readonly successTimes: number[] = [];
  readonly statuses = new Map<number | string, number>();
  private running = true;
  private workers: Promise<void>[] = [];
  private readonly syncClients: Array<{ clientGroupId: string; clientId: string; nextId: number }> =
    [];

  constructor(
    private readonly base: () => string,
    private readonly token: string,
    private readonly concurrency = 6,
    /** Starts every customer name this stream writes, so streams on one tenant stay apart. */
    readonly label = randomBytes(3).toString('hex'),
  ) {}

  start(): void {
    for (let i = 0; i < this.concurrency; i++) {
      if (i % 2 === 1)
        this.syncClients.push({ clientGroupId: randomUUID(), clientId: randomUUID(), nextId: 1 });
      const client = this.syncClients.at(-1);
      this.workers.push(i % 2 === 1 && client ? this.syncWorker(client) : this.restWorker(i));
    }
  }

  stop(): void {
    this.running = false;
  }

  /** Waits for the workers (they finish their pending write, retrying until acknowledged). */
  async settle(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
  }

  lastMutationIds(): Map<string, number> {
    return new Map(this.syncClients.map((c) => [c.clientId, c.nextId - 1]));
  }

  private count(outcome: Outcome): void {
    this.figures.requests++;
    const key = outcome.kind === 'status' ? outcome.status : 'network';
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
    if (outcome.kind === 'network') this.figures.networkErrors++;
    else if (outcome.status >= 500) {
      this.figures.status5xx++;
      if (outcome.status === 503) this.figures.status503++;
      if (outcome.status === 500) this.figures.status500++;
    }
  }

  /** 503 and network errors are retried, for at most 30 s per write (then the stream fails). */
  private retryable(outcome: Outcome, since: number): boolean {
    if (Date.now() - since > 30_000)
      throw new Error(`a write was not acknowledged within 30 s: ${JSON.stringify(outcome)}`);
    return outcome.kind === 'network' || outcome.status === 503;
  }

  private async restWorker(worker: number): Promise<void> {
    let n = 0;
    while (this.running) {
      const id = randomUUID();
      const body = {
        id,
        name: `${this.label} rest ${worker}-${n++}`,
        email: `w${worker}n${n}@example.com`,
      };
      this.attempted.add(id);
      let retried = false;
      const since = Date.now();
      for (;;) {
        const outcome = await call(this.base(), 'POST', '/api/customers', body, this.token);
        this.count(outcome);
        if (
          outcome.kind === 'status' &&
          (outcome.status === 201 || (retried && outcome.status === 409))
        ) {
          this.acknowledged.add(id);
          this.successTimes.push(Date.now());
          break;
        }
        if (!this.retryable(outcome, since))
          throw new Error(`unexpected answer to a customer write: ${JSON.stringify(outcome)}`);
        retried = true;
        await sleep(100);
      }
    }
  }

  private async syncWorker(client: {
    clientGroupId: string;
    clientId: string;
    nextId: number;
  }): Promise<void> {
    let n = 0;
    while (this.running) {
      const mutations: Mutation[] = [];
      const batch = 1 + (n % 3);
      for (let i = 0; i < batch; i++) {
        const id = randomUUID();
        this.attempted.add(id);
        mutations.push({
          id: client.nextId++,
          name: 'customer.create',
          args: {
            id,
            name: `${this.label} sync ${client.clientId.slice(0, 8)}-${n++}`,
            email: `s${n}@example.com`,
          },
        });
      }
      const since = Date.now();
      for (;;) {
        const outcome = await call(
          this.base(),
          'POST',
          '/api/sync/push',
          { clientGroupId: client.clientGroupId, clientId: client.clientId, mutations },
          this.token,
        );
        this.count(outcome);
        if (outcome.kind === 'status' && outcome.status === 200) {
          const res = outcome.json as PushResponse;
          if (res.lastMutationId !== mutations.at(-1)!.id || res.gapAt !== undefined)
            throw new Error(`push did not acknowledge the batch: ${JSON.stringify(res)}`);
          for (const r of res.results)
            if (r.status === 'rejected') throw new Error(`mutation rejected: ${JSON.stringify(r)}`);
          for (const m of mutations) this.acknowledged.add((m.args as { id: string }).id);
          this.successTimes.push(Date.now());
          break;
        }
        if (!this.retryable(outcome, since))
          throw new Error(`unexpected answer to a push: ${JSON.stringify(outcome)}`);
        await sleep(100);
      }
    }
  }
}

/** Reads the stored customers and fills stored / duplicates / lost of the figures. */
export async function compareStored(
  stream: WriteStream,
  rows: Array<{ id: string; name: string }>,
): Promise<void> {
  const f = stream.figures;
  f.writesTried = stream.attempted.size;
  f.acknowledged = stream.acknowledged.size;
  const streamRows = rows.filter((r) => r.name.startsWith(`${stream.label} `));
  f.stored = streamRows.length;
  const names = new Map<string, number>();
  for (const r of streamRows) names.set(r.name, (names.get(r.name) ?? 0) + 1);
  f.duplicates = [...names.values()].filter((c) => c > 1).reduce((a, c) => a + c - 1, 0);
  const ids = new Set(streamRows.map((r) => r.id));
  f.lost = [...stream.acknowledged].filter((id) => !ids.has(id)).length;
  f.storedNotAcknowledged = streamRows.filter((r) => !stream.acknowledged.has(r.id)).length;
}

/** The version directory of the local PostgreSQL cluster (`/etc/postgresql/<version>`). */
export function postgresVersion(): string {
  return readdirSync('/etc/postgresql').sort().at(-1)!;
}

export function pgCtl(action: 'stop' | 'start'): void {
  const args = ['--skip-systemctl-redirect', postgresVersion(), 'main', action];
  if (action === 'stop') args.push('-m', 'fast');
  execFileSync('pg_ctlcluster', args, { stdio: 'pipe' });
}

export async function postgresReady(timeoutMs = 30_000): Promise<void> {
  await eventually(() => adminQuery('SELECT 1'), timeoutMs);
}

/** Pulls everything a client group may see, page by page, like the PWA does on a first sync. */
export async function pullAll(
  base: string,
  token: string,
  clientGroupId: string,
  clientId: string,
) {
  const rows = new Map<string, Record<string, unknown>>();
  let cursor: string | null = null;
  let last: PullResponse;
  for (;;) {
    const res = await api(
      base,
      'POST',
      '/api/sync/pull',
      { clientGroupId, clientId, cursor },
      token,
    );
    if (res.status !== 200) throw new Error(`pull: ${res.status} ${res.text}`);
    last = res.json as unknown as PullResponse;
    if (last.clear) rows.clear();
    for (const op of last.patch) {
      if (op.op === 'put') rows.set(`${op.entity}/${op.id}`, op.value);
      else rows.delete(`${op.entity}/${op.id}`);
    }
    cursor = last.cursor;
    if (!last.hasMore) break;
  }
  const of = (entity: string) =>
    [...rows.entries()].filter(([k]) => k.startsWith(`${entity}/`)).map(([, v]) => v);
  return { rows, of, lastMutationIds: last.lastMutationIds, rejections: last.rejections };
}
