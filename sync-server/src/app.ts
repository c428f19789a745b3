import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { SCHEMA_MESSAGE } from '@smb/shared-types';
import { trustProxyOption } from './config';
import type { AppContext } from './context';
import authPlugin from './plugins/auth';
import errorsPlugin, { MAX_PARAM_LENGTH, frameworkErrors } from './plugins/errors';
import inputGuard from './plugins/input-guard';
import securityHeaders from './plugins/security-headers';
import drain from './plugins/drain';
import staticAssets from './plugins/static-assets';
import { rateLimitOptions } from './plugins/rate-limit-store';
import { buildSerializer } from './plugins/serializer';
import authRoutes from './modules/auth/auth.routes';
import contactRoutes from './modules/public/contact.routes';
import quoteRoutes from './modules/quotes/quotes.routes';
import orderRoutes from './modules/orders/orders.routes';
import invoiceRoutes from './modules/invoices/invoices.routes';
import {
  creditNoteRoutes,
  invoiceCreditNoteRoutes,
} from './modules/credit-notes/credit-notes.routes';
import recurringRoutes from './modules/recurring/recurring.routes';
import publicQuoteRoutes from './public-quote/public-quote.routes';
import publicQuotePdfRoutes from './public-quote/public-quote-pdf.routes';
import syncRoutes from './sync/sync.routes';
import contactPersonRoutes from './modules/contacts/contacts.routes';
import currencyRoutes from './modules/currencies/currencies.routes';
import taxRateRoutes from './modules/tax-rates/tax-rates.routes';
import numberingRoutes from './modules/numbering/numbering.routes';
import customerRoutes from './modules/customers/customers.routes';
import productRoutes from './modules/products/products.routes';
import { billingRoutes, invoicePaymentRoutes } from './modules/payments/payments.routes';
import tenantRoutes from './modules/tenants/tenants.routes';
import documentMailRoutes from './modules/document-mail/document-mail.routes';
import pdfRoutes from './modules/pdf/pdf.routes';
import einvoiceRoutes from './modules/einvoice/einvoice.routes';
import userRoutes from './modules/users/users.routes';
import { testClockEnabled, testClockRoutes } from './clock';
import { RequestLog } from './request-log';

export interface BuildOptions {
  /** A pino logger the whole process shares; none (tests) → no request logging. */
  loggerInstance?: FastifyBaseLogger;
  /** Called for every route as it is registered (tests enumerate the routes with it). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the Fastify instance: external plugins → app plugins → modules → static PWA. */
export async function buildApp(
  ctx: AppContext,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: false }),
    logController: new RequestLog(options.loggerInstance),
    // Only the configured proxies' X-Forwarded-For (TRUST_PROXY); by default the peer is the client.
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors,
    schemaController: { compilersFactory: { buildSerializer } },
    ajv: {
      customOptions: {
        removeAdditional: 'all',
        coerceTypes: 'array',
        useDefaults: true,
        // Route schemas carry the spec's messages (errors plugin); `verbose` hands them over.
        keywords: [SCHEMA_MESSAGE],
        verbose: true,
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  // External plugins
  await app.register(securityHeaders, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, rateLimitOptions(app, ctx.config.redisUrl));
  await app.register(swagger, {
    openapi: {
      info: { title: 'SMB Finance API', version: '1.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // App plugins
  await app.register(errorsPlugin, {
    serveSpa: existsSync(path.join(ctx.config.staticDir, 'index.html')),
  });
  await app.register(inputGuard);
  await app.register(drain);
  await app.register(authPlugin, { ctx });

  // Modules: one line each, in one scope whose answers over 1 KB go out compressed (brotli at
  // quality 4, or gzip) to a client that asks: a first sync's pages run to megabytes on a phone's
  // slow network. Static files are compressed at build time (static-assets.ts), outside it.
  await app.register(async function api(scope) {
    await scope.register(compress, { threshold: 1024, globalDecompression: false });
    await scope.register(authRoutes, { prefix: '/api/auth', ctx });
    await scope.register(contactRoutes, { prefix: '/api/public', ctx });
    await scope.register(quoteRoutes, { prefix: '/api/quotes', ctx });
    await scope.register(publicQuoteRoutes, { prefix: '/api/quotes', ctx });
    await scope.register(orderRoutes, { prefix: '/api/orders', ctx });
    await scope.register(invoiceRoutes, { prefix: '/api/invoices', ctx });
    await scope.register(invoicePaymentRoutes, { prefix: '/api/invoices' });
    await scope.register(invoiceCreditNoteRoutes, { prefix: '/api/invoices', ctx });
    await scope.register(creditNoteRoutes, { prefix: '/api/credit-notes', ctx });
    await scope.register(recurringRoutes, { prefix: '/api/recurring-profiles', ctx });
    await scope.register(billingRoutes, { prefix: '/api/billing' });
    await scope.register(syncRoutes, { prefix: '/api/sync', ctx });
    await scope.register(customerRoutes, { prefix: '/api/customers' });
    await scope.register(contactPersonRoutes, { prefix: '/api/contacts' });
    await scope.register(productRoutes, { prefix: '/api/products' });
    await scope.register(currencyRoutes, { prefix: '/api/currencies' });
    await scope.register(taxRateRoutes, { prefix: '/api/tax-rates' });
    await scope.register(numberingRoutes, { prefix: '/api/numbering' });
    await scope.register(tenantRoutes, { prefix: '/api/tenants', ctx });
    await scope.register(pdfRoutes);
    await scope.register(einvoiceRoutes);
    await scope.register(documentMailRoutes, { prefix: '/api', ctx });
    await scope.register(publicQuotePdfRoutes, { ctx });
    await scope.register(userRoutes, { prefix: '/api/users', ctx });
    if (testClockEnabled())
      await scope.register(testClockRoutes, {
        prefix: '/api/test',
        onMove: async () => {
          await ctx.database.db.withSchema('app').deleteFrom('job_runs').execute();
        },
      });
  });

  // The built PWA, if present, and robots.txt/sitemap.xml. Unknown files fall back to index.html (errors plugin).
  await app.register(staticAssets, { root: ctx.config.staticDir, appOrigin: ctx.config.appOrigin });
  return app;
}
