import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  PROTOCOL_ERROR_CODES,
  ProtocolMismatchBody,
  PullRequest,
  PullResponse,
  PushRequest,
  PushResponse,
  SUPPORTED_PROTOCOL,
  UNVERSIONED_PROTOCOL,
  protocolMismatch,
} from '@smb/shared-types';
import { Type } from 'typebox';
import type { AppContext } from '../context';
import { errors } from '../http';
import { pull } from './pull';
import { push } from './push';
import { VersionWatcher } from './events';
import { UpToDateMemory } from './up-to-date-memory';

/**
 * A full batch (100 mutations) of long rich-text notes must fit, or the outbox could never drain;
 * every other route keeps the 1 MB limit.
 */
const PUSH_BODY_LIMIT = 10 * 1024 * 1024;

/**
 * Before the body is validated (an old client's body may no longer fit): a protocol version the
 * server does not accept is answered 409 `clientTooOld`/`clientTooNew` and nothing is applied.
 * A version of the wrong type is left to validation (400).
 */
async function checkProtocol(request: FastifyRequest, reply: FastifyReply) {
  const body = request.body as { protocolVersion?: unknown } | null | undefined;
  const version = body && typeof body === 'object' ? body.protocolVersion : undefined;
  const mismatch = protocolMismatch(
    version === undefined ? UNVERSIONED_PROTOCOL : Number.isInteger(version) ? Number(version) : 1,
  );
  if (mismatch) return reply.code(409).send(mismatch);
}

const PROTOCOL_409 = {
  409: ProtocolMismatchBody,
};

/** The offline-first data path of the PWA: push mutations, pull changes, listen for pokes. */
const syncRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('preValidation', checkProtocol);
  const common = { tags: ['sync'], security: [{ bearer: [] }] };

  app.post(
    '/push',
    {
      bodyLimit: PUSH_BODY_LIMIT,
      config: { checksNulItself: true },
      schema: {
        ...common,
        description: `A sync client id another user registered → 403. A protocol version outside the accepted range → 409 (${PROTOCOL_ERROR_CODES.join(' or ')}).`,
        body: PushRequest,
        response: { 200: PushResponse, ...errors(403), ...PROTOCOL_409 },
      },
    },
    async (request) => ({
      ...(await push(
        request.auth,
        request.body,
        { appOrigin: ctx.config.appOrigin, mailer: ctx.mailer, sessions: ctx.sessions },
        request.log,
      )),
      protocol: SUPPORTED_PROTOCOL,
    }),
  );

  const watcher = new VersionWatcher(ctx.database, ctx.changes, app.log);
  const memory = new UpToDateMemory(watcher);
  const streams = new Set<ServerResponse>();
  // Open streams would hold a graceful shutdown until its deadline: end them first.
  app.addHook('preClose', async () => {
    for (const res of streams) res.end();
    watcher.close();
  });

  /**
   * Server-sent events: `event: poke` with the tenant's new version whenever it moves, and a
   * comment line every 25 s to keep proxies from closing the stream. Authenticated by the
   * Authorization header (clients read it with fetch streaming, so no token sits in a URL).
   */
  app.get(
    '/events',
    {
      schema: {
        ...common,
        response: {
          200: {
            description: 'A stream of `poke` events carrying the company’s new version',
            content: { 'text/event-stream': { schema: Type.String() } },
          },
        },
      },
    },
    (request, reply) => {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      res.write(': connected\n\n');
      streams.add(res);
      const unsubscribe = watcher.subscribe(request.auth.tenant.schema_name, (version) => {
        res.write(`event: poke\ndata: ${JSON.stringify({ version })}\n\n`);
      });
      const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 25_000);
      request.raw.on('close', () => {
        streams.delete(res);
        clearInterval(keepAlive);
        unsubscribe();
      });
    },
  );

  app.post(
    '/pull',
    {
      config: { readsOnly: true },
      schema: {
        ...common,
        description: `A protocol version outside the accepted range → 409 (${PROTOCOL_ERROR_CODES.join(' or ')}).`,
        body: PullRequest,
        response: { 200: PullResponse, ...PROTOCOL_409 },
      },
    },
    async (request) => ({
      ...(await pull(
        request.auth,
        request.body.clientGroupId,
        request.body.clientId,
        request.body.cursor,
        { memory },
      )),
      protocol: SUPPORTED_PROTOCOL,
    }),
  );
};

export default syncRoutes;
