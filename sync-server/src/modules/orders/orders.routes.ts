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
import { documentRoutes } from '../../crud-routes';
import { BEARER, errors, signedIn } from '../../http';
import { createInvoiceFromOrder } from '../invoices/invoices.service';
import * as orders from './orders.service';

const orderRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app) => {
  const tags = ['orders'];

  documentRoutes(
    app,
    tags,
    {
      item: Order,
      query: DocumentListQuery,
      createBody: OrderCreateBody,
      updateBody: OrderUpdateBody,
      delete: { description: 'An invoiced order cannot be deleted (409).', errorCodes: [409] },
    },
    {
      list: orders.listOrders,
      create: orders.createOrder,
      get: orders.getOrder,
      update: orders.updateOrder,
      remove: orders.deleteOrder,
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
