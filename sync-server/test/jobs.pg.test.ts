/**
 * PostgreSQL only (two servers on one database): scheduled work runs once per period across the
 * servers, whichever ticks first, and the clean-up jobs do what they say.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { connectDatabase, type Database } from '../src/db/database';
import { pruneExpiredCodes, pruneTombstones } from '../src/jobs/jobs';
import { runOnce, startScheduler, type Job } from '../src/jobs/scheduler';
import { tenantDb } from './factories';
import { createTestApp, registerTenant, uniqueEmail, type TestApp } from './helpers';
import { TestClient, customerArgs } from './sync-helpers';

let t: TestApp;
let second: Database;
const quiet = { info() {}, warn() {} };

beforeAll(async () => {
  t = await createTestApp();
  second = connectDatabase(t.ctx.database.pool.options.connectionString!, 4);
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

/** A job that counts its runs and takes a while, so two servers' ticks overlap. */
function countingJob(name: string, everyMs: number): Job & { runs: number } {
  const job = {
    name,
    everyMs,
    runs: 0,
    async run() {
      job.runs += 1;
      await new Promise((r) => setTimeout(r, 100));
    },
  };
  return job;
}

describe('scheduled jobs across two servers', () => {
  it('runs once per period whichever server ticks, however often both tick', async () => {
    const job = countingJob(`test-once-${Date.now()}`, 60_000);
    const a = startScheduler(t.ctx.database, [job], quiet, {
      tickMs: 3_600_000,
      firstTickMs: 3_600_000,
    });
    const b = startScheduler(second, [job], quiet, { tickMs: 3_600_000, firstTickMs: 3_600_000 });
    const ran = (await Promise.all([a.tick(), b.tick()])).flat();
    for (let i = 0; i < 5; i += 1) ran.push(...(await Promise.all([a.tick(), b.tick()])).flat());
    expect(job.runs).toBe(1);
    expect(ran).toEqual([job.name]);
    await a.stop();
    await b.stop();
  });

  it('offers its jobs on its own soon after it starts, not a whole tick later', async () => {
    const job = countingJob(`test-first-${Date.now()}`, 60_000);
    const scheduler = startScheduler(t.ctx.database, [job], quiet, {
      tickMs: 3_600_000,
      firstTickMs: 50,
    });
    await expect.poll(() => job.runs, { timeout: 5_000 }).toBe(1);
    await scheduler.stop();
  });

  it('runs again once the period has passed, on one server only', async () => {
    const job = countingJob(`test-period-${Date.now()}`, 400);
    expect(await runOnce(t.ctx.database.db, job)).toBe(true);
    expect(await runOnce(second.db, job)).toBe(false);
    await new Promise((r) => setTimeout(r, 500));
    const both = await Promise.all([runOnce(t.ctx.database.db, job), runOnce(second.db, job)]);
    expect(both.filter(Boolean)).toHaveLength(1);
    expect(job.runs).toBe(2);
  });

  it('a failed run is not recorded: the next tick tries again', async () => {
    let attempts = 0;
    const job: Job = {
      name: `test-fail-${Date.now()}`,
      everyMs: 60_000,
      async run() {
        attempts += 1;
        if (attempts === 1) throw new Error('database went away');
      },
    };
    await expect(runOnce(t.ctx.database.db, job)).rejects.toThrow('database went away');
    expect(await runOnce(second.db, job)).toBe(true);
    expect(attempts).toBe(2);
  });

  it('prunes expired one-time codes and keeps live ones', async () => {
    const live = uniqueEmail('live');
    const expired = uniqueEmail('expired');
    for (const email of [live, expired])
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          email,
          password: 'Str0ng!Pass',
          confirmPassword: 'Str0ng!Pass',
          tenantNaturalName: 'Codes Ltd',
        },
      });
    const app = t.ctx.database.db.withSchema('app');
    await sql`UPDATE app.one_time_codes SET expires_at = now() - interval '1 minute'
               WHERE user_id = (SELECT id FROM app.users WHERE email = ${expired})`.execute(
      t.ctx.database.db,
    );
    await sql`DELETE FROM app.job_runs`.execute(t.ctx.database.db);
    expect(await runOnce(second.db, pruneExpiredCodes)).toBe(true);
    const left = await app
      .selectFrom('one_time_codes')
      .innerJoin('users', 'users.id', 'one_time_codes.user_id')
      .select('users.email')
      .where('users.email', 'in', [live, expired])
      .execute();
    expect(left.map((r) => r.email)).toEqual([live]);
  });

  it('prunes tombstones past the retention and moves the horizon, so an older cursor gets a full reset', async () => {
    const { tenantId } = await registerTenant(t, 'Tombstones Ltd');
    const db = await tenantDb(t, tenantId);
    await db
      .insertInto('tombstones')
      .values([
        { entity: 'customers', id: crypto.randomUUID(), version: 5 },
        { entity: 'customers', id: crypto.randomUUID(), version: 7 },
      ])
      .execute();
    // Deleted 100 days ago (past the 90 days kept).
    const { schema_name } = await t.ctx.database.db
      .withSchema('app')
      .selectFrom('tenants')
      .select('schema_name')
      .where('id', '=', tenantId)
      .executeTakeFirstOrThrow();
    await sql`UPDATE ${sql.id(schema_name, 'tombstones')} SET deleted_at = now() - interval '100 days'
               WHERE version = 5`.execute(t.ctx.database.db);
    await sql`DELETE FROM app.job_runs`.execute(t.ctx.database.db);
    expect(await runOnce(t.ctx.database.db, pruneTombstones)).toBe(true);
    const left = await db.selectFrom('tombstones').select('version').execute();
    expect(left.map((r) => String(r.version))).toEqual(['7']);
    const state = await db
      .selectFrom('sync_state')
      .select('tombstone_horizon')
      .executeTakeFirstOrThrow();
    expect(String(state.tombstone_horizon)).toBe('5');
  });

  it("forgets which device wrote a deleted row's fields, and keeps the writers of live rows", async () => {
    const { tenantId, token } = await registerTenant(t, 'Field Writers Ltd');
    const device = new TestClient(t, token);
    const kept = customerArgs();
    const deleted = customerArgs({ name: 'Initech' });
    const update = (id: string) =>
      device.mutation('customer.update', {
        id,
        baseVersion: null,
        changes: { phoneNumber: '555-0199' },
        base: { phoneNumber: '555-0100' },
      });
    const pushed = await device.push([
      device.mutation('customer.create', kept),
      device.mutation('customer.create', deleted),
      update(kept.id),
      update(deleted.id),
      device.mutation('customer.delete', { id: deleted.id }),
    ]);
    expect(pushed.body.results.map((r) => r.status)).toEqual(Array(5).fill('applied'));
    const db = await tenantDb(t, tenantId);
    const writers = () =>
      db
        .selectFrom('sync_field_writes')
        .select(['entity_id', 'field'])
        .orderBy('entity_id')
        .execute();
    expect((await writers()).map((w) => w.entity_id).sort()).toEqual([kept.id, deleted.id].sort());

    await sql`DELETE FROM app.job_runs`.execute(t.ctx.database.db);
    expect(await runOnce(t.ctx.database.db, pruneTombstones)).toBe(true);
    expect(await writers()).toEqual([{ entity_id: kept.id, field: 'phoneNumber' }]);
  });
});
