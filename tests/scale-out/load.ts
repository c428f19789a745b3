/**
 * The scale-out suite's steady load (`cluster.test.ts`, `pgbouncer.test.ts`): reads, REST quote
 * creations with client-made ids and sync pushes through a balancer, each write retried like the
 * PWA retries it, and a check of what the database holds against what was acknowledged.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Mutation, PushResponse } from '@smb/shared-types';
import { adminQuery, call, pullAll, type Tenant } from '../reliability/support';
import { sleep } from './support';

function buyer(id: string, contactId: string, name: string) {
  return {
    id,
    name,
    email: 'buyer@example.com',
    mainContact: { id: contactId, name: 'Pat Buyer', email: 'pat@example.com', phoneNumber: null },
  };
}

interface Failure {
  /** When the failed attempt was sent, and when its failure came back. */
  sent: number;
  at: number;
  what: string;
  outcome: string;
}

/**
 * Steady load through the balancer: reads, REST quote creations with client-made ids, and sync
 * pushes (a customer and a quote per mutation pair) with client mutation ids. Like the PWA, a
 * write is retried with the same ids after a network error or a 5xx until it is answered.
 */
export class Load {
  readonly workers = 6;
  requests = 0;
  readsOk = 0;
  pushes = 0;
  retried = 0;
  readonly failures: Failure[] = [];
  /** Ids of customers and quotes the server acknowledged. */
  readonly acknowledged = new Set<string>();
  readonly customerIds = new Set<string>();
  readonly quoteIds = new Set<string>();
  private readonly clients: Array<{ clientGroupId: string; clientId: string; nextId: number }> = [];
  private running = true;
  private runs: Promise<void>[] = [];
  private readonly label = randomBytes(3).toString('hex');

  constructor(
    private readonly base: string,
    private readonly databaseUrl: string,
    private readonly tenant: Tenant,
    private readonly productId: string,
    private readonly customerId: string,
    private readonly contactId: string,
  ) {}

  private readonly errors: unknown[] = [];

  start(): void {
    const runs = [
      this.reader('/api/customers?limit=20'),
      this.reader('/api/quotes?limit=20'),
      this.quoteWriter(),
      this.quoteWriter(),
      this.pusher(),
      this.pusher(),
    ];
    this.runs = runs.map((run) =>
      run.catch((err: unknown) => {
        this.errors.push(err);
        this.running = false;
      }),
    );
  }

  /** Stops the workers once their pending writes are answered; throws what went wrong. */
  async settle(): Promise<void> {
    this.running = false;
    await Promise.all(this.runs);
    if (this.errors.length > 0) throw this.errors[0];
  }

  failureKinds(): Record<string, number> {
    const kinds: Record<string, number> = {};
    for (const f of this.failures) kinds[f.outcome] = (kinds[f.outcome] ?? 0) + 1;
    return kinds;
  }

  /** Sends until answered with `ok`; every other answer is a failure, retried with the same body. */
  private async send(
    what: string,
    method: string,
    url: string,
    body: unknown,
    ok: (status: number, attempt: number) => boolean,
  ): Promise<unknown> {
    const since = Date.now();
    for (let attempt = 0; ; attempt += 1) {
      const sent = Date.now();
      const outcome = await call(this.base, method, url, body, this.tenant.token, 20_000);
      this.requests += 1;
      if (outcome.kind === 'status' && ok(outcome.status, attempt)) {
        if (attempt > 0) this.retried += 1;
        return outcome.json;
      }
      const described = outcome.kind === 'status' ? String(outcome.status) : outcome.message;
      this.failures.push({ sent, at: Date.now(), what, outcome: described });
      if (outcome.kind === 'status' && outcome.status < 500)
        throw new Error(`${what} answered ${outcome.status}: ${JSON.stringify(outcome.json)}`);
      if (Date.now() - since > 60_000) throw new Error(`${what} not answered within 60 s`);
      await sleep(100);
    }
  }

