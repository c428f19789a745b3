import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../errors';

/** PostgreSQL text cannot hold U+0000; refuse it up front with a clear message instead of a database error. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  // Loops, not `Object.entries(...).some(...)`: every request's input passes here.
  if (Array.isArray(value)) {
    for (const v of value) if (containsNul(v, depth + 1)) return true;
    return false;
  }
  for (const key in value)
    if (
      Object.hasOwn(value, key) &&
      (key.includes('\u0000') || containsNul((value as Record<string, unknown>)[key], depth + 1))
    )
      return true;
  return false;
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
  app.addHook('preValidation', (request, _reply, done) => {
    // A route that checks its own parts (a sync push rejects a bad mutation alone, never the
    // whole batch) opts out with `config: { checksNulItself: true }`.
    const checksItself = (request.routeOptions.config as { checksNulItself?: boolean })
      .checksNulItself;
    if (
      !checksItself &&
      (containsNul(request.params) || containsNul(request.query) || containsNul(request.body))
    )
      return done(badRequest('Text must not contain NUL (\\u0000) characters'));
    done();
  });
});
