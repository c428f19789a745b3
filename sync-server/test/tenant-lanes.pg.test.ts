// PostgreSQL only: the embedded database has one connection, which every company shares.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laneOf } from '../src/db/database';
import { customerArgs, TestClient } from './sync-helpers';
import {
  bearer,
  createTestApp,
  createTestDatabase,
  registerTenant,
  type TestApp,
  type TestDatabase,
} from './helpers';

describe('tenant lanes (DB_TENANT_LANES)', () => {
  let db: TestDatabase;
  const schemas = Array.from({ length: 12 }, (_, i) => `company${i}_0123456789`);
  beforeAll(async () => {
    // Six connections in three lanes of two.
    db = await createTestDatabase(6, { tenantLanes: 3 });
  });
  afterAll(() => db.drop());

  /** The backends that served `schema`'s queries, four at a time, a few rounds. */
  async function backendsOf(schema: string): Promise<Set<number>> {
    const pids = new Set<number>();
    for (let round = 0; round < 3; round++) {
      const rows = await Promise.all(
        Array.from({ length: 4 }, () =>
          sql<{ pid: number }>`SELECT pg_backend_pid() AS pid, pg_sleep(0.02)`.execute(
            db.database.tenantDb(schema),
          ),
        ),
      );
      for (const { rows: r } of rows) pids.add(r[0]!.pid);
    }
    return pids;
  }

  it("pin each company to its lane's connections, and no other company's lane shares them", async () => {
    const byLane = new Map<number, Set<number>>();
    for (const schema of schemas) {
      const pids = await backendsOf(schema);
      // Four queries at once still meet at most the lane's two connections.
      expect(pids.size).toBeLessThanOrEqual(2);
      const lane = laneOf(schema, 3);
      const seen = byLane.get(lane) ?? new Set();
      for (const pid of pids) seen.add(pid);
      byLane.set(lane, seen);
    }
    expect(byLane.size).toBe(3);
    const all = [...byLane.values()];
    for (const pids of all) expect(pids.size).toBeLessThanOrEqual(2);
    // Disjoint: a backend serves one lane's companies only.
    expect(new Set(all.flatMap((p) => [...p])).size).toBe(all.reduce((n, p) => n + p.size, 0));
  });

  it('leave control-plane queries on the main pool', async () => {
    const { rows } = await db.database.pool.query<{ pid: number }>(
      'SELECT pg_backend_pid() AS pid',
    );
    const laneBackends = new Set<number>();
    for (const schema of schemas) for (const pid of await backendsOf(schema)) laneBackends.add(pid);
    expect(laneBackends.has(rows[0]!.pid)).toBe(false);
  });
});

describe('a server with tenant lanes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { DB_TENANT_LANES: '3' }, poolSize: 6 });
  });
  afterAll(() => t?.close());

  it('serves every company through the API and sync, each seeing only its own records', async () => {
    const companies = await Promise.all(
      ['Lane One Ltd', 'Lane Two Ltd', 'Lane Three Ltd', 'Lane Four Ltd'].map((name) =>
        registerTenant(t, name),
      ),
    );
    for (const [i, company] of companies.entries()) {
      const device = new TestClient(t, company.token);
      const pushed = await device.push([
        device.mutation('customer.create', customerArgs({ name: `Customer of ${i}` })),
      ]);
      expect(pushed.status).toBe(200);
      await device.pull();
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/customers',
        headers: bearer(company.token),
      });
      expect(res.statusCode).toBe(200);
      const names = (res.json() as { name: string }[]).map((c) => c.name);
      expect(names).toEqual([`Customer of ${i}`]);
      expect([...device.rows.values()].filter((r) => r.name === `Customer of ${i}`)).toHaveLength(
        1,
      );
    }
  });
});
