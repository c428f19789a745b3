import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Tenant, TenantUpdateBody } from '@smb/shared-types';
import type { AppContext } from '../../context';
import { deleted, routesFor } from '../../http';
import companyRoutes from './company.routes';
import * as tenants from './tenants.service';

const tenantRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['company'];
  const route = routesFor(app, tags);
  await app.register(companyRoutes, { ctx });

  app.get(
    '/current',
    route.single(Tenant, { description: 'The caller’s company' }),
    async (request) => tenants.currentTenant(request.auth),
  );

  app.put(
    '/current',
    route.single(Tenant, {
      admin: true,
      body: TenantUpdateBody,
      description: 'Renames the company (admin)',
    }),
    async (request) => tenants.renameCurrentTenant(ctx, request.auth, request.body),
  );

  app.delete(
    '/:id',
    route.delete({
      admin: true,
      description:
        'Deletes the caller’s own company with all its data and users (admin). Any other id → 404.',
    }),
    async (request) => {
      await tenants.deleteTenant(ctx, request.auth, request.params.id);
      return deleted('Company deleted');
    },
  );
};

export default tenantRoutes;
