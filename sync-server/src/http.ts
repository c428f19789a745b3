import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { ApiErrorBody, DocumentIdParams, IdParams, ListQuery } from '@smb/shared-types';
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

/** What a route states beyond its shape; the helpers below fill in the rest. */
export interface RouteOptions {
  /** Tenant administrators only (403 for the others); default: every signed-in user. */
  admin?: boolean;
  /** For the OpenAPI document. */
  description?: string;
  /** Error statuses the route's own rules add to the helper's (e.g. 409). */
  errorCodes?: number[];
}

/** Access hooks, tags, security and description of a route, and its error answers. */
function routeBase(app: FastifyInstance, tags: string[], options: RouteOptions, codes: number[]) {
  const statuses = [400, ...(options.admin ? [403] : []), ...codes, ...(options.errorCodes ?? [])];
  return {
    access: options.admin ? adminOnly(app) : signedIn(app),
    head: {
      tags,
      security: BEARER,
      ...(options.description ? { description: options.description } : {}),
    },
    errors: errors(...new Set(statuses)),
  };
}

/** A route's path parameters, when it has some besides (or instead of) `:id`. */
type WithParams<P extends TSchema> = RouteOptions & { params?: P };

/** `params` in a schema only when given (a route without path parameters has none). */
const paramsOf = <P extends TSchema | undefined>(params: P) =>
  (params ? { params } : {}) as { params: P };

/**
 * Route options of a list call: `ListQuery` (limit/offset/q) or another query string, the rows as
 * a JSON array of `item`. The handler answers with `sendPage`.
 */
export function listRoute<
  T extends TSchema,
  Q extends TSchema = typeof ListQuery,
  P extends TSchema | undefined = undefined,
>(
  app: FastifyInstance,
  tags: string[],
  item: T,
  options: RouteOptions & { querystring?: Q; params?: P } = {},
) {
  const base = routeBase(app, tags, { description: LIST_DESCRIPTION, ...options }, []);
  return {
    ...base.access,
    schema: {
      ...base.head,
      ...paramsOf(options.params as P),
      querystring: (options.querystring ?? ListQuery) as Q,
      response: { 200: Type.Array(item), ...base.errors },
    },
  };
}

/** Route options of `GET /:id`: the item, or 404 (unknown, malformed or another tenant's id). */
export function getRoute<T extends TSchema, P extends TSchema = typeof IdParams>(
  app: FastifyInstance,
  tags: string[],
  item: T,
  options: WithParams<P> = {},
) {
  const base = routeBase(app, tags, options, [404]);
  const params = (options.params ?? IdParams) as P;
  return {
    ...base.access,
    schema: { ...base.head, params, response: { 200: item, ...base.errors } },
  };
}

/** Route options of `POST /`: the created item with 201; 409 for an id that exists. */
export function createRoute<
  B extends TSchema,
  T extends TSchema,
  P extends TSchema | undefined = undefined,
>(
  app: FastifyInstance,
  tags: string[],
  body: B,
  item: T,
  options: RouteOptions & { params?: P } = {},
) {
  const base = routeBase(app, tags, options, [409]);
  return {
    ...base.access,
    schema: {
      ...base.head,
      ...paramsOf(options.params as P),
      body,
      response: { 201: item, ...base.errors },
    },
  };
}

/** Route options of `PUT /:id`: `getRoute`'s, with the body. */
export function putRoute<B extends TSchema, T extends TSchema, P extends TSchema = typeof IdParams>(
  app: FastifyInstance,
  tags: string[],
  body: B,
  item: T,
  options: WithParams<P> = {},
) {
  const route = getRoute<T, P>(app, tags, item, options);
  return { ...route, schema: { ...route.schema, body } };
}

/**
 * Route options of a route without path parameters or query string (the caller's company, a
 * settings object, the default currency): the item with 200; with a body, 400 for a bad one.
 */
export function singleRoute<T extends TSchema, B extends TSchema | undefined = undefined>(
  app: FastifyInstance,
  tags: string[],
  item: T,
  options: RouteOptions & { body?: B } = {},
) {
  const statuses = [
    ...(options.body ? [400] : []),
    ...(options.admin ? [403] : []),
    ...(options.errorCodes ?? []),
  ];
  const base = routeBase(app, tags, options, []);
  return {
    ...base.access,
    schema: {
      ...base.head,
      ...((options.body ? { body: options.body } : {}) as { body: B }),
      response: { 200: item, ...errors(...statuses) },
    },
  };
}

/** Route options of `DELETE /:id`: `{ success, message }` (see `deleted`), or 404. */
export function deleteRoute(app: FastifyInstance, tags: string[], options: RouteOptions = {}) {
  const base = routeBase(app, tags, options, [404]);
  return {
    ...base.access,
    schema: {
      ...base.head,
      params: IdParams,
      response: { 200: DeletedResponse, ...base.errors },
    },
  };
}

/** Route options of a document's `DELETE /:id`: 204 and no body, or 404. */
export function deleteDocumentRoute(
  app: FastifyInstance,
  tags: string[],
  options: RouteOptions = {},
) {
  const base = routeBase(app, tags, options, [404]);
  return {
    ...base.access,
    schema: { ...base.head, params: DocumentIdParams, response: { 204: Deleted, ...base.errors } },
  };
}

/** The answer of a DELETE route made with `deleteRoute`. */
export const deleted = (message: string) => ({ success: true, message });

/** A PUT body may repeat the id of its URL, never name another one (400). */
export function checkBodyId(bodyId: string | null | undefined, urlId: string): void {
  if (bodyId && bodyId.toLowerCase() !== urlId.toLowerCase())
    throw badRequest('The id in the body does not match the URL');
}

/**
 * The route helpers bound to one module's app and tags, so that each route states only its
 * shapes and what differs: `const route = routesFor(app, ['customers'])`, then
 * `app.get('/:id', route.get(Customer), …)`.
 */
export function routesFor(app: FastifyInstance, tags: string[]) {
  return {
    list: <
      T extends TSchema,
      Q extends TSchema = typeof ListQuery,
      P extends TSchema | undefined = undefined,
    >(
      item: T,
      options?: RouteOptions & { querystring?: Q; params?: P },
    ) => listRoute<T, Q, P>(app, tags, item, options),
    get: <T extends TSchema, P extends TSchema = typeof IdParams>(
      item: T,
      options?: WithParams<P>,
    ) => getRoute<T, P>(app, tags, item, options),
    create: <B extends TSchema, T extends TSchema, P extends TSchema | undefined = undefined>(
      body: B,
      item: T,
      options?: RouteOptions & { params?: P },
    ) => createRoute<B, T, P>(app, tags, body, item, options),
    put: <B extends TSchema, T extends TSchema, P extends TSchema = typeof IdParams>(
      body: B,
      item: T,
      options?: WithParams<P>,
    ) => putRoute<B, T, P>(app, tags, body, item, options),
    single: <T extends TSchema, B extends TSchema | undefined = undefined>(
      item: T,
      options?: RouteOptions & { body?: B },
    ) => singleRoute<T, B>(app, tags, item, options),
    delete: (options?: RouteOptions) => deleteRoute(app, tags, options),
    /** A document's delete: 204, no body. */
    deleteDocument: (options?: RouteOptions) => deleteDocumentRoute(app, tags, options),
  };
}
