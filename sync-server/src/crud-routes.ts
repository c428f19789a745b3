import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { DocumentIdParams, type ListQuery } from '@smb/shared-types';
import type { Page } from './db/query';
import { checkBodyId, deleted, routesFor, sendPage, type RouteOptions } from './http';
import type { TenantScope } from './modules/tenant-scope';

/**
 * The standard routes of a module, registered from its service: a record module's (customers,
 * contacts, products, currencies) and a document module's (quotes, orders). A module states its
 * shapes and the words that differ; routes it has besides these it declares itself.
 */

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** Registers through untyped options: the schemas validate, the handlers only pass on. */
function registrar(app: FastifyInstance) {
  return (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: object,
    handler: Handler,
  ) => app.route({ method, url, ...options, handler });
}

const idOf = (request: { params: unknown }) => (request.params as { id: string }).id;

/** A record module's service functions, as its standard routes call them. */
export interface RecordService<Item, Create, Update> {
  list?(scope: TenantScope, query: ListQuery): Promise<Page<Item>>;
  create?(scope: TenantScope, body: Create): Promise<Item>;
  get(scope: TenantScope, id: string): Promise<Item>;
  update(scope: TenantScope, id: string, body: Update): Promise<Item>;
  remove(scope: TenantScope, id: string): Promise<void>;
}

/** What a record module's routes state: its shapes, who writes, and the words of a delete. */
export interface RecordRoutesSpec<T extends TSchema, C extends TSchema, U extends TSchema> {
  item: T;
  createBody?: C;
  updateBody: U;
  /** "Customer deleted": the message of a successful delete. */
  deletedMessage: string;
  /** Options of the writes (POST, PUT, DELETE), e.g. `{ admin: true }`. */
  writes?: RouteOptions;
  /** Extra options of the PUT and the DELETE (their own 409s and descriptions). */
  update?: RouteOptions;
  delete?: RouteOptions;
}

/**
 * The standard routes of a record module: `GET /` (when the service lists), `POST /` (when it
 * creates), `GET /:id`, `PUT /:id` and `DELETE /:id`. Validation is the schemas'; the handlers
 * only call the service with the caller's scope. Routes a module has besides these it declares
 * itself.
 */
export function recordRoutes<T extends TSchema, C extends TSchema, U extends TSchema>(
  app: FastifyInstance,
  tags: string[],
  spec: RecordRoutesSpec<T, C, U>,
  service: RecordService<Static<T>, Static<C>, Static<U>>,
): void {
  const route = routesFor(app, tags);
  const writes = spec.writes ?? {};
  const merge = (extra: RouteOptions = {}): RouteOptions => ({
    ...writes,
    ...extra,
    errorCodes: [...(writes.errorCodes ?? []), ...(extra.errorCodes ?? [])],
  });
  const on = registrar(app);
  const id = idOf;

  const { list, create } = service;
  if (list)
    on('GET', '/', route.list(spec.item), async (request, reply) =>
      sendPage(reply, await list(request.auth, request.query as ListQuery)),
    );
  if (create && spec.createBody)
    on('POST', '/', route.create(spec.createBody, spec.item, writes), async (request, reply) =>
      reply.status(201).send(await create(request.auth, request.body as Static<C>)),
    );
  on('GET', '/:id', route.get(spec.item), async (request) =>
    service.get(request.auth, id(request)),
  );
  on('PUT', '/:id', route.put(spec.updateBody, spec.item, merge(spec.update)), async (request) =>
    service.update(request.auth, id(request), request.body as Static<U>),
  );
  on('DELETE', '/:id', route.delete(merge(spec.delete)), async (request) => {
    await service.remove(request.auth, id(request));
    return deleted(spec.deletedMessage);
  });
}

/** A document module's service functions (quotes, orders), as its standard routes call them. */
export interface DocumentService<Item, Query, Create, Update> {
  list(scope: TenantScope, query: Query): Promise<{ items: Item[]; total: number }>;
  create(scope: TenantScope, body: Create): Promise<Item>;
  get(scope: TenantScope, id: string): Promise<Item>;
  update(scope: TenantScope, id: string, body: Omit<Update, 'id'>): Promise<Item>;
  remove(scope: TenantScope, id: string): Promise<void>;
}

/** What a document module's routes state: its shapes and the words of its list and delete. */
export interface DocumentRoutesSpec<
  T extends TSchema,
  Q extends TSchema,
  C extends TSchema,
  U extends TSchema,
> {
  item: T;
  query: Q;
  createBody: C;
  updateBody: U;
  /** Extra options of the list (what its query filters). */
  list?: RouteOptions;
  /** Extra options of the DELETE (its own 409s and description). */
  delete?: RouteOptions;
}

/**
 * The standard routes of a document module: `GET /` (paged, the total in X-Total-Count),
 * `POST /` (201), `GET /:id`, `PUT /:id` (a body id must match the URL; 409 when the document's
 * state refuses the edit) and `DELETE /:id` (204).
 */
export function documentRoutes<
  T extends TSchema,
  Q extends TSchema,
  C extends TSchema,
  U extends TSchema,
>(
  app: FastifyInstance,
  tags: string[],
  spec: DocumentRoutesSpec<T, Q, C, U>,
  service: DocumentService<Static<T>, Static<Q>, Static<C>, Static<U>>,
): void {
  const route = routesFor(app, tags);
  const on = registrar(app);
  const params = DocumentIdParams;
  on(
    'GET',
    '/',
    route.list(spec.item, { ...spec.list, querystring: spec.query }),
    async (request, reply) => {
      const { items, total } = await service.list(request.auth, request.query as Static<Q>);
      return sendPage(reply, { rows: items, total });
    },
  );
  on('POST', '/', route.create(spec.createBody, spec.item), async (request, reply) =>
    reply.status(201).send(await service.create(request.auth, request.body as Static<C>)),
  );
  on('GET', '/:id', route.get(spec.item, { params }), async (request) =>
    service.get(request.auth, idOf(request)),
  );
  on(
    'PUT',
    '/:id',
    route.put(spec.updateBody, spec.item, { params, errorCodes: [409] }),
    async (request) => {
      const { id, ...input } = request.body as Static<U> & { id?: string | null };
      checkBodyId(id, idOf(request));
      return service.update(request.auth, idOf(request), input);
    },
  );
  on('DELETE', '/:id', route.deleteDocument(spec.delete), async (request, reply) => {
    await service.remove(request.auth, idOf(request));
    return reply.status(204).send(null);
  });
}
