import type { TenantRow, UserRow } from '../db/app-tables';
import type { TenantDb } from '../db/tenant-database';
import { forbidden } from '../errors';

/**
 * What every write service function receives first: the caller's tenant-scoped database (or a
 * transaction on it), user and tenant. `request.auth` has exactly this shape; sync mutators build
 * the same from their push request.
 */
export interface TenantScope {
  db: TenantDb;
  user: UserRow;
  tenant: TenantRow;
}

/** Admin-only writes check the caller's role in the service, so REST routes and sync mutators share the rule. */
export function requireTenantAdmin(
  scope: Pick<TenantScope, 'user'>,
  message = 'Only tenant administrators can do this',
): void {
  if (!scope.user.is_tenant_admin) throw forbidden(message);
}
