import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { STATUS_CODES } from 'node:http';
import { ApiErrorBody, SCHEMA_MESSAGE, type SchemaMessage } from '@smb/shared-types';
import { AppError } from '../errors';

/** pg error codes that mean the database is unreachable or shutting down, not that the query was bad. */
const UNAVAILABLE_PG_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
]);
const STATEMENT_TIMED_OUT = '57014';
const UNAVAILABLE_NET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
]);

export function isDatabaseUnavailable(err: { code?: unknown; message?: string }): boolean {
  const code = typeof err.code === 'string' ? err.code : '';
  if (UNAVAILABLE_PG_CODES.has(code) || UNAVAILABLE_NET_CODES.has(code)) return true;
  const message = err.message ?? '';
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
    message,
  );
}

function body(statusCode: number, message: string) {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

/** The longest path parameter the router matches (Fastify's `maxParamLength`); longer → 414. */
export const MAX_PARAM_LENGTH = 100;

/**
 * Errors the router raises before any route is found (Fastify's `frameworkErrors`), in the same
 * shape as every other error: a path parameter over MAX_PARAM_LENGTH characters → 414 "URI Too
 * Long", an undecodable path → 400. The message never echoes the path.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return reply
      .status(414)
      .send(body(414, `A path parameter must be at most ${MAX_PARAM_LENGTH} characters`));
  if (err.code === 'FST_ERR_BAD_URL')
    return reply.status(400).send(body(400, 'The URL is not valid'));
  const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
  return reply
    .status(status)
    .send(
      body(
        status,
        status >= 500 ? 'An internal error occurred. Please try again later.' : err.message,
      ),
    );
}

type ValidationError = NonNullable<FastifyError['validation']>[number] & {
  parentSchema?: Record<string, unknown>;
};

/**
 * The message a route schema gives for the value it refused (`x-message`, see shared-types
 * `SchemaMessage`): the spec's wording ("Company name is required") instead of Ajv's. For a missing
 * property, the message of that property's schema.
 */
function schemaMessage(error: ValidationError): string | undefined {
  let node = error.parentSchema;
  const missing = (error.params as { missingProperty?: string }).missingProperty;
  if (error.keyword === 'required' && missing) {
    const property = (node?.properties as Record<string, Record<string, unknown>> | undefined)?.[
      missing
    ];
    node = property?.[SCHEMA_MESSAGE] !== undefined ? property : node;
  }
  const message = node?.[SCHEMA_MESSAGE] as SchemaMessage | undefined;
  if (typeof message === 'string') return message;
  return message?.[error.keyword] ?? message?.default;
}

/** What each error status means, for the OpenAPI document. */
const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is malformed or breaks a rule; `message` says which',
  401: 'No valid session: the bearer token is missing, expired or revoked',
  403: 'The caller may not do this',
  404: 'Not found (also for malformed ids and for ids of another company)',
  409: 'The request conflicts with the current state; `message` says how',
  413: 'The request body is too large',
  414: `A path parameter is longer than ${MAX_PARAM_LENGTH} characters`,
  415: 'The request body has a content type the server does not read',
  429: 'Too many requests from this address: try again in a minute',
  503: 'The database is unavailable or busy: try again after `Retry-After` seconds',
};

/**
 * The error body `{ statusCode, error, message }` for one status, always JSON — also on routes
 * whose success is HTML, PDF or an image.
 */
