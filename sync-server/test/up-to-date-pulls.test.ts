/**
 * An up-to-date device's pull is answered from what the instance heard (no query) while that is
 * sure, and from the database whenever it is not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullResponse } from '@smb/shared-types';
import { createTestApp, registerTenant, type TestApp } from './helpers';
import { TestClient } from './sync-helpers';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await registerTenant(t, 'Memory Pulls Ltd'));
  await t.ctx.changes.whenListening();
  if (t.ctx.database.kind === 'postgres') await t.ctx.sessions.whenListening();
});

/**
 * The queries of a request that needs nothing from the tenant: none on PostgreSQL, whose servers
 * hold signed-in sessions; on the embedded database every request reads its session.
 */
const authenticationQueries = () => (t.ctx.database.kind === 'postgres' ? 0 : 1);
afterAll(async () => {
  await t?.close();
});

/** The pull's answer and how many database connections it checked out (one per query or transaction). */
async function counted(pull: () => Promise<PullResponse>) {
  let queries = 0;
  const onAcquire = () => (queries += 1);
  t.ctx.database.pool.on('acquire', onAcquire);
  try {
    return { answer: await pull(), queries };
  } finally {
    t.ctx.database.pool.off('acquire', onAcquire);
  }
}

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const customer = (name: string) => ({
  id: crypto.randomUUID(),
  name,
  email: `${name.toLowerCase().replace(/\W/g, '')}@example.com`,
  phoneNumber: null,
  address: null,
  address2: null,
});

describe('up-to-date pulls', () => {
  it('an up-to-date device is answered without a query, with its acknowledgements', async () => {
    const device = new TestClient(t, token);
    await device.push([device.mutation('customer.create', customer('Ada Shop'))]);
    await device.pull();
    // The first up-to-date pull reads where the tenant stands; the ones after it need nothing.
    await device.pullOnce();
    const { answer, queries } = await counted(() => device.pullOnce());
    expect(queries).toBe(authenticationQueries());
    expect(answer.cursor).toBe(device.cursor);
    expect(answer.patch).toEqual([]);
    expect(answer.lastMutationIds[device.clientId]).toBe(1);
  });

  it("another device's change is pulled, not answered from memory", async () => {
    const [a, b] = [new TestClient(t, token), new TestClient(t, token)];
    await a.pull();
    await a.pullOnce();
    const before = a.cursor;
    await b.push([b.mutation('customer.create', customer('Brasserie Nord'))]);
    // The change is announced at commit; until it is heard the old answer is what the database
    // said a moment ago. Once heard, the pull reads the database and gets the customer.
    await until(async () => (await a.pullOnce(before)).cursor !== before);
    const pages = await a.pull();
    expect(BigInt(a.cursor!)).toBeGreaterThan(BigInt(before!));
    expect(a.rows.size).toBeGreaterThan(0);
    expect(pages.at(-1)!.hasMore).toBe(false);
  });

  it('a rejected push moves the version, so the device hears of its rejection at once', async () => {
    const device = new TestClient(t, token);
    await device.pull();
    await device.pullOnce();
    const cursor = device.cursor;
    const pushed = await device.push([
      device.mutation('customer.update', {
        id: crypto.randomUUID(),
        baseVersion: null,
        changes: { name: 'Nobody' },
        base: { name: null },
      }),
    ]);
    expect(pushed.body.results[0]!.status).toBe('rejected');
    await until(async () => (await device.pullOnce(cursor)).cursor !== cursor);
    const answer = await device.pullOnce();
    expect(answer.lastMutationIds[device.clientId]).toBe(1);
    expect(answer.rejections.map((r) => r.mutationId)).toEqual([1]);
  });

  it('a cursor ahead of what the instance heard is read from the database', async () => {
    const device = new TestClient(t, token);
    await device.pull();
    const ahead = (BigInt(device.cursor!) + 5n).toString();
    const { answer, queries } = await counted(() => device.pullOnce(ahead));
    expect(queries).toBeGreaterThan(authenticationQueries());
    // A cursor the server never gave is not up to date: the device is sent everything again.
    expect(answer.cursor).toBe(device.cursor);
  });
});
