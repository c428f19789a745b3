import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  DocumentIdParams,
  DocumentListQuery,
  Order,
  Quote,
  QuoteCreateBody,
  QuoteUpdateBody,
} from '@smb/shared-types';
import type { AppContext } from '../../context';
import { checkBodyId } from '../../http';
import * as quotes from './quotes.service';

const quoteRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['quotes'];
  const security = [{ bearer: [] }];
  const params = DocumentIdParams;

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        querystring: DocumentListQuery,
        response: { 200: Type.Array(Quote) },
      },
    },
    async (request, reply) => {
      const { items, total } = await quotes.listQuotes(request.auth, request.query);
      reply.header('X-Total-Count', String(total));
      return items;
    },
  );

  app.post(
    '/',
    { schema: { tags, security, body: QuoteCreateBody, response: { 201: Quote } } },
    async (request, reply) =>
      reply.status(201).send(await quotes.createQuote(request.auth, request.body)),
  );

  app.get(
    '/:id',
    { schema: { tags, security, params, response: { 200: Quote } } },
    async (request) => quotes.getQuote(request.auth, request.params.id),
  );

  app.put(
    '/:id',
    { schema: { tags, security, params, body: QuoteUpdateBody, response: { 200: Quote } } },
    async (request) => {
      const { id, ...input } = request.body;
      checkBodyId(id, request.params.id);
      return quotes.updateQuote(request.auth, request.params.id, input);
    },
  );

  app.delete('/:id', { schema: { tags, security, params } }, async (request, reply) => {
    await quotes.deleteQuote(request.auth, request.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/:id/send',
    { schema: { tags, security, params, response: { 200: Quote } } },
    async (request) =>
      quotes.sendQuoteAndMail(request.auth, request.params.id, {
        appOrigin: ctx.config.appOrigin,
        mailer: ctx.mailer,
      }),
  );

  app.post(
    '/:id/convert',
    { schema: { tags, security, params, response: { 201: Order } } },
    async (request, reply) =>
      reply.status(201).send(await quotes.convertQuote(request.auth, request.params.id)),
  );
};

export default quoteRoutes;
