import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import {
  COMPANY_COLUMNS,
  type AppDatabase,
  type CodePurpose,
  type TenantRow,
  type UserRow,
} from '../../db/app-tables';

type Db = Kysely<AppDatabase>;
const app = (db: Db) => db.withSchema('app');

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return app(db)
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return app(db).selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user and their tenant in one indexed lookup (every authenticated request makes it). */
export async function findUserWithTenant(
  db: Db,
  userId: string,
): Promise<{ user: UserRow; tenant: TenantRow } | undefined> {
  const row = await app(db)
    .selectFrom('users as u')
    .innerJoin('tenants as t', 't.id', 'u.tenant_id')
    .selectAll('u')
    .select([
      't.natural_name',
      't.schema_name',
      't.created_at as tenant_created_at',
      't.schema_version',
    ])
    .select(COMPANY_COLUMNS.map((c) => `t.${c}` as const))
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { natural_name, schema_name, tenant_created_at, schema_version, ...rest } = row;
  const company = Object.fromEntries(COMPANY_COLUMNS.map((c) => [c, rest[c]])) as Pick<
    TenantRow,
    (typeof COMPANY_COLUMNS)[number]
  >;
  const user = Object.fromEntries(
    Object.entries(rest).filter(([key]) => !(COMPANY_COLUMNS as readonly string[]).includes(key)),
  ) as UserRow;
  return {
    user,
    tenant: {
      id: user.tenant_id,
      natural_name,
      schema_name,
      created_at: tenant_created_at,
      schema_version,
      ...company,
    },
  };
}

export async function findTenantById(db: Db, id: string): Promise<TenantRow | undefined> {
  return app(db).selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertTenant(
  db: Db,
  tenant: {
    id: string;
    natural_name: string;
    schema_name: string;
    country?: string | null;
    locale?: string | null;
    paper_size?: string | null;
  },
) {
  await app(db).insertInto('tenants').values(tenant).execute();
}

export async function insertUser(
  db: Db,
  user: {
    id: string;
    tenant_id: string;
    email: string;
    password_hash: string | null;
    is_verified: boolean;
    is_tenant_admin: boolean;
    is_pending_approval: boolean;
  },
): Promise<UserRow> {
  return app(db).insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(
  db: Db,
  id: string,
  changes: Partial<
    Pick<UserRow, 'password_hash' | 'is_verified' | 'is_pending_approval' | 'is_tenant_admin'>
  > & {
    bumpTokenVersion?: boolean;
  },
): Promise<void> {
  const { bumpTokenVersion, ...columns } = changes;
  await app(db)
    .updateTable('users')
    .set((eb) => ({
      ...columns,
      ...(bumpTokenVersion ? { token_version: eb('token_version', '+', 1) } : {}),
    }))
    .where('id', '=', id)
    .execute();
}

/** Stores a new code for (user, purpose), replacing any older one. */
export async function upsertCode(
  db: Db,
  userId: string,
  purpose: CodePurpose,
  codeHash: string,
  expiresAt: Date,
) {
  await app(db)
    .insertInto('one_time_codes')
    .values({ user_id: userId, purpose, code_hash: codeHash, expires_at: expiresAt })
    .onConflict((oc) =>
      oc.columns(['user_id', 'purpose']).doUpdateSet({
        code_hash: codeHash,
        expires_at: expiresAt,
        attempts: 0,
        created_at: new Date(),
      }),
    )
    .execute();
}

export async function findCode(db: Db, userId: string, purpose: CodePurpose) {
  return app(db)
    .selectFrom('one_time_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .forUpdate()
    .executeTakeFirst();
}

export async function countFailedAttempt(db: Db, userId: string, purpose: CodePurpose) {
  await app(db)
    .updateTable('one_time_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .execute();
}

export async function deleteCode(db: Db, userId: string, purpose: CodePurpose) {
  await app(db)
    .deleteFrom('one_time_codes')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .execute();
}

/**
 * Counts one event of `kind` for an address in a fixed window: the first event after the window
 * ended starts a new one. Atomic across servers (one upsert); answers the count in the window.
 */
export async function countAddressEvent(
  db: Db,
  kind: string,
  key: string,
  now: Date,
  windowMs: number,
): Promise<{ count: number; locked_until: Date | null }> {
  const expired = sql<boolean>`address_limits.window_started_at <= ${new Date(now.getTime() - windowMs)}::timestamptz`;
  return app(db)
    .insertInto('address_limits')
    .values({ kind, address_key: key, count: 1, window_started_at: now })
    .onConflict((oc) =>
      oc.columns(['kind', 'address_key']).doUpdateSet({
        count: sql<number>`CASE WHEN ${expired} THEN 1 ELSE address_limits.count + 1 END`,
        window_started_at: sql<Date>`CASE WHEN ${expired} THEN ${now}::timestamptz ELSE address_limits.window_started_at END`,
      }),
    )
    .returning(['count', 'locked_until'])
    .executeTakeFirstOrThrow();
}

export async function findAddressLock(db: Db, kind: string, key: string): Promise<Date | null> {
  const row = await app(db)
    .selectFrom('address_limits')
    .select('locked_until')
    .where('kind', '=', kind)
    .where('address_key', '=', key)
    .executeTakeFirst();
  return row?.locked_until ?? null;
}

/** Locks the address until `until` and starts its count again. */
export async function lockAddress(db: Db, kind: string, key: string, until: Date): Promise<void> {
  await app(db)
    .updateTable('address_limits')
    .set({ locked_until: until, count: 0 })
    .where('kind', '=', kind)
    .where('address_key', '=', key)
    .execute();
}

export async function clearAddress(db: Db, kind: string, key: string): Promise<void> {
  await app(db)
    .deleteFrom('address_limits')
    .where('kind', '=', kind)
    .where('address_key', '=', key)
    .execute();
}
