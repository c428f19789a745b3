import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DocumentIdParams, Invoice, InvoiceListQuery, InvoiceUpdateBody } from '@smb/shared-types';
import type { AppContext } from '../../context';
import { BEARER, checkBodyId, errors } from '../../http';
import * as invoices from './invoices.service';

/** Invoices are legal records: listed, read and given a status — never deleted. */
const invoiceRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['invoices'];
  const security = BEARER;
  const params = DocumentIdParams;

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        querystring: InvoiceListQuery,
        response: { 200: Type.Array(Invoice) },
      },
    },
    async (request, reply) => {
      const { items, total } = await invoices.listInvoices(request.auth, request.query);
      reply.header('X-Total-Count', String(total));
      return items;
    },
  );

  app.get(
    '/:id',
    { schema: { tags, security, params, response: { 200: Invoice, ...errors(404) } } },
    async (request) => invoices.getInvoice(request.auth, request.params.id),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        params,
        body: InvoiceUpdateBody,
        response: { 200: Invoice, ...errors(404) },
      },
    },
    async (request) => {
      checkBodyId(request.body.id, request.params.id);
      return invoices.setInvoiceStatus(request.auth, request.params.id, request.body.status);
    },
  );
};

export default invoiceRoutes;
