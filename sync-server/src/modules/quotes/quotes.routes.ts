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
import { documentRoutes } from '../../crud-routes';
import { BEARER, errors, signedIn } from '../../http';
import { sendQuoteAndMail } from '../quote-sending/quote-sending.service';
import * as quotes from './quotes.service';

const quoteRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['quotes'];
  const action = { ...signedIn(app), schema: { tags, security: BEARER, params } };

  documentRoutes(
    app,
    tags,
    {
      item: Quote,
      query: QuoteListQuery,
      createBody: QuoteCreateBody,
      updateBody: QuoteUpdateBody,
      list: {
        description:
          '`status` filters by one status, or `Expired`: Sent quotes past their valid-until day (then `Sent` lists only the open ones).',
      },
    },
    {
      list: quotes.listQuotes,
      create: quotes.createQuote,
      get: quotes.getQuote,
      update: quotes.updateQuote,
      remove: quotes.deleteQuote,
    },
  );

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
