import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DocumentIdParams as params,
  Invoice,
  InvoiceListQuery,
  InvoiceUpdateBody,
} from '@smb/shared-types';
import type { AppContext } from '../../context';
import { BEARER, checkBodyId, errors, routesFor, sendPage, signedIn } from '../../http';
import * as changes from './invoice-changes.service';
import * as invoices from './invoices.service';

/** Invoices are legal records: listed, read, issued and given a status — never deleted. */
const invoiceRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app) => {
  const route = routesFor(app, ['invoices']);

  app.get('/', route.list(Invoice, { querystring: InvoiceListQuery }), async (request, reply) => {
    const { items, total } = await invoices.listInvoices(request.auth, request.query);
    return sendPage(reply, { rows: items, total });
  });

  app.get('/:id', route.get(Invoice, { params }), async (request) =>
    invoices.getInvoice(request.auth, request.params.id),
  );

  app.put('/:id', route.put(InvoiceUpdateBody, Invoice, { params }), async (request) => {
    checkBodyId(request.body.id, request.params.id);
    return changes.setInvoiceStatus(request.auth, request.params.id, request.body.status);
  });

  app.post(
    '/:id/issue',
    {
      ...signedIn(app),
      schema: {
        tags: ['invoices'],
        security: BEARER,
        description:
          '"Mark as issued": the draft invoice is issued and frozen (content, number, dates); ' +
          'issuing an issued invoice changes nothing',
        params,
        response: { 200: Invoice, ...errors(404, 409) },
      },
    },
    async (request) => changes.issueInvoice(request.auth, request.params.id),
  );
};

export default invoiceRoutes;
