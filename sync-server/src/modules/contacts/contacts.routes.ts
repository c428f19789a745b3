import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ContactCreateBody,
  ContactListQuery,
  ContactPerson,
  ContactUpdateBody,
  CustomerIdParams,
} from '@smb/shared-types';
import { recordRoutes } from '../../crud-routes';
import { LIST_DESCRIPTION, routesFor, sendPage } from '../../http';
import * as contacts from './contacts.service';

const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const route = routesFor(app, ['contacts']);

  app.get(
    '/',
    route.list(ContactPerson, {
      description: `Every contact, or one customer's with customerId. ${LIST_DESCRIPTION}`,
      querystring: ContactListQuery,
      errorCodes: [404],
    }),
    async (request, reply) =>
      sendPage(reply, await contacts.listContacts(request.auth, request.query)),
  );

  app.get(
    '/customer/:customerId',
    route.list(ContactPerson, {
      description: `The customer's contacts. ${LIST_DESCRIPTION}`,
      params: CustomerIdParams,
      errorCodes: [404],
    }),
    async (request, reply) =>
      sendPage(
        reply,
        await contacts.listContacts(request.auth, {
          ...request.query,
          customerId: request.params.customerId,
        }),
      ),
  );

  app.post(
    '/customer/:customerId',
    route.create(ContactCreateBody, ContactPerson, { params: CustomerIdParams, errorCodes: [404] }),
    async (request, reply) => {
      const body = { ...request.body, customerId: request.params.customerId, companyId: undefined };
      return reply.status(201).send(await contacts.createContact(request.auth, body));
    },
  );

  recordRoutes(
    app,
    ['contacts'],
    { item: ContactPerson, updateBody: ContactUpdateBody, deletedMessage: 'Contact deleted' },
    { get: contacts.getContact, update: contacts.updateContact, remove: contacts.deleteContact },
  );
};

export default contactRoutes;
