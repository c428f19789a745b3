import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ContactCreateBody,
  ContactListQuery,
  ContactPerson,
  ContactUpdateBody,
  CustomerIdParams,
  IdParams,
  ListQuery,
} from '@smb/shared-types';
import {
  BEARER,
  DeletedResponse,
  LIST_DESCRIPTION,
  errors,
  listRoute,
  sendPage,
  signedIn,
} from '../../http';
import * as contacts from './contacts.service';

const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['contacts'];
  const security = BEARER;
  const list = Type.Array(ContactPerson);

  app.get(
    '/',
    listRoute(app, tags, ContactPerson, {
      description: `Every contact, or one customer's with customerId. ${LIST_DESCRIPTION}`,
      querystring: ContactListQuery,
      errorCodes: [400, 404],
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

  app.get(
    '/:id',
    {
      ...signedIn(app),
      schema: {
        tags,
        security,
        params: IdParams,
        response: { 200: ContactPerson, ...errors(400, 404) },
      },
    },
    async (request) => contacts.getContact(request.auth, request.params.id),
  );

  app.put(
    '/:id',
    {
      ...signedIn(app),
      schema: {
        tags,
        security,
        params: IdParams,
        body: ContactUpdateBody,
        response: { 200: ContactPerson, ...errors(400, 404) },
      },
    },
    async (request) => contacts.updateContact(request.auth, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      ...signedIn(app),
      schema: {
        tags,
        security,
        params: IdParams,
        response: { 200: DeletedResponse, ...errors(400, 404) },
      },
    },
    async (request) => {
      await contacts.deleteContact(request.auth, request.params.id);
      return { success: true, message: 'Contact deleted' };
    },
  );
};

export default contactRoutes;
