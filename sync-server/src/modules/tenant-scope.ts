import type { TenantRow, UserRow } from '../db/app-tables';
import type { TenantDb } from '../db/tenant-database';

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
