import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreditNote,
  DocumentIdParams as params,
  DocumentMailBody,
  Invoice,
  Order,
} from '@smb/shared-types';
import type { AppContext } from '../../context';
import { BEARER, errors, signedIn } from '../../http';
import { emailDocumentNow } from './document-mail.service';

const DESCRIPTION =
  'Mails the document with its PDF to `to` (the subject and text as given: the app fills them in the customer’s document language), from the company’s name with Reply-To its e-mail, and records emailedAt / emailedTo. 400 for a bad address or an empty subject or text; 503 when the mail could not be delivered.';

/** POST /api/invoices/{id}/email, /api/orders/{id}/email and /api/credit-notes/{id}/email. */
const documentMailRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const schema = (tags: string[], response: typeof Invoice | typeof Order | typeof CreditNote) => ({
    ...signedIn(app),
    schema: {
      tags,
      security: BEARER,
      params,
      body: DocumentMailBody,
      description: DESCRIPTION,
      response: { 200: response, ...errors(400, 404, 503) },
    },
  });
  app.post('/invoices/:id/email', schema(['invoices'], Invoice), async (request) =>
    emailDocumentNow(request.auth, 'invoice', request.params.id, request.body, ctx.mailer),
  );
  app.post('/orders/:id/email', schema(['orders'], Order), async (request) =>
    emailDocumentNow(request.auth, 'order', request.params.id, request.body, ctx.mailer),
  );
  app.post('/credit-notes/:id/email', schema(['credit-notes'], CreditNote), async (request) =>
    emailDocumentNow(request.auth, 'credit_note', request.params.id, request.body, ctx.mailer),
  );
};

export default documentMailRoutes;