  private async reader(url: string): Promise<void> {
    while (this.running) {
      await this.send(`GET ${url}`, 'GET', url, undefined, (s) => s === 200);
      this.readsOk += 1;
    }
  }

  private async quoteWriter(): Promise<void> {
    while (this.running) {
      const id = randomUUID();
      this.quoteIds.add(id);
      await this.send(
        'POST /api/quotes',
        'POST',
        '/api/quotes',
        {
          id,
          customerId: this.customerId,
          contactId: this.contactId,
          currencyCode: 'USD',
          items: [{ productId: this.productId, quantity: 2 }],
        },
        // A retry whose first attempt had committed answers 409: that is the acknowledgement.
        (s, attempt) => s === 201 || (attempt > 0 && s === 409),
      );
      this.acknowledged.add(id);
    }
  }

  private async pusher(): Promise<void> {
    const client = { clientGroupId: randomUUID(), clientId: randomUUID(), nextId: 1 };
    this.clients.push(client);
    while (this.running) {
      const mutations: Mutation[] = [];
      for (let i = 0; i < 2; i += 1) {
        const customerId = randomUUID();
        const contactId = randomUUID();
        const quoteId = randomUUID();
        this.customerIds.add(customerId);
        this.quoteIds.add(quoteId);
        mutations.push({
          id: client.nextId++,
          name: 'customer.create',
          args: buyer(customerId, contactId, `${this.label} ${customerId}`),
        });
        mutations.push({
          id: client.nextId++,
          name: 'quote.create',
          args: {
            id: quoteId,
            customerId,
            contactId,
            currencyCode: 'USD',
            items: [{ productId: this.productId, quantity: 1 }],
          },
        });
      }
      const res = (await this.send(
        'POST /api/sync/push',
        'POST',
        '/api/sync/push',
        { clientGroupId: client.clientGroupId, clientId: client.clientId, mutations },
        (s) => s === 200,
      )) as PushResponse;
      if (
        res.lastMutationId !== mutations.at(-1)!.id ||
        res.results.some((r) => r.status === 'rejected')
      )
        throw new Error(`push not acknowledged as sent: ${JSON.stringify(res)}`);
      this.pushes += 1;
      for (const m of mutations) this.acknowledged.add((m.args as { id: string }).id);
    }
  }

  /** What the database holds for this load, against what was acknowledged. */
  async verify() {
    const all = await pullAll(this.base, this.tenant.token, randomUUID(), randomUUID());
    const customers = all
      .of('customers')
      .filter((r) => String(r.name).startsWith(`${this.label} `));
    const quotes = all.of('quotes');
    const storedIds = new Set([...customers, ...quotes].map((r) => r.id as string));
    const names = new Map<string, number>();
    for (const r of customers) names.set(r.name as string, (names.get(r.name as string) ?? 0) + 1);
    const numbers = quotes
      .map((q) => Number(String(q.quoteNumber).replace(/^\D+-?/, '')))
      .sort((x, y) => x - y);
    // The server's own record of each device's last mutation id matches what it acknowledged.
    const { rows } = await adminQuery<{ client_id: string; last_mutation_id: string }>(
      `SELECT client_id, last_mutation_id FROM "${this.tenant.schemaName}".sync_clients`,
      [],
      this.databaseUrl,
    );
    const lastIds = new Map(rows.map((r) => [r.client_id, Number(r.last_mutation_id)]));
    const mutationIdsMatch = this.clients.every((cl) => lastIds.get(cl.clientId) === cl.nextId - 1);
    return {
      customers: customers.length,
      quotes: quotes.length,
      numbers: `${numbers[0]}…${numbers.at(-1)} (${numbers.length})`,
      gapless: numbers.every((n, i) => n === i + 1),
      duplicates: [...names.values()].reduce((a, n) => a + n - 1, 0),
      lost:
        [...this.acknowledged].filter((id) => !storedIds.has(id)).length +
        (mutationIdsMatch ? 0 : 1),
      unacknowledged: [...storedIds].filter((id) => !this.acknowledged.has(id)).length,
    };
  }
}
