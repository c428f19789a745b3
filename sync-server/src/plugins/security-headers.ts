import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The headers helmet sets for these options. Without a content security policy (the pages that
 * need one set their own) they do not depend on the request, so they are worked out once.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  let done = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  if (!done) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

/**
 * helmet's security headers on every response. @fastify/helmet builds helmet's middleware and runs
 * it on every request (about 4 % of a small read's CPU); these are the same headers, set from
 * one object.
 */
export default fp(async function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
  if (options.contentSecurityPolicy !== false)
    throw new Error('security headers: a content security policy is set per page, not here');
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
