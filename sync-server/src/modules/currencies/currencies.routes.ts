import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CodeParams, Currency, CurrencyCreateBody, CurrencyUpdateBody } from '@smb/shared-types';
import { BEARER, deleted, errors, routesFor, sendPage, signedIn } from '../../http';
import * as currencies from './currencies.service';

/** Reads for every signed-in user; writes for tenant administrators only. */
const currencyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['currencies'];
  const route = routesFor(app, tags);
  const security = BEARER;

  app.get('/', route.list(Currency), async (request, reply) =>
    sendPage(reply, await currencies.listCurrencies(request.auth, request.query)),
  );

  app.get(
    '/default',
    { ...signedIn(app), schema: { tags, security, response: { 200: Currency, ...errors(404) } } },
    async (request) => currencies.getDefaultCurrency(request.auth),
  );

  app.get(
    '/code/:code',
    {
      ...signedIn(app),
      schema: { tags, security, params: CodeParams, response: { 200: Currency, ...errors(404) } },
    },
    async (request) => currencies.getCurrencyByCode(request.auth, request.params.code),
  );

  app.get('/:id', route.get(Currency), async (request) =>
    currencies.getCurrency(request.auth, request.params.id),
  );

  app.post(
    '/',
    route.create(CurrencyCreateBody, Currency, { admin: true }),
    async (request, reply) =>
      reply.status(201).send(await currencies.createCurrency(request.auth, request.body)),
  );

  app.put(
    '/:id',
    route.put(CurrencyUpdateBody, Currency, { admin: true, errorCodes: [409] }),
    async (request) => currencies.updateCurrency(request.auth, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    route.delete({
      admin: true,
      description:
        'The default currency and currencies used by products, quotes, orders or invoices cannot be deleted (409).',
      errorCodes: [409],
    }),
    async (request) => {
      await currencies.deleteCurrency(request.auth, request.params.id);
      return deleted('Currency deleted');
    },
  );
};

export default currencyRoutes;
