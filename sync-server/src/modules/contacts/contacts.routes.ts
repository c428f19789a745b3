import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ContactCreateBody,
  ContactListQuery,
  ContactPerson,
  ContactUpdateBody,
  CustomerIdParams,
  ListQuery,
} from '@smb/shared-types';
import {
  BEARER,
  LIST_DESCRIPTION,
  deleted,
  errors,
  routesFor,
  sendPage,
  signedIn,
} from '../../http';
import * as contacts from './contacts.service';

const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['contacts'];
  const route = routesFor(app, tags);
  const security = BEARER;
  const list = Type.Array(ContactPerson);

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
    {
      ...signedIn(app),
      schema: {
        tags,
        security,
        description: `The customer's contacts. ${LIST_DESCRIPTION}`,
        params: CustomerIdParams,
        querystring: ListQuery,
        response: { 200: list, ...errors(400, 404) },
      },
    },
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
    {
      ...signedIn(app),
      schema: {
        tags,
        security,
        params: CustomerIdParams,
        body: ContactCreateBody,
        response: { 201: ContactPerson, ...errors(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const body = { ...request.body, customerId: request.params.customerId, companyId: undefined };
      return reply.status(201).send(await contacts.createContact(request.auth, body));
    },
  );

  app.get('/:id', route.get(ContactPerson), async (request) =>
    contacts.getContact(request.auth, request.params.id),
  );

  app.put('/:id', route.put(ContactUpdateBody, ContactPerson), async (request) =>
    contacts.updateContact(request.auth, request.params.id, request.body),
  );

  app.delete('/:id', route.delete(), async (request) => {
    await contacts.deleteContact(request.auth, request.params.id);
    return deleted('Contact deleted');
  });
};

export default contactRoutes;
