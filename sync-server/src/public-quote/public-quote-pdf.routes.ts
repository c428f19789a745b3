import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiErrorBody, QUOTE_MESSAGES } from '@smb/shared-types';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { PDF, sendPdf } from '../modules/pdf/pdf.routes';
import { publicQuoteDocument } from './public-quote.service';

/** GET /api/quotes/{tenantId}/{quoteId}/pdf: the public quote page's PDF. */
const publicQuotePdfRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
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

export default publicQuotePdfRoutes;
