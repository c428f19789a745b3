import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { InviteBody, RoleBody, User } from '@smb/shared-types';
import type { AppContext } from '../../context';
import { LIST_DESCRIPTION, deleted, routesFor, sendPage } from '../../http';
import * as users from './users.service';

/** User management: tenant administrators only. */
const userRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['users'];
  const route = routesFor(app, tags);

  app.get(
    '/',
    route.list(User, {
      admin: true,
      description: `The company's users; q searches e-mail. ${LIST_DESCRIPTION}`,
    }),
    async (request, reply) =>
      sendPage(reply, await users.listUsers(ctx, request.auth, request.query)),
  );

  app.post(
    '/invite',
    route.create(InviteBody, User, {
      admin: true,
      description:
        'Creates a pending user and mails an invitation code valid for 24 hours (accepted through POST /api/auth/verify-invitation). ' +
        'An e-mail already registered anywhere → 409.',
    }),
    async (request, reply) =>
      reply.status(201).send(await users.inviteUser(ctx, request.auth, request.body)),
  );

  app.get('/:id', route.get(User, { admin: true }), async (request) =>
    users.getUser(ctx, request.auth, request.params.id),
  );

  app.put(
    '/:id/role',
    route.put(RoleBody, User, {
      admin: true,
      description:
        'An admin cannot demote themself (400) and the company keeps at least one administrator (409).',
      errorCodes: [409],
    }),
    async (request) =>
      users.setUserRole(ctx, request.auth, request.params.id, request.body.isTenantAdmin),
  );

  app.delete(
    '/:id',
    route.delete({
      admin: true,
      description:
        'An admin cannot delete themself (400) and the company keeps at least one administrator (409).',
      errorCodes: [409],
    }),
    async (request) => {
      await users.deleteUser(ctx, request.auth, request.params.id);
      return deleted('User deleted');
    },
  );
};

export default userRoutes;
