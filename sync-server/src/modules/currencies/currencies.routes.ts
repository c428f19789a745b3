import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CodeParams,
  Currency,
  CurrencyCreateBody,
  CurrencyUpdateBody,
  IdParams,
} from '@smb/shared-types';
import {
  BEARER,
  DeletedResponse,
  adminOnly,
  errors,
  listRoute,
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

  app.get(
    '/:id',
    {
      ...signedIn(app),
      schema: {
        tags,
        security,
        params: IdParams,
        response: { 200: Currency, ...errors(400, 404) },
      },
    },
    async (request) => currencies.getCurrency(request.auth, request.params.id),
  );

  app.post(
    '/',
    {
      ...adminOnly(app),
      schema: {
        tags,
        security,
        body: CurrencyCreateBody,
        response: { 201: Currency, ...errors(400, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await currencies.createCurrency(request.auth, request.body)),
  );

  app.put(
    '/:id',
    {
      ...adminOnly(app),
      schema: {
        tags,
        security,
        params: IdParams,
        body: CurrencyUpdateBody,
        response: { 200: Currency, ...errors(400, 403, 404, 409) },
      },
    },
    async (request) => currencies.updateCurrency(request.auth, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      ...adminOnly(app),
      schema: {
        tags,
        security,
        description:
          'The default currency and currencies used by products, quotes, orders or invoices cannot be deleted (409).',
        params: IdParams,
        response: { 200: DeletedResponse, ...errors(400, 403, 404, 409) },
      },
    },
    async (request) => {
      await currencies.deleteCurrency(request.auth, request.params.id);
      return { success: true, message: 'Currency deleted' };
    },
  );
};

export default currencyRoutes;