export function errorResponse(status: number) {
  return {
    description: ERROR_DESCRIPTIONS[status] ?? STATUS_CODES[status] ?? 'Error',
    content: { 'application/json': { schema: ApiErrorBody } },
  };
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The error statuses a route can answer whatever its handler does, derived from how the route is
 * declared: 400 (a malformed body, a value its schema refuses, a NUL character anywhere), 401 when
 * it needs a bearer token, 413 and 415 when it reads a body, 414 when its path has a parameter,
 * 429 when it is rate-limited, 503 when the database is unavailable.
 */
export function commonErrorStatuses(route: RouteOptions): number[] {
  const schema = (route.schema ?? {}) as { security?: unknown[] };
  const config = (route.config ?? {}) as { rateLimit?: unknown };
  const methods = [route.method].flat();
  return [
    400,
    ...(schema.security?.length ? [401] : []),
    ...(methods.some((m) => BODY_METHODS.has(m)) ? [413, 415] : []),
    ...(route.url.includes(':') ? [414] : []),
    ...(config.rateLimit ? [429] : []),
    503,
  ];
}

/**
 * Completes every route's documented responses with the errors it can answer (see
 * `commonErrorStatuses`), each with the shared error schema and a description; a route declares
 * only what its own rules add (403, 404, 409). The same schemas serialise the answers.
 */
export function documentErrors(route: RouteOptions): void {
  const schema = route.schema as
    ({ hide?: boolean; response?: Record<string, unknown> } & Record<string, unknown>) | undefined;
  if (!schema || schema.hide) return;
  const response: Record<string, unknown> = { ...schema.response };
  for (const [code, declared] of Object.entries(response))
    if (declared === ApiErrorBody) response[code] = errorResponse(Number(code));
  for (const status of commonErrorStatuses(route)) response[status] ??= errorResponse(status);
  // Route schemas can be shared between routes: give this one its own copy.
  route.schema = { ...schema, response };
}

/** One error shape for every failure; 5xx text never leaks internals. */
export default fp(async function errorsPlugin(app: FastifyInstance, opts: { serveSpa: boolean }) {
  app.addHook('onRoute', documentErrors);
  app.setErrorHandler((err: FastifyError & { code?: string }, request, reply) => {
    if (err instanceof AppError)
      return reply.status(err.statusCode).send(body(err.statusCode, err.message));

    if (err.validation) {
      const first = err.validation[0];
      const own = first && schemaMessage(first);
      if (own) return reply.status(400).send(body(400, own));
      const field = first?.instancePath
        ? first.instancePath.replace(/^\//, '').replace(/\//g, '.')
        : ((first?.params as { missingProperty?: string } | undefined)?.missingProperty ?? '');
      const where = err.validationContext ?? 'body';
      const message = field
        ? `${where}.${field} ${first?.message ?? 'is invalid'}`
        : `${where} ${first?.message ?? 'is invalid'}`;
      return reply.status(400).send(body(400, message));
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
      return reply.status(400).send(body(400, 'Request body is not valid JSON'));

    const status = err.statusCode ?? 500;
    if (status === 429)
      return reply
        .status(429)
        .send(body(429, 'Too many requests. Please wait a minute and try again.'));
    if (status >= 400 && status < 500) return reply.status(status).send(body(status, err.message));

    // Class 22 (data exception): a value the database cannot store or compare — the request's fault.
    if (typeof err.code === 'string' && /^22[0-9A-Z]{3}$/.test(err.code)) {
      request.log.warn({ code: err.code }, 'data exception');
      return reply
        .status(400)
        .send(body(400, 'A value in the request is out of range or malformed.'));
    }
    // 57014: cancelled, here by DB_STATEMENT_TIMEOUT_MS — a statement stuck behind a lock or
    // slower than the server allows; the request may be retried.
    if (err.code === STATEMENT_TIMED_OUT) {
      request.log.warn({ code: err.code }, 'statement timed out');
      return reply
        .status(503)
        .header('Retry-After', '2')
        .send(body(503, 'The database took too long to answer. Please try again shortly.'));
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ code: err.code }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', '2')
        .send(body(503, 'The service is temporarily unavailable. Please try again shortly.'));
    }
    // A client gone before its answer was complete (a page left mid-download, a closed tab) ends
    // the answer's stream early: that is the client's doing, not a fault to page anyone about.
    if (err.code === 'ERR_STREAM_PREMATURE_CLOSE' && request.raw.socket?.destroyed)
      request.log.info('client closed the connection before its answer was complete');
    else request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body(500, 'An internal error occurred. Please try again later.'));
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // Client-side routes of the PWA: every GET outside /api gets the app shell.
    if (
      opts.serveSpa &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api')
    )
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    return reply.status(404).send(body(404, `Route ${request.method} ${pathname} not found`));
  });
});
