import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CodeParams, Currency, CurrencyCreateBody, CurrencyUpdateBody } from '@smb/shared-types';
import { recordRoutes } from '../../crud-routes';
import { BEARER, errors, routesFor, signedIn } from '../../http';
import * as currencies from './currencies.service';

/** Reads for every signed-in user; writes for tenant administrators only. */
const currencyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['currencies'];
  const security = BEARER;
  const route = routesFor(app, tags);

  app.get('/default', route.single(Currency, { errorCodes: [404] }), async (request) =>
    currencies.getDefaultCurrency(request.auth),
  );

  app.get(
    '/code/:code',
    {
      ...signedIn(app),
      schema: { tags, security, params: CodeParams, response: { 200: Currency, ...errors(404) } },
    },
    async (request) => currencies.getCurrencyByCode(request.auth, request.params.code),
  );

  recordRoutes(
    app,
    tags,
    {
      item: Currency,
      createBody: CurrencyCreateBody,
      updateBody: CurrencyUpdateBody,
      deletedMessage: 'Currency deleted',
      writes: { admin: true },
      update: { errorCodes: [409] },
      delete: {
        description:
          'The default currency and currencies used by products, quotes, orders or invoices cannot be deleted (409).',
        errorCodes: [409],
      },
    },
    {
      list: currencies.listCurrencies,
      create: currencies.createCurrency,
      get: currencies.getCurrency,
      update: currencies.updateCurrency,
      remove: currencies.deleteCurrency,
    },
  );
};

export default currencyRoutes;
