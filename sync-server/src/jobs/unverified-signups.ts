import { sql, type Transaction } from 'kysely';
import { CODE_TTL_MS } from '@smb/shared-types';
import { clock } from '../clock';
import type { AppDatabase } from '../db/app-tables';
import type { Database } from '../db/database';
import type { Job } from './scheduler';

/** At most this many sign-ups are removed per run (the next run takes the rest). */
const BATCH = 200;

/**
 * Registration creates the company's schema before its e-mail address is verified. A sign-up
 * whose address was never verified and which holds no code that could still verify it (every
 * code expired: 10 minutes, or a resend's newer one) is removed with its schema. A company with
 * any verified or invited user is never touched. The job's transaction only lists the
 * candidates; each goes in a transaction of its own after it, its users locked and checked again
 * first (a verification commits its code and its flag together, so it cannot slip in between),
 * and after that commit the server forgets what it held for its schema (`Database.dropSchema`,
 * which finds it gone). Dropping a whole batch in one transaction locked every relation of every
 * schema until its end: a burst of abandoned sign-ups filled PostgreSQL's lock table.
 */
export function pruneUnverifiedSignups(database: Pick<Database, 'dropSchema'>): Job {
  return {
    name: 'prune-unverified-signups',
    everyMs: 10 * 60_000,
    async run(trx) {
      const now = clock.now();
      const bornBefore = new Date(now.getTime() - CODE_TTL_MS.verify);
      const candidates = await trx
        .withSchema('app')
        .selectFrom('tenants as t')
        .select(['t.id', 't.schema_name'])
        .where('t.created_at', '<', bornBefore)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('users as u')
                .select(sql`1`.as('one'))
                .whereRef('u.tenant_id', '=', 't.id')
                .where((eb) =>
                  eb.or([eb('u.is_verified', '=', true), eb('u.is_pending_approval', '=', true)]),
                ),
            ),
          ),
        )
        .orderBy('t.created_at')
        .limit(BATCH)
        .execute();
      if (candidates.length === 0) return;
      return async (db) => {
        for (const tenant of candidates) {
          const dropped = await db
            .transaction()
            .execute((tenantTrx) => dropIfUnverified(tenantTrx, tenant, now));
          // Already dropped: this releases the server's own statements and handles for it.
          if (dropped) await database.dropSchema(tenant.schema_name);
        }
      };
    },
  };
}

/** Removes the tenant and its schema if, checked again under its users' locks, it still qualifies. */
async function dropIfUnverified(
  trx: Transaction<AppDatabase>,
  tenant: { id: string; schema_name: string },
  now: Date,
): Promise<boolean> {
  const app = trx.withSchema('app');
  const users = await app
    .selectFrom('users')
    .select(['id', 'is_verified', 'is_pending_approval'])
    .where('tenant_id', '=', tenant.id)
    .forUpdate()
    .execute();
  if (users.some((u) => u.is_verified || u.is_pending_approval)) return false;
  if (users.length > 0) {
    const live = await app
      .selectFrom('one_time_codes')
      .select('user_id')
      .where(
        'user_id',
        'in',
        users.map((u) => u.id),
      )
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (live) return false;
  }
  await app.deleteFrom('tenants').where('id', '=', tenant.id).execute();
  await sql`DROP SCHEMA IF EXISTS ${sql.id(tenant.schema_name)} CASCADE`.execute(trx);
  return true;
}
