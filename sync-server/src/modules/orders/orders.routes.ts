import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  DocumentIdParams,
  DocumentListQuery,
  Invoice,
  Order,
  OrderCreateBody,
  OrderUpdateBody,
} from '@smb/shared-types';
import type { AppContext } from '../../context';
import { BEARER, Deleted, checkBodyId, errors } from '../../http';
import { createInvoiceFromOrder } from '../invoices/invoices.service';
import * as orders from './orders.service';

const orderRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['orders'];
  const security = BEARER;
  const params = DocumentIdParams;

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        querystring: DocumentListQuery,
        response: { 200: Type.Array(Order) },
      },
    },
    async (request, reply) => {
      const { items, total } = await orders.listOrders(request.auth, request.query);
      reply.header('X-Total-Count', String(total));
      return items;
    },
  );

  app.post(
    '/',
    { schema: { tags, security, body: OrderCreateBody, response: { 201: Order, ...errors(409) } } },
    async (request, reply) =>
      reply.status(201).send(await orders.createOrder(request.auth, request.body)),
  );

  app.get(
    '/:id',
    { schema: { tags, security, params, response: { 200: Order, ...errors(404) } } },
    async (request) => orders.getOrder(request.auth, request.params.id),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        params,
        body: OrderUpdateBody,
        response: { 200: Order, ...errors(404, 409) },
      },
    },
    async (request) => {
      const { id, ...input } = request.body;
      checkBodyId(id, request.params.id);
      return orders.updateOrder(request.auth, request.params.id, input);
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        description: 'An invoiced order cannot be deleted (409).',
        params,
        response: { 204: Deleted, ...errors(404, 409) },
      },
    },
    async (request, reply) => {
      await orders.deleteOrder(request.auth, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/:id/create-invoice',
    { schema: { tags, security, params, response: { 201: Invoice, ...errors(404, 409) } } },
    async (request, reply) =>
      reply.status(201).send(await createInvoiceFromOrder(request.auth, request.params.id)),
  );
};

export default orderRoutes;
