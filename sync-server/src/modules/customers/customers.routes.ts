import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Customer, CustomerCreateBody, CustomerUpdateBody, IdParams } from '@smb/shared-types';
import { BEARER, DeletedResponse, errors, listRoute, sendPage, signedIn } from '../../http';
import * as customers from './customers.service';

const customerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['customers'];
  const security = BEARER;

  app.get('/', listRoute(app, tags, Customer), async (request, reply) =>
    sendPage(reply, await customers.listCustomers(request.auth, request.query)),
  );

  app.post(
    '/',
    {
      ...signedIn(app),
      schema: {
        tags,
        security,
        body: CustomerCreateBody,
        response: { 201: Customer, ...errors(400, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await customers.createCustomer(request.auth, request.body)),
  );

  app.get(
    '/:id',
    {
      ...signedIn(app),
      schema: {
        tags,
        security,
        params: IdParams,
        response: { 200: Customer, ...errors(400, 404) },
      },
    },
    async (request) => customers.getCustomer(request.auth, request.params.id),
  );

  app.put(
    '/:id',
    {
      ...signedIn(app),
      schema: {
        tags,
        security,
        params: IdParams,
        body: CustomerUpdateBody,
        response: { 200: Customer, ...errors(400, 404) },
      },
    },
    async (request) => customers.updateCustomer(request.auth, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      ...signedIn(app),
      schema: {
        tags,
        security,
        description:
          'Deletes the customer with its contacts, quotes (with items) and orders (with items). ' +
          'A customer with invoices is kept (409): invoices are legal records.',
        params: IdParams,
        response: { 200: DeletedResponse, ...errors(400, 404, 409) },
      },
    },
    async (request) => {
      await customers.deleteCustomer(request.auth, request.params.id);
      return { success: true, message: 'Customer deleted' };
    },
  );
};

export default customerRoutes;
