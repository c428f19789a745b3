import { sql, type Kysely } from 'kysely';
import { isUuid, type ListQuery } from '@smb/shared-types';
import type { AppDatabase, UserRow } from '../../db/app-tables';
import { containingText, fetchPage, type Page } from '../../db/query';

type Db = Kysely<AppDatabase>;
const app = (db: Db) => db.withSchema('app');

/** Whether an account (of any tenant) has this e-mail address. */
export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const row = await app(db)
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/** A pending user: no password, unverified, awaiting the invitation's code. */
export async function insertInvitedUser(
  db: Db,
  user: Pick<UserRow, 'id' | 'tenant_id' | 'email' | 'is_tenant_admin'>,
): Promise<UserRow> {
  return app(db)
    .insertInto('users')
    .values({ ...user, password_hash: null, is_verified: false, is_pending_approval: true })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The user if they belong to the tenant; undefined for other tenants' users and malformed ids alike. */
export async function findTenantUser(
  db: Db,
  tenantId: string,
  id: string,
): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  return app(db)
    .selectFrom('users')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listTenantUsers(
  db: Db,
  tenantId: string,
  filter: ListQuery,
): Promise<Page<UserRow>> {
  const base = app(db)
    .selectFrom('users')
    .where('tenant_id', '=', tenantId)
    .$call(containingText(filter.q, ['email']));
  return fetchPage(
    base,
    (q) =>
      q
        .selectAll()
        .orderBy(sql`lower(email)`)
        .orderBy('id'),
    filter,
  );
}

/**
 * Locks the tenant's administrators (in the caller's transaction) and returns their ids, so two
 * admins demoting or deleting each other at once cannot leave the tenant without one.
 */
export async function lockTenantAdmins(db: Db, tenantId: string): Promise<string[]> {
  const rows = await app(db)
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('is_tenant_admin', '=', true)
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}

export async function setTenantAdmin(db: Db, id: string, isTenantAdmin: boolean): Promise<UserRow> {
  return app(db)
    .updateTable('users')
    .set({ is_tenant_admin: isTenantAdmin })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes the user; their one-time codes go with them (ON DELETE CASCADE). */
export async function deleteUser(db: Db, id: string): Promise<void> {
  await app(db).deleteFrom('users').where('id', '=', id).execute();
}
