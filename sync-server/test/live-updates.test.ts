/**
 * Live updates by notification (embedded PGlite and PostgreSQL): the transaction that moves a
 * tenant's version announces it at commit, once per transaction, and the process's LISTEN
 * connection hands it to the watchers of that tenant. The watchers here would poll only every
 * ten minutes, so every poke they get within the test came by notification.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote } from '@smb/shared-types';
import { sql } from 'kysely';
import { VERSION_CHANNEL, VersionWatcher } from '../src/sync/events';
import { expectStatus } from './api-helpers';
import { makeRecipient, makeProduct } from './factories';
import { bearer, createTestApp, registerTenant, type TestApp } from './helpers';
import { TestClient, customerArgs } from './sync-helpers';

let t: TestApp;
let watcher: VersionWatcher;
let a: Awaited<ReturnType<typeof registerTenant>>;
let b: Awaited<ReturnType<typeof registerTenant>>;
const logged: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  a = await registerTenant(t, 'Live Updates Ltd');
  b = await registerTenant(t, 'Quiet Neighbour Inc');
  const log = { info: (m: string) => logged.push(m), warn: (m: string) => logged.push(m) };
  watcher = new VersionWatcher(t.ctx.database, t.ctx.changes, log, 600_000);
  await within(t.ctx.changes.whenListening());
});
afterAll(async () => {
  watcher?.close();
  await t?.close();
});

/** `promise`, or a failure after 10 s (a generous bound for a loaded machine). */
function within<T>(promise: Promise<T>, ms = 10_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`not settled within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

async function schemaOf(tenantId: string): Promise<string> {
  const row = await t.ctx.database.db
    .withSchema('app')
    .selectFrom('tenants')
    .select('schema_name')
    .where('id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return row.schema_name;
}

/**
 * Resolves once every notification committed before this call has been heard: one more is sent
 * and awaited, and notifications arrive in commit order. (A payload that is not a version is
 * ignored by the watcher.)
 */
async function heardSoFar(): Promise<void> {
  const marker = `settle:${Math.random()}`;
  let unsubscribe = () => {};
  const heard = new Promise<void>((resolve) => {
    unsubscribe = t.ctx.changes.subscribe(VERSION_CHANNEL, {
      message: (payload) => payload === marker && resolve(),
    });
  });
  await sql`SELECT pg_notify(${VERSION_CHANNEL}, ${marker})`.execute(t.ctx.database.db);
  await within(heard).finally(unsubscribe);
}

/**
 * Every version poked to a watcher of the tenant from now on, and a wait for the next `count` of
 * them. Notifications of earlier writes (the test's set-up) are let through first, so they are
 * not counted.
 */
async function watch(tenantId: string) {
  await heardSoFar();
  const pokes: string[] = [];
  let waiting: { count: number; resolve: () => void } | undefined;
  const unsubscribe = watcher.subscribe(await schemaOf(tenantId), (version) => {
    pokes.push(version);
    if (waiting && pokes.length >= waiting.count) waiting.resolve();
  });
  return {
    pokes,
    unsubscribe,
    /** Resolves once `count` pokes in all have arrived. */
    until(count: number) {
      return within(
        new Promise<void>((resolve) => {
          if (pokes.length >= count) resolve();
          else waiting = { count, resolve };
        }),
      );
    },
  };
}

describe('live updates by notification', () => {
  it('logs that it listens, and a write through the API pokes its tenant with the new version', async () => {
    expect(logged).toContain(
      'live updates: listening for changes (LISTEN/NOTIFY); polling stopped',
    );
    const w = await watch(a.tenantId);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: bearer(a.token),
      payload: { name: 'Poked Co', email: 'poked@example.com' },
    });
    const customer = expectStatus<{ version: string }>(created, 201);
    await w.until(1);
    expect(w.pokes).toEqual([customer.version]);
    w.unsubscribe();
  });

  it('a sync push of 100 mutations is one poke, with the batch’s last version; other tenants hear nothing', async () => {
    const wa = await watch(a.tenantId);
    const wb = await watch(b.tenantId);
    const device = new TestClient(t, a.token);
    const batch = Array.from({ length: 100 }, (_, i) =>
      device.mutation('customer.create', customerArgs({ name: `Batch ${i}` })),
    );
    const pushed = await device.push(batch);
    expect(pushed.status).toBe(200);
    await wa.until(1);
    // A later single write is the next poke: nothing else of the batch came in between.
    const single = await device.push([device.mutation('customer.create', customerArgs())]);
    expect(single.status).toBe(200);
    await wa.until(2);
    await device.pull();
    const versions = [...device.rows.values()].map((r) => BigInt(r.version as string));
    const last = versions.reduce((m, v) => (v > m ? v : m), 0n);
    expect(wa.pokes).toHaveLength(2);
    // The transaction's last version is its acknowledgement, just after its last row.
    expect(wa.pokes[1]).toBe(device.cursor);
    expect(BigInt(wa.pokes[1]!)).toBe(last + 1n);
    expect(BigInt(wa.pokes[0]!)).toBeLessThan(last);
    expect(wb.pokes).toEqual([]);
    wa.unsubscribe();
    wb.unsubscribe();
  });

  it('a quote created in one statement (version and number together) pokes too', async () => {
    const recipient = await makeRecipient(t, a.tenantId);
    const product = await makeProduct(t, a.tenantId, { name: 'Widget', price: '5.00' });
    const w = await watch(a.tenantId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: bearer(a.token),
      payload: {
        customerId: recipient.customer.id,
        contactId: recipient.contact.id,
        items: [{ productId: product.id, quantity: 2 }],
      },
    });
    const quote = expectStatus<Quote>(res, 201);
    await w.until(1);
    expect(w.pokes).toEqual([quote.version]);
    w.unsubscribe();
  });
});
