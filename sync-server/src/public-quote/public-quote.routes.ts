import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parse } from 'node:querystring';
import { Type } from 'typebox';
import { ApiErrorBody } from '@smb/shared-types';
import type { AppContext } from '../context';
import {
  CONTENT_SECURITY_POLICY,
  NOT_FOUND_PAGE,
  confirmPage,
  quotePage,
  resultNotice,
  type PublicAction,
  type QuotePageOptions,
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
  status = 200,
) {
  reply.headers(PAGE_HEADERS);
  if (!found) return reply.status(404).send(NOT_FOUND_PAGE);
  return reply.status(status).send(render(found));
}

/** What every page of a found quote is drawn with. */
function pageOptions(f: PublicQuote, token: string): QuotePageOptions {
  const { symbol, company, logo, language, buyer } = f;
  return { token, symbol, company, logo, language, buyer };
}

/** A text field of the form body, if any. */
function field(request: FastifyRequest, name: string): string | undefined {
  const body = request.body as Record<string, unknown> | undefined;
  return first(body && typeof body === 'object' ? body[name] : undefined);
}

/**
 * The public quote pages under /api/quotes/{tenantId}/{quoteId}: view, and accept/reject (POST
 * changes, GET only asks). HTML only, rate-limited like the auth calls, no session.
 */
const publicQuoteRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Plain HTML forms post urlencoded; scoped to this plugin.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 32 * 1024 },
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
  const answerSchema = {
    ...schema,
    description:
      'Accept (form field `signerName`, required: the signer’s full name, recorded with the time and IP address) or reject (optional `reason`, plain text up to 1,000 characters). The quote’s owner is e-mailed the answer.',
    response: {
      ...schema.response,
      400: {
        description:
          'The quote page saying what to fix (no signer name, or too long a reason); a malformed body is answered as JSON',
        content: {
          'text/html': { schema: Type.String() },
          'application/json': { schema: ApiErrorBody },
        },
      },
      409: html('The quote page of an expired quote: "This quote expired on 21 Dec 2026"'),
    },
  };

  /** A view by a signed-in user of the quote's own company (the owner's app) is not counted. */
  const ownerCheck = async (request: FastifyRequest) => {
    if (!request.headers.authorization) return () => false;
    try {
      const claims = await request.jwtVerify<{ tenantId?: string }>();
      return (tenantId: string) => claims.tenantId === tenantId;
    } catch {
      return () => false;
    }
  };

  app.get(
    '/:tenantId/:quoteId/view',
    {
      config,
      schema: {
        ...schema,
        description:
          'The quote page. Counts a view by the recipient (first and last view, count; views within a minute count once; not a request carrying a session of the quote’s own company).',
      },
    },
    async (request, reply) => {
      const { tenantId, quoteId } = request.params as Params;
      const token = tokenOf(request);
      const found = await viewQuote(ctx, tenantId, quoteId, token, {
        byOwnerOf: await ownerCheck(request),
      });
      return send(reply, found, (f) => quotePage(f.quote, pageOptions(f, token!)));
    },
  );

  for (const action of ['accept', 'reject'] as PublicAction[]) {
    app.get(`/:tenantId/:quoteId/${action}`, { config, schema }, async (request, reply) => {
      const { tenantId, quoteId } = request.params as Params;
      const token = tokenOf(request);
      const found = await peekQuote(ctx, tenantId, quoteId, token);
      return send(reply, found, (f) => confirmPage(f.quote, action, pageOptions(f, token!)));
    });

    app.post(
      `/:tenantId/:quoteId/${action}`,
      { config, schema: answerSchema },
      async (request, reply) => {
        const { tenantId, quoteId } = request.params as Params;
        const token = tokenOf(request);
        const values = {
          signerName: field(request, 'signerName'),
          reason: field(request, 'reason'),
        };
        const result = await respondToQuote(ctx, tenantId, quoteId, token, action, {
          ...values,
          ip: request.ip,
        });
        if (result && 'refused' in result) {
          const { found, message, refused } = result;
          return send(
            reply,
            found,
            (f) =>
              quotePage(f.quote, {
                ...pageOptions(f, token!),
                problem: message,
                values,
              }),
            refused,
          );
        }
        if (result?.mail) {
          const mail = result.mail;
          // The answer is committed: a failed mail to the owner does not undo it.
          await ctx.mailer.send(mail).catch((error: unknown) => {
            request.log.warn({ err: error, quoteId }, 'could not mail the quote owner');
          });
        }
        return send(reply, result, (f) =>
          quotePage(f.quote, {
            ...pageOptions(f, token!),
            notice: resultNotice(f.quote, action, f.language),
          }),
        );
      },
    );
  }
};

export default publicQuoteRoutes;
