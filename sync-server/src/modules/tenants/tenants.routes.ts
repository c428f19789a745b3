import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, Tenant, TenantUpdateBody } from '@smb/shared-types';
import type { AppContext } from '../../context';
import { BEARER, DeletedResponse, adminOnly, errors, signedIn } from '../../http';
import companyRoutes from './company.routes';
import * as tenants from './tenants.service';

const tenantRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['company'];
  const security = BEARER;
  await app.register(companyRoutes, { ctx });

  app.get(
    '/current',
    {
      ...signedIn(app),
      schema: {
        tags,
        security,
        description: 'The caller’s company',
        response: { 200: Tenant, ...errors() },
      },
    },
    async (request) => tenants.currentTenant(request.auth),
  );

  app.put(
    '/current',
    {
      ...adminOnly(app),
      schema: {
        tags,
        security,
        description: 'Renames the company (admin)',
        body: TenantUpdateBody,
        response: { 200: Tenant, ...errors(400, 403) },
      },
    },
    async (request) => tenants.renameCurrentTenant(ctx, request.auth, request.body),
  );

  app.delete(
    '/:id',
    {
      ...adminOnly(app),
      schema: {
        tags,
        security,
        description:
          'Deletes the caller’s own company with all its data and users (admin). Any other id → 404.',
        params: IdParams,
        response: { 200: DeletedResponse, ...errors(400, 403, 404) },
      },
    },
    async (request) => {
      await tenants.deleteTenant(ctx, request.auth, request.params.id);
      return { success: true, message: 'Company deleted' };
    },
  );
};

export default tenantRoutes;
