import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Currency, Product, ProductCreateBody, ProductUpdateBody } from '@smb/shared-types';
import { LIST_DESCRIPTION, routesFor, sendPage } from '../../http';
import { recordRoutes } from '../../crud-routes';
import { getDefaultCurrency, listCurrencies } from '../currencies/currencies.service';
import * as products from './products.service';

const productRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['products'];
  const route = routesFor(app, tags);

  app.get(
    '/defaultcurrency',
    route.single(Currency, { description: 'The tenant’s default currency', errorCodes: [404] }),
    async (request) => getDefaultCurrency(request.auth),
  );

  app.get(
    '/currencies',
    route.list(Currency, {
      description: `The currencies a product can use. ${LIST_DESCRIPTION}`,
    }),
    async (request, reply) => sendPage(reply, await listCurrencies(request.auth, request.query)),
  );

  recordRoutes(
    app,
    tags,
    {
      item: Product,
      createBody: ProductCreateBody,
      updateBody: ProductUpdateBody,
      deletedMessage: 'Product deleted',
      delete: {
        description:
          'Quote and order lines that use the product keep their copied name, SKU and price.',
      },
    },
    {
      list: products.listProducts,
      create: products.createProduct,
      get: products.getProduct,
      update: products.updateProduct,
      remove: products.deleteProduct,
    },
  );
};

export default productRoutes;
