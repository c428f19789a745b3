import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Mutation, PushResponse } from '@smb/shared-types';
import { api, freePort, startServer } from '../support/server-process';
import {
  adminQuery,
  call,
  freshPostgres,
  newFigures,
  printFigures,
  pullAll,
  registerTenant,
  serverEnv,
  sleep,
  tempDir,
} from './support';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** A server on a fixed port, so clients find it again after a restart; killed at the end of the file. */
async function serverFor(kind: 'postgres' | 'embedded') {
  const dataDir = tempDir(`smb-rel-${kind}-`);
  const db = kind === 'postgres' ? await freshPostgres('smb_rel_proc') : undefined;
  const env = { ...serverEnv(dataDir, db?.url), PORT: String(await freePort()) };
  const handle = { dataDir, db, env, server: await startServer(env, 120_000) };
  cleanups.push(async () => {
    await handle.server.stop('SIGKILL');
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return handle;
}

/**
 * One simulated device pushing customers with their main contact and a quote for each, in
 * batches. Like the PWA it retries the same batch on network errors and 503 until it is answered.
 */
class Device {
  readonly clientGroupId = randomUUID();
  readonly clientId = randomUUID();
  nextId = 1;
  /** Highest mutation id the server acknowledged to this device. */
  acknowledged = 0;
  readonly customers: string[] = [];
  readonly quotes: string[] = [];
  rejected = 0;
  requests = 0;
  readonly ackTimes: number[] = [];
  failures = new Map<string, number>();

  constructor(
    private readonly base: string,
    private readonly token: string,
    private readonly productId: string,
  ) {}

  private batch(): Mutation[] {
    const mutations: Mutation[] = [];
    for (let i = 0; i < 2; i++) {
      const customerId = randomUUID();
      const contactId = randomUUID();
      const quoteId = randomUUID();
      this.customers.push(customerId);
      this.quotes.push(quoteId);
      const name = `Device ${this.clientId.slice(0, 8)} #${this.nextId}`;
      mutations.push({
        id: this.nextId++,
        name: 'customer.create',
        args: {
          id: customerId,
          name,
          email: 'buyer@example.com',
          mainContact: {
            id: contactId,
            name: 'Pat Buyer',
            email: 'pat@example.com',
            phoneNumber: null,
          },
        },
      });
      mutations.push({
        id: this.nextId++,
        name: 'quote.create',
        args: {
          id: quoteId,
          customerId,
          contactId,
          currencyCode: 'USD',
          notes: '',
          items: [{ productId: this.productId, quantity: 1 + (this.nextId % 5) }],
        },
      });
    }
    return mutations;
  }

  async run(isRunning: () => boolean): Promise<void> {
    while (isRunning()) {
      const mutations = this.batch();
      const body = { clientGroupId: this.clientGroupId, clientId: this.clientId, mutations };
      const since = Date.now();
      for (;;) {
        const outcome = await call(this.base, 'POST', '/api/sync/push', body, this.token, 20_000);
        this.requests++;
        if (outcome.kind === 'status' && outcome.status === 200) {
          const res = outcome.json as PushResponse;
          this.rejected += res.results.filter((r) => r.status === 'rejected').length;
          if (res.lastMutationId !== mutations.at(-1)!.id)
            throw new Error(`batch not acknowledged: ${JSON.stringify(res)}`);
          this.acknowledged = res.lastMutationId;
          this.ackTimes.push(Date.now());
          break;
        }
        const key = outcome.kind === 'network' ? outcome.message : String(outcome.status);
        this.failures.set(key, (this.failures.get(key) ?? 0) + 1);
        if (outcome.kind === 'status' && outcome.status !== 503)
          throw new Error(`push answered ${outcome.status}: ${JSON.stringify(outcome.json)}`);
        if (Date.now() - since > 90_000)
          throw new Error('a batch was not acknowledged within 90 s');
        await sleep(150);
      }
    }
  }
}

describe.each(['postgres', 'embedded'] as const)(
  'kill -9 of the server during sync pushes (%s database)',
  (kind) => {
    it('applies every acknowledged or retried mutation exactly once, with gapless quote numbers', async () => {
      const h = await serverFor(kind);
      const tenant = await registerTenant(h.server, h.dataDir, `Crash ${kind}`);
      const product = await api(
        h.server.url,
        'POST',
        '/api/products',
        { name: 'Widget', price: 12.5, currencyCode: 'USD' },
        tenant.token,
      );
      expect(product.status).toBe(201);

      const devices = Array.from(
        { length: 4 },
        () => new Device(h.server.url, tenant.token, product.json.id as string),
      );
      let running = true;
      const runs = devices.map((d) => d.run(() => running));
      const kills: number[] = [];
      let restartMs = 0;
      for (let round = 0; round < 2; round++) {
        await sleep(1_500);
        h.server.child.kill('SIGKILL');
        await h.server.stop('SIGKILL');
        kills.push(Date.now());
        const restarted = Date.now();
        h.server = await startServer(h.env, 120_000);
        restartMs = Math.max(restartMs, Date.now() - restarted);
      }
      await sleep(1_500);
      running = false;
      await Promise.all(runs);

      const viewer = await pullAll(h.server.url, tenant.token, randomUUID(), randomUUID());
      const customers = viewer.of('customers');
      const quotes = viewer.of('quotes');
      const sentCustomers = devices.flatMap((d) => d.customers);
      const sentQuotes = devices.flatMap((d) => d.quotes);
      const customerIds = new Set(customers.map((c) => c.id));
      const quoteIds = new Set(quotes.map((q) => q.id));
      const names = new Map<string, number>();
      for (const c of customers)
        names.set(c.name as string, (names.get(c.name as string) ?? 0) + 1);
      const numbers = quotes
        .map((q) => Number(String(q.quoteNumber).replace(/^Q-/, '')))
        .sort((a, b) => a - b);

      const lastIds = new Map<string, number>();
      for (const d of devices) {
        const own = await pullAll(h.server.url, tenant.token, d.clientGroupId, d.clientId);
        lastIds.set(d.clientId, own.lastMutationIds[d.clientId] ?? 0);
        d.rejected += own.rejections.length;
      }
      if (h.db) {
        const { rows } = await adminQuery<{ client_id: string; last_mutation_id: string }>(
          `SELECT client_id, last_mutation_id FROM "${tenant.schemaName}".sync_clients`,
          [],
          h.db.url,
        );
        for (const r of rows)
          if (lastIds.has(r.client_id))
            expect(Number(r.last_mutation_id)).toBe(lastIds.get(r.client_id));
      }

      const figures = newFigures();
      figures.requests = devices.reduce((a, d) => a + d.requests, 0);
      figures.mutationsSent = devices.reduce((a, d) => a + d.nextId - 1, 0);
      figures.acknowledged = devices.reduce((a, d) => a + d.acknowledged, 0);
      figures.stored = customers.length + quotes.length;
      figures.networkErrors = devices.reduce(
        (a, d) => a + [...d.failures].filter(([k]) => k !== '503').reduce((s, [, n]) => s + n, 0),
        0,
      );
      figures.status503 = devices.reduce((a, d) => a + (d.failures.get('503') ?? 0), 0);
      figures.status5xx = figures.status503;
      figures.duplicates =
        [...names.values()].reduce((a, n) => a + n - 1, 0) +
        devices.reduce((a, d) => a + d.rejected, 0);
      figures.lost =
        sentCustomers.filter((id) => !customerIds.has(id)).length +
        sentQuotes.filter((id) => !quoteIds.has(id)).length;
      // From each kill to the first push acknowledged after it (the restart included).
      const acks = devices.flatMap((d) => d.ackTimes);
      figures.recoveryMs = Math.max(
        ...kills.map((k) => Math.min(...acks.filter((a) => a > k)) - k),
      );
      figures.restartMs = restartMs;
      figures.kills = kills.length;
      figures.failures = JSON.stringify(
        Object.fromEntries(
          devices
            .flatMap((d) => [...d.failures])
            .reduce((m, [k, n]) => m.set(k, (m.get(k) ?? 0) + n), new Map<string, number>()),
        ),
      );
      figures.quoteNumbers = `Q-${numbers[0]}…Q-${numbers.at(-1)} (${numbers.length})`;
      printFigures(`(c) kill -9 during sync pushes, ${kind} database`, figures);

      for (const d of devices) expect(lastIds.get(d.clientId)).toBe(d.nextId - 1);
      expect(figures.acknowledged).toBe(figures.mutationsSent);
      expect(figures.lost).toBe(0);
      expect(figures.duplicates).toBe(0);
      expect(customers.length).toBe(sentCustomers.length);
      expect(quotes.length).toBe(sentQuotes.length);
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
      expect(figures.networkErrors).toBeGreaterThan(0); // the kills really hit the stream
    });
  },
);

describe('SIGTERM under load', () => {
  it('lets every request that started before the signal finish, then exits 0 within 10 s', async () => {
    const h = await serverFor('postgres');
    const tenant = await registerTenant(h.server, h.dataDir, 'Shutdown Co');
    const base = h.server.url;
    let signalledAt = 0;
    const started: Array<{
      id: string;
      at: number;
      doneAt?: number;
      outcome?: Awaited<ReturnType<typeof call>>;
    }> = [];

    async function worker(w: number) {
      for (let n = 0; signalledAt === 0; n++) {
        const id = randomUUID();
        const entry: (typeof started)[number] = { id, at: Date.now() };
        started.push(entry);
        entry.outcome =
          n % 3 === 2
            ? await call(base, 'GET', '/api/customers?limit=50', undefined, tenant.token)
            : await call(
                base,
                'POST',
                '/api/customers',
                { id, name: `Term ${w}-${n}`, email: 'term@example.com' },
                tenant.token,
              );
        entry.doneAt = Date.now();
      }
    }
    const workers = Array.from({ length: 16 }, (_, w) => worker(w));
    await sleep(1_500);
    const exited = new Promise<number | null>((resolve) => h.server.child.once('exit', resolve));
    signalledAt = Date.now();
    h.server.child.kill('SIGTERM');
    const code = await exited;
    const exitMs = Date.now() - signalledAt;
    await Promise.all(workers);

    // Workers start no request once the signal is sent: every request here began before it.
    const before = started;
    const failed = before.filter((e) => e.outcome?.kind !== 'status' || e.outcome.status >= 300);
    const inFlight = before.filter((e) => e.doneAt! >= signalledAt).length;
    const acknowledged = before
      .filter((e) => e.outcome?.kind === 'status' && e.outcome.status === 201)
      .map((e) => e.id);
    const { rows } = await adminQuery<{ id: string }>(
      `SELECT id FROM "${tenant.schemaName}".customers`,
      [],
      h.db!.url,
    );
    const stored = new Set(rows.map((r) => r.id));

    const figures = newFigures();
    figures.requests = started.length;
    figures.acknowledged = acknowledged.length;
    figures.stored = rows.length;
    figures.networkErrors = failed.filter((e) => e.outcome?.kind === 'network').length;
    figures.status5xx = failed.filter(
      (e) => e.outcome?.kind === 'status' && e.outcome.status >= 500,
    ).length;
    figures.status503 = failed.filter(
      (e) => e.outcome?.kind === 'status' && e.outcome.status === 503,
    ).length;
    figures.lost = acknowledged.filter((id) => !stored.has(id)).length;
    figures.recoveryMs = null;
    figures.inFlightAtSignal = inFlight;
    figures.exitCode = code;
    figures.exitMs = exitMs;
    printFigures('(d) SIGTERM under load (16 concurrent clients)', figures);

    expect(failed.map((e) => e.outcome)).toEqual([]);
    expect(inFlight).toBeGreaterThan(0);
    expect(code).toBe(0);
    expect(exitMs).toBeLessThan(10_000);
    expect(figures.lost).toBe(0);
    expect(rows.length).toBe(acknowledged.length);
  });
});
