import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DocumentIdParams as params,
  Order,
  Quote,
  QuoteCreateBody,
  QuoteListQuery,
  QuoteSendQuery,
  QuoteUpdateBody,
} from '@smb/shared-types';
import type { AppContext } from '../../context';
import { BEARER, checkBodyId, errors, routesFor, sendPage, signedIn } from '../../http';
import { sendQuoteAndMail } from '../quote-sending/quote-sending.service';
import * as quotes from './quotes.service';

const quoteRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['quotes'];
  const route = routesFor(app, tags);
  const action = { ...signedIn(app), schema: { tags, security: BEARER, params } };

  app.get(
    '/',
    route.list(Quote, {
      description:
        '`status` filters by one status, or `Expired`: Sent quotes past their valid-until day (then `Sent` lists only the open ones).',
      querystring: QuoteListQuery,
    }),
    async (request, reply) => {
      const { items, total } = await quotes.listQuotes(request.auth, request.query);
      return sendPage(reply, { rows: items, total });
    },
  );

  app.post('/', route.create(QuoteCreateBody, Quote), async (request, reply) =>
    reply.status(201).send(await quotes.createQuote(request.auth, request.body)),
  );

  app.get('/:id', route.get(Quote, { params }), async (request) =>
    quotes.getQuote(request.auth, request.params.id),
  );

  app.put(
    '/:id',
    route.put(QuoteUpdateBody, Quote, { params, errorCodes: [409] }),
    async (request) => {
      const { id, ...input } = request.body;
      checkBodyId(id, request.params.id);
      return quotes.updateQuote(request.auth, request.params.id, input);
    },
  );

  app.delete('/:id', route.deleteDocument(), async (request, reply) => {
    await quotes.deleteQuote(request.auth, request.params.id);
    return reply.status(204).send(null);
  });

  app.post(
    '/:id/send',
    {
      ...action,
      schema: {
        ...action.schema,
        description:
          'Marks the quote Sent and mails its public link to the contact. 503 when the mail could not be delivered (the quote stays Sent: send again). The quote is valid until `validUntil` if given, else the day its Draft set, else the company default (30 days) after today; 409 when that day is over (an expired quote needs a new `validUntil`), 400 for a day in the past.',
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
    { ...action, schema: { ...action.schema, response: { 201: Order, ...errors(404, 409) } } },
    async (request, reply) =>
      reply.status(201).send(await quotes.convertQuote(request.auth, request.params.id)),
  );
};

export default quoteRoutes;
