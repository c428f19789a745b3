import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Currency,
  IdParams,
  Product,
  ProductCreateBody,
  ProductUpdateBody,
} from '@smb/shared-types';
import {
  BEARER,
  DeletedResponse,
  LIST_DESCRIPTION,
  errors,
  listRoute,
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

  app.post(
    '/',
    {
      ...signedIn(app),
      schema: {
        tags,
        security,
        body: ProductCreateBody,
        response: { 201: Product, ...errors(400, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await products.createProduct(request.auth, request.body)),
  );

  app.get(
    '/:id',
    {
      ...signedIn(app),
      schema: { tags, security, params: IdParams, response: { 200: Product, ...errors(400, 404) } },
    },
    async (request) => products.getProduct(request.auth, request.params.id),
  );

  app.put(
    '/:id',
    {
      ...signedIn(app),
      schema: {
        tags,
        security,
        params: IdParams,
        body: ProductUpdateBody,
        response: { 200: Product, ...errors(400, 404) },
      },
    },
    async (request) => products.updateProduct(request.auth, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      ...signedIn(app),
      schema: {
        tags,
        security,
        description:
          'Quote and order lines that use the product keep their copied name, SKU and price.',
        params: IdParams,
        response: { 200: DeletedResponse, ...errors(400, 404) },
      },
    },
    async (request) => {
      await products.deleteProduct(request.auth, request.params.id);
      return { success: true, message: 'Product deleted' };
    },
  );
};

export default productRoutes;
