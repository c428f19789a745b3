import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreditNote,
  CreditNoteCreateBody,
  DocumentIdParams as params,
  ListQuery,
} from '@smb/shared-types';
import type { AppContext } from '../../context';
import { routesFor, sendPage } from '../../http';
import * as creditNotes from './credit-notes.service';

/** GET /api/credit-notes and /api/credit-notes/{id}: credit notes are issued, never changed. */
export const creditNoteRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app) => {
  const route = routesFor(app, ['credit-notes']);

  app.get('/', route.list(CreditNote, { querystring: ListQuery }), async (request, reply) => {
    const { items, total } = await creditNotes.listCreditNotes(request.auth, request.query);
    return sendPage(reply, { rows: items, total });
  });

  app.get('/:id', route.get(CreditNote, { params }), async (request) =>
    creditNotes.getCreditNote(request.auth, request.params.id),
  );
};

/** POST and GET /api/invoices/{id}/credit-notes: credit an issued invoice; its credit notes. */
export const invoiceCreditNoteRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
) => {
  const route = routesFor(app, ['credit-notes']);

  app.get(
    '/:id/credit-notes',
    route.list(CreditNote, { querystring: ListQuery, params, errorCodes: [404] }),
    async (request, reply) => {
      await creditNotes.assertInvoice(request.auth, request.params.id);
      const { items, total } = await creditNotes.listCreditNotes(request.auth, {
        ...request.query,
        invoiceId: request.params.id,
      });
      return sendPage(reply, { rows: items, total });
    },
  );

  app.post(
    '/:id/credit-notes',
    route.create(CreditNoteCreateBody, CreditNote, {
      params,
      errorCodes: [404],
      description:
        'Credits an issued invoice in full, by chosen lines and quantities, or by an amount, ' +
        'with a reason; the credit note is issued at once and lowers the amount due',
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(await creditNotes.createCreditNote(request.auth, request.params.id, request.body)),
  );
};
