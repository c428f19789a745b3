import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { ApiErrorBody, DocumentIdParams, QUOTE_MESSAGES } from '@smb/shared-types';
import { notFound } from '../../errors';
import type { AppContext } from '../../context';
import { BEARER, errors, signedIn } from '../../http';
import { renderDocumentPdf } from './pdf-renderer';

/** A PDF answer, for the OpenAPI document. */
const PDF = {
  description: 'The document as a PDF file',
  content: { 'application/pdf': { schema: Type.String({ format: 'binary' }) } },
};
import {
  invoiceDocument,
  orderDocument,
  publicQuoteDocument,
  quoteDocument,
  type PdfFile,
} from './pdf.service';

/** Sends a rendered document: application/pdf, downloaded under its safe file name. */
export async function sendPdf(reply: FastifyReply, file: PdfFile): Promise<FastifyReply> {
  const pdf = await renderDocumentPdf(file.model);
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
    .header('Cache-Control', 'private, no-store')
    .send(pdf);
}

/**
 * GET /api/quotes/{id}/pdf, /api/orders/{id}/pdf, /api/invoices/{id}/pdf: the document as a PDF
 * for every signed-in user of the tenant; unknown, malformed and other tenants' ids → 404.
 */
const pdfRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const kinds = [
    ['quotes', 'quote', quoteDocument],
    ['orders', 'order', orderDocument],
    ['invoices', 'invoice', invoiceDocument],
  ] as const;
  for (const [path, name, load] of kinds) {
    app.get(
      `/api/${path}/:id/pdf`,
      {
        ...signedIn(app),
        schema: {
          tags: [path],
          security: BEARER,
          description: `The ${name} as a PDF (A4 or US Letter per the company settings), downloaded as e.g. ${name === 'quote' ? 'Quote-Q-0012.pdf' : name === 'order' ? 'Order-SO-0012.pdf' : 'Invoice-INV-0012.pdf'}`,
          params: DocumentIdParams,
          produces: ['application/pdf'],
          response: { 200: PDF, ...errors(404) },
        },
      },
      async (request, reply) => sendPdf(reply, await load(request.auth, request.params.id)),
    );
  }

  // The recipient's "Download PDF" on the public quote page: the page's ids and token rules
  // (a wrong, rotated or missing token → the same 404 as an unknown quote), rate-limited like it.
  app.get(
    '/api/quotes/:tenantId/:quoteId/pdf',
    {
      config: { rateLimit: { max: ctx.config.rateLimitMax, timeWindow: '1 minute' } },
      schema: {
        tags: ['public'],
        description:
          'The quote as a PDF for the holder of its public link (token in the query, as on the page)',
        params: Type.Object({
          tenantId: Type.String({ maxLength: 64 }),
          quoteId: Type.String({ maxLength: 64 }),
        }),
        querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) }),
        produces: ['application/pdf'],
        response: { 200: PDF, 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const { tenantId, quoteId } = request.params;
      const file = await publicQuoteDocument(ctx, tenantId, quoteId, request.query.token);
      if (!file) throw notFound(QUOTE_MESSAGES.notFound);
      return sendPdf(reply, file);
    },
  );
};

export default pdfRoutes;
