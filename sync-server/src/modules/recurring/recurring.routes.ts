import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DocumentIdParams as params,
  Invoice,
  ListQuery,
  RecurringPreview,
  RecurringProfile,
  RecurringProfileCreateBody,
  RecurringProfileUpdateBody,
} from '@smb/shared-types';
import type { TSchema } from 'typebox';
import type { AppContext } from '../../context';
import { BEARER, errors, routesFor, sendPage, signedIn } from '../../http';
import * as actions from './recurring-actions';
import * as recurring from './recurring.service';

/** /api/recurring-profiles: a customer's invoice on a schedule, and its controls. */
const recurringRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['recurring-profiles'];
  const route = routesFor(app, tags);
  const action = <T extends TSchema>(description: string, response: T) => ({
    ...signedIn(app),
    schema: {
      tags,
      security: BEARER,
      description,
      params,
      response: { 200: response, ...errors(404) },
    },
  });

  app.get('/', route.list(RecurringProfile, { querystring: ListQuery }), async (request, reply) => {
    const { items, total } = await recurring.listProfiles(request.auth, request.query);
    return sendPage(reply, { rows: items, total });
  });

  app.get('/:id', route.get(RecurringProfile, { params }), async (request) =>
    recurring.getProfile(request.auth, request.params.id),
  );

  app.post(
    '/',
    route.create(RecurringProfileCreateBody, RecurringProfile),
    async (request, reply) =>
      reply.status(201).send(await recurring.createProfile(request.auth, request.body)),
  );

  app.put(
    '/:id',
    route.put(RecurringProfileUpdateBody, RecurringProfile, { params }),
    async (request) => recurring.updateProfile(request.auth, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    route.deleteDocument({ description: 'The invoices it made stay.' }),
    async (request, reply) => {
      await recurring.deleteProfile(request.auth, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/:id/preview',
    action('The next five invoice dates', RecurringPreview),
    async (request) => recurring.previewProfile(request.auth, request.params.id),
  );

  app.post('/:id/pause', action('No invoices until resumed', RecurringProfile), async (request) =>
    actions.pauseProfile(request.auth, request.params.id),
  );

  app.post(
    '/:id/resume',
    action(
      'Invoices again from the next date on; the periods paused are not invoiced',
      RecurringProfile,
    ),
    async (request) => actions.resumeProfile(request.auth, request.params.id),
  );

  app.post(
    '/:id/skip-next',
    action('The next period makes no invoice', RecurringProfile),
    async (request) => actions.skipNextPeriod(request.auth, request.params.id),
  );

  app.post(
    '/:id/invoice-now',
    action('An invoice now, out of cycle: the next scheduled one still comes on its date', Invoice),
    async (request) => actions.invoiceNow(request.auth, request.params.id, ctx.mailer),
  );
};

export default recurringRoutes;
