import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { ApiErrorBody, ListQuery } from '@smb/shared-types';
import type { Page } from './db/query';
import { badRequest } from './errors';

/** OpenAPI security requirement of every authenticated route. */
export const BEARER = [{ bearer: [] }];

/** Route options of a call for every signed-in user of the tenant. */
export const signedIn = (app: FastifyInstance) => ({ onRequest: [app.authenticate] });

/** Route options of a call for tenant administrators only (checked in the database, before the body is read). */
export const adminOnly = (app: FastifyInstance) => ({
  onRequest: [app.authenticate, app.requireAdmin],
});

/**
 * Error responses a route's own rules add, for the OpenAPI document and the serializer:
 * `errors(404, 409)`. The errors plugin adds those a route answers by the way it is declared
 * (400; 401 with bearer security; 413–415, 429, 503: see `commonErrorStatuses`).
 */
export function errors(...codes: number[]): Record<number, typeof ApiErrorBody> {
  return Object.fromEntries(codes.map((code) => [code, ApiErrorBody]));
}

export const DeletedResponse = Type.Object({ success: Type.Boolean(), message: Type.String() });

/** The answer of a DELETE that returns no body. */
export const Deleted = Type.Null({ description: 'Deleted: no content' });

/** A list call's answer: the rows as a JSON array, the total before paging in `X-Total-Count`. */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  reply.header('X-Total-Count', String(page.total));
  return page.rows;
}

export const LIST_DESCRIPTION =
  'A JSON array in a stable order. Optional limit/offset page it and q searches case-insensitively; ' +
  'the total before paging is in the X-Total-Count header.';

/**
 * Route options of a list call for every signed-in user: `ListQuery` (limit/offset/q) or another
 * query string, the rows as a JSON array of `item`. The handler answers with `sendPage`.
 */
export function listRoute<T extends TSchema, Q extends TSchema = typeof ListQuery>(
  app: FastifyInstance,
  tags: string[],
  item: T,
  options: { description?: string; querystring?: Q; errorCodes?: number[] } = {},
) {
  return {
    ...signedIn(app),
    schema: {
      tags,
      security: BEARER,
      description: options.description ?? LIST_DESCRIPTION,
      querystring: (options.querystring ?? ListQuery) as Q,
      response: { 200: Type.Array(item), ...errors(...(options.errorCodes ?? [400])) },
    },
  };
}

/** A PUT body may repeat the id of its URL, never name another one (400). */
export function checkBodyId(bodyId: string | null | undefined, urlId: string): void {
  if (bodyId && bodyId.toLowerCase() !== urlId.toLowerCase())
    throw badRequest('The id in the body does not match the URL');
}
