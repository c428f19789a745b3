import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PullRequest, PullResponse, PushRequest, PushResponse } from '@smb/shared-types';
import type { AppContext } from '../context';
import { pull } from './pull';
import { push } from './push';

/** The offline-first data path of the PWA (DESIGN §6). */
const syncRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);
  const common = { tags: ['sync'], security: [{ bearer: [] }] };

  app.post(
    '/push',
    { bodyLimit: 1024 * 1024, schema: { ...common, body: PushRequest, response: { 200: PushResponse } } },
    async (request) =>
      push(request.auth, request.body, { appOrigin: ctx.config.appOrigin, mailer: ctx.mailer }, request.log),
  );

  app.post('/pull', { schema: { ...common, body: PullRequest, response: { 200: PullResponse } } }, async (request) =>
    pull(request.auth, request.body.clientGroupId, request.body.clientId, request.body.cursor),
  );
};

export default syncRoutes;
