import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Customer, CustomerCreateBody, CustomerUpdateBody } from '@smb/shared-types';
import { recordRoutes } from '../../crud-routes';
import * as customers from './customers.service';

const customerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  recordRoutes(
    app,
    ['customers'],
    {
      item: Customer,
      createBody: CustomerCreateBody,
      updateBody: CustomerUpdateBody,
      deletedMessage: 'Customer deleted',
      delete: {
        description:
          'Deletes the customer with its contacts, quotes (with items) and orders (with items). ' +
          'A customer with invoices is kept (409): invoices are legal records.',
        errorCodes: [409],
      },
    },
    {
      list: customers.listCustomers,
      create: customers.createCustomer,
      get: customers.getCustomer,
      update: customers.updateCustomer,
      remove: customers.deleteCustomer,
    },
  );
};

export default customerRoutes;
