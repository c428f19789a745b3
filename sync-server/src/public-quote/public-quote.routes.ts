import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parse } from 'node:querystring';
import { Type } from 'typebox';
import type { AppContext } from '../context';
import {
  CONTENT_SECURITY_POLICY,
  NOT_FOUND_PAGE,
  confirmPage,
  quotePage,
  resultNotice,
  type PublicAction,
} from './public-quote.html';
import { peekQuote, respondToQuote, viewQuote, type PublicQuote } from './public-quote.service';

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex, nofollow',
  'x-content-type-options': 'nosniff',
};

interface Params {
  tenantId: string;
  quoteId: string;
}

const first = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : Array.isArray(value) && typeof value[0] === 'string'
      ? value[0]
      : undefined;

/** The token from the form body (the page's forms, the PWA's fetch) or from `?token=`. */
function tokenOf(request: FastifyRequest): string | undefined {
  const body = request.body as Record<string, unknown> | undefined;
  const query = request.query as Record<string, unknown> | undefined;
  return first(body && typeof body === 'object' ? body.token : undefined) ?? first(query?.token);
}

function send(
  reply: FastifyReply,
  found: PublicQuote | null,
  render: (found: PublicQuote) => string,
) {
  reply.headers(PAGE_HEADERS);
  if (!found) return reply.status(404).send(NOT_FOUND_PAGE);
  return reply.status(200).send(render(found));
}

/**
 * The public quote pages under /api/quotes/{tenantId}/{quoteId}: view, and accept/reject (POST
 * changes, GET only asks). HTML only, rate-limited like the auth calls, no session.
 */
const publicQuoteRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Plain HTML forms post urlencoded; scoped to this plugin.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_request, body, done) => done(null, parse(body as string)),
  );
  const config = { rateLimit: { max: ctx.config.rateLimitMax, timeWindow: '1 minute' } };
  const html = (description: string) => ({
    description,
    content: { 'text/html': { schema: Type.String() } },
  });
  const schema = {
    tags: ['public'],
    params: Type.Object({
      tenantId: Type.String({ description: 'Company id (UUID)' }),
      quoteId: Type.String({ description: 'Quote id (UUID)' }),
    }),
    querystring: Type.Object({
      token: Type.Optional(
        Type.String({
          description:
            'The access token of the e-mailed link. A POST may send it as the `token` field of its form or JSON body instead.',
        }),
      ),
    }),
    response: {
      200: html('The quote page'),
      404: html('The not-found page: unknown company or quote, or a wrong or missing token'),
    },
  };

  app.get('/:tenantId/:quoteId/view', { config, schema }, async (request, reply) => {
    const { tenantId, quoteId } = request.params as Params;
    const token = tokenOf(request);
    const found = await viewQuote(ctx, tenantId, quoteId, token);
    return send(reply, found, (f) => quotePage(f.quote, { token: token!, symbol: f.symbol }));
  });

  for (const action of ['accept', 'reject'] as PublicAction[]) {
    app.get(`/:tenantId/:quoteId/${action}`, { config, schema }, async (request, reply) => {
      const { tenantId, quoteId } = request.params as Params;
      const token = tokenOf(request);
      const found = await peekQuote(ctx, tenantId, quoteId, token);
      return send(reply, found, (f) =>
        confirmPage(f.quote, action, { token: token!, symbol: f.symbol }),
      );
    });

    app.post(`/:tenantId/:quoteId/${action}`, { config, schema }, async (request, reply) => {
      const { tenantId, quoteId } = request.params as Params;
      const token = tokenOf(request);
      const found = await respondToQuote(ctx, tenantId, quoteId, token, action);
      return send(reply, found, (f) =>
        quotePage(f.quote, {
          token: token!,
          symbol: f.symbol,
          notice: resultNotice(f.quote, action),
        }),
      );
    });
  }
};

export default publicQuoteRoutes;
