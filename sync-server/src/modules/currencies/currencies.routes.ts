import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CodeParams, Currency, CurrencyCreateBody, CurrencyUpdateBody } from '@smb/shared-types';
import {
  BEARER,
  createRoute,
  deleteRoute,
  deleted,
  errors,
  getRoute,
  listRoute,
  putRoute,
  sendPage,
  signedIn,
} from '../../http';
import * as currencies from './currencies.service';

/** Reads for every signed-in user; writes for tenant administrators only. */
const currencyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['currencies'];
  const security = BEARER;

  app.get('/', listRoute(app, tags, Currency), async (request, reply) =>
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

  app.get('/:id', getRoute(app, tags, Currency), async (request) =>
    currencies.getCurrency(request.auth, request.params.id),
  );

  app.post(
    '/',
    createRoute(app, tags, CurrencyCreateBody, Currency, { admin: true }),
    async (request, reply) =>
      reply.status(201).send(await currencies.createCurrency(request.auth, request.body)),
  );

  app.put(
    '/:id',
    putRoute(app, tags, CurrencyUpdateBody, Currency, { admin: true, errorCodes: [409] }),
    async (request) => currencies.updateCurrency(request.auth, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    deleteRoute(app, tags, {
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
