import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Currency, Product, ProductCreateBody, ProductUpdateBody } from '@smb/shared-types';
import {
  BEARER,
  LIST_DESCRIPTION,
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
import { getDefaultCurrency, listCurrencies } from '../currencies/currencies.service';
import * as products from './products.service';

const productRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['products'];
  const security = BEARER;

  app.get('/', listRoute(app, tags, Product), async (request, reply) =>
    sendPage(reply, await products.listProducts(request.auth, request.query)),
  );

  app.get(
    '/defaultcurrency',
    {
      ...signedIn(app),
      schema: {
        tags,
        security,
        description: 'The tenant’s default currency',
        response: { 200: Currency, ...errors(404) },
      },
    },
    async (request) => getDefaultCurrency(request.auth),
  );

  app.get(
    '/currencies',
    listRoute(app, tags, Currency, {
      description: `The currencies a product can use. ${LIST_DESCRIPTION}`,
    }),
    async (request, reply) => sendPage(reply, await listCurrencies(request.auth, request.query)),
  );

  app.post('/', createRoute(app, tags, ProductCreateBody, Product), async (request, reply) =>
    reply.status(201).send(await products.createProduct(request.auth, request.body)),
  );

  app.get('/:id', getRoute(app, tags, Product), async (request) =>
    products.getProduct(request.auth, request.params.id),
  );

  app.put('/:id', putRoute(app, tags, ProductUpdateBody, Product), async (request) =>
    products.updateProduct(request.auth, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    deleteRoute(app, tags, {
      description:
        'Quote and order lines that use the product keep their copied name, SKU and price.',
    }),
    async (request) => {
      await products.deleteProduct(request.auth, request.params.id);
      return deleted('Product deleted');
    },
  );
};

export default productRoutes;
