import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DocumentIdParams as params,
  DocumentListQuery,
  Invoice,
  Order,
  OrderCreateBody,
  OrderUpdateBody,
} from '@smb/shared-types';
import type { AppContext } from '../../context';
import { BEARER, checkBodyId, errors, routesFor, sendPage, signedIn } from '../../http';
import { createInvoiceFromOrder } from '../invoices/invoices.service';
import * as orders from './orders.service';

const orderRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app) => {
  const tags = ['orders'];
  const route = routesFor(app, tags);

  app.get('/', route.list(Order, { querystring: DocumentListQuery }), async (request, reply) => {
    const { items, total } = await orders.listOrders(request.auth, request.query);
    return sendPage(reply, { rows: items, total });
  });

  app.post('/', route.create(OrderCreateBody, Order), async (request, reply) =>
    reply.status(201).send(await orders.createOrder(request.auth, request.body)),
  );

  app.get('/:id', route.get(Order, { params }), async (request) =>
    orders.getOrder(request.auth, request.params.id),
  );

  app.put(
    '/:id',
    route.put(OrderUpdateBody, Order, { params, errorCodes: [409] }),
    async (request) => {
      const { id, ...input } = request.body;
      checkBodyId(id, request.params.id);
      return orders.updateOrder(request.auth, request.params.id, input);
    },
  );

  app.delete(
    '/:id',
    route.deleteDocument({
      description: 'An invoiced order cannot be deleted (409).',
      errorCodes: [409],
    }),
    async (request, reply) => {
      await orders.deleteOrder(request.auth, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/:id/create-invoice',
    {
      ...signedIn(app),
      schema: { tags, security: BEARER, params, response: { 201: Invoice, ...errors(404, 409) } },
    },
    async (request, reply) =>
      reply.status(201).send(await createInvoiceFromOrder(request.auth, request.params.id)),
  );
};

export default orderRoutes;
