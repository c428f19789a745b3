import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { randomUUID } from 'node:crypto';
import {
  CONTACT_MESSAGES,
  ContactMessageBody,
  MessageResponse,
  contactFieldErrors,
} from '@smb/shared-types';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import { escapeHtml } from '../../mail/templates';
import { insertContactMessage } from './contact.repository';

const contactRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/contact',
    {
      config: { rateLimit: { max: ctx.config.rateLimitMax, timeWindow: '1 minute' } },
      schema: { tags: ['public'], body: ContactMessageBody, response: { 201: MessageResponse } },
    },
    async (request, reply) => {
      const errors = contactFieldErrors(request.body);
      const first = Object.values(errors)[0];
      if (first) throw badRequest(first);
      const message = {
        id: randomUUID(),
        name: request.body.name.trim(),
        email: request.body.email.trim(),
        subject: request.body.subject.trim(),
        message: request.body.message.trim(),
        company: request.body.company?.trim() || null,
      };
      await insertContactMessage(ctx.database.db, message);
      if (ctx.config.salesInbox) {
        const lines = [
          `From: ${message.name} <${message.email}>`,
          `Company: ${message.company ?? '-'}`,
          `Subject: ${message.subject}`,
          '',
          message.message,
        ];
        await ctx.mailer.send({
          to: ctx.config.salesInbox,
          subject: `Contact form: ${message.subject}`.replace(/[\r\n]+/g, ' '),
          text: lines.join('\n'),
          html: `<pre style="font-family:inherit">${escapeHtml(lines.join('\n'))}</pre>`,
        });
      }
      return reply.status(201).send({ success: true, message: CONTACT_MESSAGES.success });
    },
  );
};

export default contactRoutes;
