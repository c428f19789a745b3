import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../errors';

/** PostgreSQL text cannot hold U+0000; refuse it up front with a clear message instead of a database error. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}

/**
 * JSON bodies as Fastify parses them, except that an empty body is no body at all on a route that
 * takes none: generated SDKs and many HTTP clients send `Content-Type: application/json` on every
 * call (`POST /api/quotes/{id}/send`, every `DELETE`). A route with a body schema still answers an
 * empty body 400, and a malformed non-empty body is refused everywhere.
 */
function addJsonParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' && !request.routeOptions.schema?.body) return done(null, undefined);
    return parseJson(request, body as string, done);
  });
}

export default fp(async function inputGuard(app: FastifyInstance) {
  addJsonParser(app);
  app.addHook('preValidation', async (request) => {
    // A route that checks its own parts (a sync push rejects a bad mutation alone, never the
    // whole batch) opts out with `config: { checksNulItself: true }`.
    if ((request.routeOptions.config as { checksNulItself?: boolean }).checksNulItself) return;
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body))
      throw badRequest('Text must not contain NUL (\\u0000) characters');
  });
});
