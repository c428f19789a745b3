import { randomUUID } from 'node:crypto';
import {
  USER_MESSAGES,
  isEmail,
  type InviteBody,
  type ListQuery,
  type User,
} from '@smb/shared-types';
import type { UserRow } from '../../db/app-tables';
import type { AppContext } from '../../context';
import { isUniqueViolation, searchText, type Page } from '../../db/query';
import { badRequest, conflict, notFound } from '../../errors';
import { sendInvitation } from '../auth/auth.service';
import { requireTenantAdmin, type TenantScope } from '../tenant-scope';
import * as repo from './users.repository';

/** User management is online-only (no sync mutator, no offline queue): these run on the control plane. */

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    isVerified: row.is_verified,
    isTenantAdmin: row.is_tenant_admin,
    isPendingApproval: row.is_pending_approval,
    createdAt: row.created_at.toISOString(),
  };
}

export async function listUsers(
  ctx: AppContext,
  scope: TenantScope,
  query: ListQuery,
): Promise<Page<User>> {
  requireTenantAdmin(scope);
  const page = await repo.listTenantUsers(ctx.database.db, scope.tenant.id, {
    ...query,
    q: searchText(query),
  });
  return { rows: page.rows.map(toUser), total: page.total };
}

export async function getUser(ctx: AppContext, scope: TenantScope, id: string): Promise<User> {
  requireTenantAdmin(scope);
  const row = await repo.findTenantUser(ctx.database.db, scope.tenant.id, id);
  if (!row) throw notFound(USER_MESSAGES.notFound);
  return toUser(row);
}

/**
 * Creates a pending user in the caller's tenant (no password, unverified) and mails an invitation
 * code valid for 24 hours; the invitee accepts with `POST /api/auth/verify-invitation`.
 */
export async function inviteUser(
  ctx: AppContext,
  scope: TenantScope,
  body: InviteBody,
): Promise<User> {
  requireTenantAdmin(scope);
  const email = body.email.trim().toLowerCase();
  if (!email) throw badRequest(USER_MESSAGES.emailRequired);
  if (!isEmail(email)) throw badRequest(USER_MESSAGES.invalidEmail);
  if (await repo.emailTaken(ctx.database.db, email)) throw conflict(USER_MESSAGES.emailTaken);
  let user: UserRow;
  try {
    user = await repo.insertInvitedUser(ctx.database.db, {
      id: randomUUID(),
      tenant_id: scope.tenant.id,
      email,
      is_tenant_admin: body.isTenantAdmin ?? false,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(USER_MESSAGES.emailTaken);
    throw err;
  }
  await sendInvitation(ctx, user, scope.tenant.natural_name);
  return toUser(user);
}

/**
 * Runs `change` on a user of the caller's tenant with the tenant's administrators locked; refuses
 * when the change would leave no administrator.
 */
async function changeUser<T>(
  ctx: AppContext,
  scope: TenantScope,
  id: string,
  removesAdmin: boolean,
  change: (db: AppContext['database']['db']) => Promise<T>,
): Promise<T> {
  requireTenantAdmin(scope);
  return ctx.database.db.transaction().execute(async (trx) => {
    const admins = await repo.lockTenantAdmins(trx, scope.tenant.id);
    if (!(await repo.findTenantUser(trx, scope.tenant.id, id)))
      throw notFound(USER_MESSAGES.notFound);
    if (removesAdmin && admins.includes(id) && admins.length <= 1)
      throw conflict(USER_MESSAGES.lastAdmin);
    return change(trx);
  });
}

/** Grants or removes the administrator role; an admin cannot demote themself. */
export async function setUserRole(
  ctx: AppContext,
  scope: TenantScope,
  id: string,
  isTenantAdmin: boolean,
): Promise<User> {
  if (id === scope.user.id && !isTenantAdmin) throw badRequest(USER_MESSAGES.cannotDemoteSelf);
  const user = await changeUser(ctx, scope, id, !isTenantAdmin, (trx) =>
    repo.setTenantAdmin(trx, id, isTenantAdmin),
  );
  ctx.sessions.forgetUser(id);
  return toUser(user);
}

/** Deletes a user (their sessions end at once); never oneself. */
export async function deleteUser(ctx: AppContext, scope: TenantScope, id: string): Promise<void> {
  if (id === scope.user.id) throw badRequest(USER_MESSAGES.cannotDeleteSelf);
  await changeUser(ctx, scope, id, true, (trx) => repo.deleteUser(trx, id));
  ctx.sessions.forgetUser(id);
}
