import type { TenantRow } from './app-tables';
import { AppError } from '../errors';
import { requiredTenantSchemaVersion } from './migrate';

/** The answer for a tenant whose schema is older than this code needs (a migration still rolling out). */
export const TENANT_UPGRADING_MESSAGE =
  "This company's data is being upgraded. Please try again in a few minutes.";

/**
 * Throws a 503 when the control plane records the tenant's schema as older than this code needs
 * (a migration still running, or one that failed for this tenant): a clear answer for that tenant
 * instead of a failure on a missing column. Costs nothing: the version comes with the tenant row
 * each request loads anyway (and the session cache forgets it when the migration commits).
 */
export function assertTenantSchemaCurrent(tenant: Pick<TenantRow, 'schema_version'>): void {
  const version = tenant.schema_version;
  if (version === null || version === undefined || version < requiredTenantSchemaVersion())
    throw new AppError('unavailable', TENANT_UPGRADING_MESSAGE);
}
