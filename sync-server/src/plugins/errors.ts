import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { STATUS_CODES } from 'node:http';
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

/** One error shape for every failure; 5xx text never leaks internals. */
export default fp(async function errorsPlugin(app: FastifyInstance, opts: { serveSpa: boolean }) {
  app.setErrorHandler((err: FastifyError & { code?: string }, request, reply) => {
    if (err instanceof AppError)
      return reply.status(err.statusCode).send(body(err.statusCode, err.message));

    if (err.validation) {
      const first = err.validation[0];
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
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ code: err.code }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', '2')
        .send(body(503, 'The service is temporarily unavailable. Please try again shortly.'));
    }
    request.log.error({ err }, 'unhandled error');
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
