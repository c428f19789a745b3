import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  DocumentIdParams,
  Order,
  Quote,
  QuoteCreateBody,
  QuoteListQuery,
  QuoteSendQuery,
  QuoteUpdateBody,
} from '@smb/shared-types';
import type { AppContext } from '../../context';
import { BEARER, Deleted, checkBodyId, errors } from '../../http';
import { sendQuoteAndMail } from '../quote-sending/quote-sending.service';
import * as quotes from './quotes.service';

const quoteRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['quotes'];
  const security = BEARER;
  const params = DocumentIdParams;

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        description:
          '`status` filters by one status, or `Expired`: Sent quotes past their valid-until day (then `Sent` lists only the open ones).',
        querystring: QuoteListQuery,
        response: { 200: Type.Array(Quote), ...errors(400) },
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
    {
      schema: {
        tags,
        security,
        body: QuoteCreateBody,
        response: { 201: Quote, ...errors(400, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await quotes.createQuote(request.auth, request.body)),
  );

  app.get(
    '/:id',
    { schema: { tags, security, params, response: { 200: Quote, ...errors(404) } } },
    async (request) => quotes.getQuote(request.auth, request.params.id),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        params,
        body: QuoteUpdateBody,
        response: { 200: Quote, ...errors(400, 404, 409) },
      },
    },
    async (request) => {
      const { id, ...input } = request.body;
      checkBodyId(id, request.params.id);
      return quotes.updateQuote(request.auth, request.params.id, input);
    },
  );

  app.delete(
    '/:id',
    { schema: { tags, security, params, response: { 204: Deleted, ...errors(404) } } },
    async (request, reply) => {
      await quotes.deleteQuote(request.auth, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/:id/send',
    {
      schema: {
        tags,
        security,
        description:
          'Marks the quote Sent and mails its public link to the contact. 503 when the mail could not be delivered (the quote stays Sent: send again). The quote is valid until `validUntil` if given, else the day its Draft set, else the company default (30 days) after today; 409 when that day is over (an expired quote needs a new `validUntil`), 400 for a day in the past.',
        params,
        querystring: QuoteSendQuery,
        response: { 200: Quote, ...errors(400, 404, 409, 503) },
      },
    },
    async (request) =>
      sendQuoteAndMail(request.auth, request.params.id, {
        appOrigin: ctx.config.appOrigin,
        mailer: ctx.mailer,
        validUntil: request.query.validUntil,
      }),
  );

  app.post(
    '/:id/convert',
    { schema: { tags, security, params, response: { 201: Order, ...errors(404, 409) } } },
    async (request, reply) =>
      reply.status(201).send(await quotes.convertQuote(request.auth, request.params.id)),
  );
};

export default quoteRoutes;
