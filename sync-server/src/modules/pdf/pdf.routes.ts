import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { DocumentIdParams } from '@smb/shared-types';
import { BEARER, errors, signedIn } from '../../http';
import { renderDocumentPdf } from './pdf-renderer';

/** A PDF answer, for the OpenAPI document. */
export const PDF = {
  description: 'The document as a PDF file',
  content: { 'application/pdf': { schema: Type.String({ format: 'binary' }) } },
};
import {
  creditNoteDocument,
  invoiceDocument,
  orderDocument,
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
 * GET /api/quotes/{id}/pdf, /api/orders/{id}/pdf, /api/invoices/{id}/pdf,
 * /api/credit-notes/{id}/pdf: the document as a PDF
 * for every signed-in user of the tenant; unknown, malformed and other tenants' ids → 404.
 */
const pdfRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const kinds = [
    ['quotes', 'quote', quoteDocument, 'Quote-Q-0012.pdf'],
    ['orders', 'order', orderDocument, 'Order-SO-0012.pdf'],
    ['invoices', 'invoice', invoiceDocument, 'Invoice-INV-0012.pdf'],
    ['credit-notes', 'credit note', creditNoteDocument, 'CreditNote-CN-0012.pdf'],
  ] as const;
  for (const [path, name, load, example] of kinds) {
    app.get(
      `/api/${path}/:id/pdf`,
      {
        ...signedIn(app),
        schema: {
          tags: [path],
          security: BEARER,
          description: `The ${name} as a PDF (A4 or US Letter per the company settings), downloaded as e.g. ${example}`,
          params: DocumentIdParams,
          produces: ['application/pdf'],
          response: { 200: PDF, ...errors(404) },
        },
      },
      async (request, reply) => sendPdf(reply, await load(request.auth, request.params.id)),
    );
  }
};

export default pdfRoutes;
