/**
 * Issue 32.3: a sign-up whose address is never verified is removed, schema and all, once no code
 * could verify it any more; a verified company (and one with invited users) is never touched.
 */
import { CODE_TTL_MS } from '@smb/shared-types';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../src/clock';
import { runOnce } from '../src/jobs/scheduler';
import { pruneUnverifiedSignups } from '../src/jobs/unverified-signups';
import {
  bearer,
  createTestApp,
  login,
  registerTenant,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestApp,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  clock.reset();
  await t?.close();
});
afterEach(() => clock.reset());

async function signUp(company: string): Promise<{ email: string; schema: string }> {
  const email = uniqueEmail('signup');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      email,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      tenantNaturalName: company,
    },
  });
  expect(res.statusCode).toBe(201);
  const { rows } = await t.ctx.database.pool.query(
    `SELECT t.schema_name FROM app.tenants t JOIN app.users u ON u.tenant_id = t.id WHERE u.email = $1`,
    [email],
  );
  return { email, schema: rows[0].schema_name as string };
}

const schemaExists = async (schema: string) =>
  (await t.ctx.database.pool.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]))
    .rowCount === 1;
const userExists = async (email: string) =>
  (await t.ctx.database.pool.query('SELECT 1 FROM app.users WHERE email = $1', [email]))
    .rowCount === 1;

async function runJob(): Promise<void> {
  await t.ctx.database.pool.query(
    `DELETE FROM app.job_runs WHERE name = 'prune-unverified-signups'`,
  );
  expect(await runOnce(t.ctx.database.db, pruneUnverifiedSignups(t.ctx.database))).toBe(true);
}

describe('unverified sign-ups', () => {
  it('removes a sign-up after its code expired, keeps one still verifiable, never touches a verified company', async () => {
    const verified = await registerTenant(t, 'Kept Co');
    const customer = await t.app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: bearer(verified.token),
      payload: { name: 'Loyal Customer', email: 'loyal@example.com' },
    });
    expect(customer.statusCode).toBe(201);
    const { rows: keptRows } = await t.ctx.database.pool.query(
      'SELECT schema_name FROM app.tenants WHERE id = $1',
      [verified.tenantId],
    );
    const keptSchema = keptRows[0].schema_name as string;
    const abandoned = await signUp('Abandoned Co');
    const late = await signUp('Late Co');

    // Within the code's 10 minutes nothing goes.
    await runJob();
    expect(await schemaExists(abandoned.schema)).toBe(true);

    clock.advance(CODE_TTL_MS.verify + 60_000);
    // Late asked for a new code just now: still verifiable, so kept.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email: late.email },
    });
    await runJob();

    expect(await userExists(abandoned.email)).toBe(false);
    expect(await schemaExists(abandoned.schema)).toBe(false);
    expect(await userExists(late.email)).toBe(true);
    expect(await schemaExists(late.schema)).toBe(true);

    // The verified company: its schema, its data and its login as before.
    expect(await schemaExists(keptSchema)).toBe(true);
    const token = await login(t, verified.email);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/customers',
      headers: bearer(token),
    });
    expect(list.json()).toEqual([expect.objectContaining({ name: 'Loyal Customer' })]);

    // The address of a removed sign-up can register again.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: abandoned.email,
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
        tenantNaturalName: 'Abandoned Co',
      },
    });
    expect(again.statusCode).toBe(201);
    expect(await userExists(abandoned.email)).toBe(true);

    // Late's new code expires too: then it goes.
    clock.advance(CODE_TTL_MS.verify + 60_000);
    await runJob();
    expect(await schemaExists(late.schema)).toBe(false);
    expect(await schemaExists(keptSchema)).toBe(true);
  });

  it('keeps a company whose administrator is verified even when an invitation is pending, and a verified one whose codes all expired', async () => {
    const admin = await registerTenant(t, 'Inviting Co');
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/users/invite',
      headers: bearer(admin.token),
      payload: { email: uniqueEmail('invitee'), isTenantAdmin: false },
    });
    expect(invited.statusCode).toBe(201);
    clock.advance(2 * CODE_TTL_MS.invite);
    await runJob();
    const { rowCount } = await t.ctx.database.pool.query(
      'SELECT 1 FROM app.tenants WHERE id = $1',
      [admin.tenantId],
    );
    expect(rowCount).toBe(1);
    await login(t, admin.email);
  });

  it('removes abandoned sign-ups one company at a time, so a burst never holds every schema at once', async () => {
    const burst = [
      await signUp('Burst One'),
      await signUp('Burst Two'),
      await signUp('Burst Three'),
    ];
    const mine = new Set(burst.map((b) => b.schema));
    clock.advance(CODE_TTL_MS.verify + 60_000);
    // As each company is forgotten its own drop has committed, and the later ones still stand.
    const standingAtEachDrop: number[] = [];
    const watched = {
      async dropSchema(schema: string) {
        await t.ctx.database.dropSchema(schema);
        if (!mine.has(schema)) return;
        let standing = 0;
        for (const b of burst) if (await schemaExists(b.schema)) standing += 1;
        standingAtEachDrop.push(standing);
      },
    };
    await t.ctx.database.pool.query(
      `DELETE FROM app.job_runs WHERE name = 'prune-unverified-signups'`,
    );
    expect(await runOnce(t.ctx.database.db, pruneUnverifiedSignups(watched))).toBe(true);
    expect(standingAtEachDrop).toEqual([2, 1, 0]);
    for (const b of burst) expect(await userExists(b.email)).toBe(false);
  });
});
