import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Customer, CustomerCreateBody, CustomerUpdateBody } from '@smb/shared-types';
import { deleted, routesFor, sendPage } from '../../http';
import * as customers from './customers.service';

const customerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['customers'];
  const route = routesFor(app, tags);

  app.get('/', route.list(Customer), async (request, reply) =>
    sendPage(reply, await customers.listCustomers(request.auth, request.query)),
  );

  app.post('/', route.create(CustomerCreateBody, Customer), async (request, reply) =>
    reply.status(201).send(await customers.createCustomer(request.auth, request.body)),
  );

  app.get('/:id', route.get(Customer), async (request) =>
    customers.getCustomer(request.auth, request.params.id),
  );

  app.put('/:id', route.put(CustomerUpdateBody, Customer), async (request) =>
    customers.updateCustomer(request.auth, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    route.delete({
      description:
        'Deletes the customer with its contacts, quotes (with items) and orders (with items). ' +
        'A customer with invoices is kept (409): invoices are legal records.',
      errorCodes: [409],
    }),
    async (request) => {
      await customers.deleteCustomer(request.auth, request.params.id);
      return deleted('Customer deleted');
    },
  );
};

export default customerRoutes;
