import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CompanyDetails, CompanyDetailsUpdateBody, LOGO_MAX_BYTES } from '@smb/shared-types';
import type { AppContext } from '../../context';
import { BEARER, adminOnly, errors, routesFor, signedIn } from '../../http';
import * as company from './company.service';

/** The logo answer, for the OpenAPI document: the image bytes with their own content type. */
const Image = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' });
const LOGO = {
  description: 'The logo image',
  content: { 'image/png': { schema: Image }, 'image/jpeg': { schema: Image } },
};

/**
 * The company details printed on documents, under /api/tenants/current: read by every user,
 * written by administrators. The logo is sent as the raw image bytes (PNG or JPEG, ≤ 1 MB).
 */
const companyRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['company'];
  const security = BEARER;
  const route = routesFor(app, tags);
  const forget = (tenantId: string) => ctx.sessions.forgetTenant(tenantId);

  // Raw image bodies, scoped to this plugin; one byte over the limit so the service answers the
  // clear 400 for "too large" rather than a bare 413 for a logo of just over 1 MB.
  app.addContentTypeParser(
    ['image/png', 'image/jpeg', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: LOGO_MAX_BYTES + 1 },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/current/company',
    route.single(CompanyDetails, {
      description: 'The company details printed on quotes, orders and invoices',
    }),
    async (request) => company.companyOf(request.auth.tenant),
  );

  app.put(
    '/current/company',
    route.single(CompanyDetails, {
      admin: true,
      body: CompanyDetailsUpdateBody,
      description:
        'Updates the company details (admin). Only the fields given are written; an empty string or null clears one. paperSize is A4, Letter or null (from the country).',
    }),
    async (request) => {
      const details = await company.updateCompanyDetails(request.auth, request.body);
      forget(request.auth.tenant.id);
      return details;
    },
  );

  app.get(
    '/current/logo',
    {
      ...signedIn(app),
      schema: {
        tags,
        security,
        description: 'The company logo, with its image content type (404 without one)',
        produces: ['image/png', 'image/jpeg'],
        response: { 200: LOGO, ...errors(404) },
      },
    },
    async (request, reply) => {
      const logo = await company.readLogo(request.auth.db, request.auth.tenant.id);
      return reply
        .header('Content-Type', logo.contentType)
        .header('Cache-Control', 'private, no-cache')
        .header('X-Content-Type-Options', 'nosniff')
        .send(logo.data);
    },
  );

  app.put(
    '/current/logo',
    {
      ...adminOnly(app),
      schema: {
        tags,
        security,
        description:
          'Uploads the company logo (admin): the raw bytes of a PNG or JPEG image of at most 1 MB, recognised by its content, not its name or declared type.',
        consumes: ['image/png', 'image/jpeg', 'application/octet-stream'],
        body: Image,
        response: { 200: CompanyDetails, ...errors(400, 403, 413) },
      },
      // The body is bytes, never JSON: no schema validation beyond what the service checks.
      validatorCompiler: () => () => true,
    },
    async (request) => {
      const body = request.body as unknown;
      const details = await company.uploadLogo(
        request.auth,
        Buffer.isBuffer(body) ? body : Buffer.alloc(0),
      );
      forget(request.auth.tenant.id);
      return details;
    },
  );

  app.delete(
    '/current/logo',
    route.single(CompanyDetails, { admin: true, description: 'Removes the company logo (admin)' }),
    async (request) => {
      const details = await company.removeLogo(request.auth);
      forget(request.auth.tenant.id);
      return details;
    },
  );
};

export default companyRoutes;
