import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { IdParams, InviteBody, ListQuery, RoleBody, User } from '@smb/shared-types';
import type { AppContext } from '../../context';
import { BEARER, DeletedResponse, LIST_DESCRIPTION, adminOnly, errors, sendPage } from '../../http';
import * as users from './users.service';

/** User management: tenant administrators only. */
const userRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['users'];
  const security = BEARER;

  app.get(
    '/',
    {
      ...adminOnly(app),
      schema: {
        tags,
        security,
        description: `The company's users; q searches e-mail. ${LIST_DESCRIPTION}`,
        querystring: ListQuery,
        response: { 200: Type.Array(User), ...errors(400, 403) },
      },
    },
    async (request, reply) =>
      sendPage(reply, await users.listUsers(ctx, request.auth, request.query)),
  );

  app.post(
    '/invite',
    {
      ...adminOnly(app),
      schema: {
        tags,
        security,
        description:
          'Creates a pending user and mails an invitation code valid for 24 hours (accepted through POST /api/auth/verify-invitation). ' +
          'An e-mail already registered anywhere → 409.',
        body: InviteBody,
        response: { 201: User, ...errors(400, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await users.inviteUser(ctx, request.auth, request.body)),
  );

  app.get(
    '/:id',
    {
      ...adminOnly(app),
      schema: {
        tags,
        security,
        params: IdParams,
        response: { 200: User, ...errors(400, 403, 404) },
      },
    },
    async (request) => users.getUser(ctx, request.auth, request.params.id),
  );

  app.put(
    '/:id/role',
    {
      ...adminOnly(app),
      schema: {
        tags,
        security,
        description:
          'An admin cannot demote themself (400) and the company keeps at least one administrator (409).',
        params: IdParams,
        body: RoleBody,
        response: { 200: User, ...errors(400, 403, 404, 409) },
      },
    },
    async (request) =>
      users.setUserRole(ctx, request.auth, request.params.id, request.body.isTenantAdmin),
  );

  app.delete(
    '/:id',
    {
      ...adminOnly(app),
      schema: {
        tags,
        security,
        description:
          'An admin cannot delete themself (400) and the company keeps at least one administrator (409).',
        params: IdParams,
        response: { 200: DeletedResponse, ...errors(400, 403, 404, 409) },
      },
    },
    async (request) => {
      await users.deleteUser(ctx, request.auth, request.params.id);
      return { success: true, message: 'User deleted' };
    },
  );
};

export default userRoutes;
