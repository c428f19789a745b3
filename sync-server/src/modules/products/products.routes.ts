import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Currency, Product, ProductCreateBody, ProductUpdateBody } from '@smb/shared-types';
import {
  BEARER,
  LIST_DESCRIPTION,
  deleted,
  errors,
  routesFor,
  sendPage,
  signedIn,
} from '../../http';
import { getDefaultCurrency, listCurrencies } from '../currencies/currencies.service';
import * as products from './products.service';

const productRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['products'];
  const route = routesFor(app, tags);
  const security = BEARER;

  app.get('/', route.list(Product), async (request, reply) =>
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
    route.list(Currency, {
      description: `The currencies a product can use. ${LIST_DESCRIPTION}`,
    }),
    async (request, reply) => sendPage(reply, await listCurrencies(request.auth, request.query)),
  );

  app.post('/', route.create(ProductCreateBody, Product), async (request, reply) =>
    reply.status(201).send(await products.createProduct(request.auth, request.body)),
  );

  app.get('/:id', route.get(Product), async (request) =>
    products.getProduct(request.auth, request.params.id),
  );

  app.put('/:id', route.put(ProductUpdateBody, Product), async (request) =>
    products.updateProduct(request.auth, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    route.delete({
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
