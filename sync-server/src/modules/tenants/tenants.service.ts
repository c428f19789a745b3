import {
  TENANT_MESSAGES,
  companyNameError,
  type Tenant,
  type TenantUpdateBody,
} from '@smb/shared-types';
import type { TenantRow } from '../../db/app-tables';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../errors';
import { requireTenantAdmin, type TenantScope } from '../tenant-scope';
import { dropTenantSchema } from '../../db/provisioning';
import { companyOf } from './company.service';
import * as repo from './tenants.repository';

export function toTenant(row: TenantRow): Tenant {
  return {
    id: row.id,
    naturalName: row.natural_name,
    schemaName: row.schema_name,
    createdAt: row.created_at.toISOString(),
    company: companyOf(row),
  };
}

/** The caller's company, as the auth plugin loaded it for this request. */
export function currentTenant(scope: TenantScope): Tenant {
  return toTenant(scope.tenant);
}

/** `PUT /api/tenants/current` (admin): the company name, trimmed and required. */
export async function renameCurrentTenant(
  ctx: AppContext,
  scope: TenantScope,
  body: TenantUpdateBody,
): Promise<Tenant> {
  requireTenantAdmin(scope);
  const problem = companyNameError(body.naturalName);
  if (problem) throw badRequest(problem);
  const tenant = await repo.renameTenant(ctx.database.db, scope.tenant.id, body.naturalName.trim());
  ctx.sessions.forgetTenant(tenant.id);
  return toTenant(tenant);
}

/**
 * `DELETE /api/tenants/{id}` (admin, own company only; any other id is answered as unknown): removes
 * the users, then the tenant schema with all its data.
 */
export async function deleteTenant(ctx: AppContext, scope: TenantScope, id: string): Promise<void> {
  requireTenantAdmin(scope);
  if (id !== scope.tenant.id) throw notFound(TENANT_MESSAGES.notFound);
  await repo.deleteTenant(ctx.database.db, id);
  ctx.sessions.forgetTenant(id);
  await dropTenantSchema(ctx.database, scope.tenant.schema_name);
}
