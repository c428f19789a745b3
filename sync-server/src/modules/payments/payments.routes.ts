import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  BillingSettings,
  BillingSettingsUpdate,
  DocumentIdParams,
  Invoice,
  InvoiceTermsBody,
  InvoiceRemindersBody,
  Payment,
  PaymentCreateBody,
  PaymentParams,
} from '@smb/shared-types';
import { BEARER, adminOnly, errors, routesFor, signedIn } from '../../http';
import { setInvoiceReminders, setInvoiceTerms } from '../invoices/invoice-changes.service';
import * as payments from './payments.service';

/**
 * An invoice's payments and terms, under /api/invoices/{id}: a payment above the balance or on a
 * cancelled invoice answers 409; deleting a payment is for administrators.
 */
export const invoicePaymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['invoices'];
  const security = BEARER;
  const route = routesFor(app, tags);
  const params = DocumentIdParams;

  app.get(
    '/:id/payments',
    route.get(Type.Array(Payment), { params, description: 'The invoice’s payments, oldest first' }),
    async (request) => payments.listPayments(request.auth, request.params.id),
  );

  app.post(
    '/:id/payments',
    route.create(PaymentCreateBody, Payment, {
      params,
      errorCodes: [404],
      description:
        'Records a payment (amount, date, method, reference, note). The invoice becomes Partially paid or Paid; ' +
        'an amount above the balance, or a cancelled invoice, answers 409.',
    }),
    async (request, reply) => {
      const payment = await payments.createPayment(request.auth, request.params.id, request.body);
      return reply.code(201).send(payment);
    },
  );

  app.delete(
    '/:id/payments/:paymentId',
    {
      ...adminOnly(app),
      schema: {
        tags,
        security,
        description: 'Deletes a payment (admin): the balance and status come back',
        params: PaymentParams,
        response: { 204: Type.Null(), ...errors(403, 404) },
      },
    },
    async (request, reply) => {
      await payments.deletePayment(request.auth, request.params.id, request.params.paymentId);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/:id/terms',
    route.put(InvoiceTermsBody, Invoice, {
      params,
      errorCodes: [409],
      description:
        'Payment terms (the due date follows from the issue date) or a due date of its own; ' +
        'refused (409) once a payment is recorded',
    }),
    async (request) => setInvoiceTerms(request.auth, request.params.id, request.body),
  );

  app.put(
    '/:id/reminders',
    route.put(InvoiceRemindersBody, Invoice, {
      params,
      description:
        '"Stop reminders" (stopped: true) or resume them on this invoice; the reminders sent stay in its log',
    }),
    async (request) => setInvoiceReminders(request.auth, request.params.id, request.body),
  );
};

/** /api/billing/settings: the tenant's default payment terms and reminder policy. */
export const billingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['company'];
  const security = BEARER;
  app.get(
    '/settings',
    {
      ...signedIn(app),
      schema: { tags, security, response: { 200: BillingSettings, ...errors() } },
    },
    async (request) => payments.getBillingSettings(request.auth),
  );
  app.put(
    '/settings',
    {
      ...adminOnly(app),
      schema: {
        tags,
        security,
        description:
          'The default payment terms of new invoices and the reminder policy (admin); only the fields given change',
        body: BillingSettingsUpdate,
        response: { 200: BillingSettings, ...errors(400, 403) },
      },
    },
    async (request) => payments.updateBillingSettings(request.auth, request.body),
  );
};
