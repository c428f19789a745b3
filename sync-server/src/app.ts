import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { SCHEMA_MESSAGE } from '@smb/shared-types';
import type { AppContext } from './context';
import authPlugin from './plugins/auth';
import errorsPlugin, { MAX_PARAM_LENGTH, frameworkErrors } from './plugins/errors';
import inputGuard from './plugins/input-guard';
import drain from './plugins/drain';
import staticAssets from './plugins/static-assets';
import { rateLimitOptions } from './plugins/rate-limit-store';
import { buildSerializer } from './plugins/serializer';
import authRoutes from './modules/auth/auth.routes';
import contactRoutes from './modules/public/contact.routes';
import quoteRoutes from './modules/quotes/quotes.routes';
import orderRoutes from './modules/orders/orders.routes';
import invoiceRoutes from './modules/invoices/invoices.routes';
import publicQuoteRoutes from './public-quote/public-quote.routes';
import syncRoutes from './sync/sync.routes';
import contactPersonRoutes from './modules/contacts/contacts.routes';
import currencyRoutes from './modules/currencies/currencies.routes';
import customerRoutes from './modules/customers/customers.routes';
import productRoutes from './modules/products/products.routes';
import { billingRoutes, invoicePaymentRoutes } from './modules/payments/payments.routes';
import tenantRoutes from './modules/tenants/tenants.routes';
import pdfRoutes from './modules/pdf/pdf.routes';
import userRoutes from './modules/users/users.routes';
import { testClockRoutes } from './clock';

/** One log line per request, when it completes, instead of Fastify's two. */
class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const line = {
      method: request.method,
      // The path only: a query string may carry a secret (the public quote link's token).
      path: request.url.split('?')[0],
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
      remoteAddress: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

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
    logController: new RequestLog(),
    trustProxy: true,
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
  await app.register(helmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
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

  // Modules: one line each.
  await app.register(authRoutes, { prefix: '/api/auth', ctx });
  await app.register(contactRoutes, { prefix: '/api/public', ctx });
  await app.register(quoteRoutes, { prefix: '/api/quotes', ctx });
  await app.register(publicQuoteRoutes, { prefix: '/api/quotes', ctx });
  await app.register(orderRoutes, { prefix: '/api/orders', ctx });
  await app.register(invoiceRoutes, { prefix: '/api/invoices', ctx });
  await app.register(invoicePaymentRoutes, { prefix: '/api/invoices' });
  await app.register(billingRoutes, { prefix: '/api/billing' });
  await app.register(syncRoutes, { prefix: '/api/sync', ctx });
  await app.register(customerRoutes, { prefix: '/api/customers' });
  await app.register(contactPersonRoutes, { prefix: '/api/contacts' });
  await app.register(productRoutes, { prefix: '/api/products' });
  await app.register(currencyRoutes, { prefix: '/api/currencies' });
  await app.register(tenantRoutes, { prefix: '/api/tenants', ctx });
  await app.register(pdfRoutes, { ctx });
  await app.register(userRoutes, { prefix: '/api/users', ctx });
  if (process.env.TEST_CLOCK === '1' && process.env.NODE_ENV !== 'production')
    await app.register(testClockRoutes, { prefix: '/api/test' });

  // The built PWA, if present, and robots.txt/sitemap.xml. Unknown files fall back to index.html (errors plugin).
  await app.register(staticAssets, { root: ctx.config.staticDir, appOrigin: ctx.config.appOrigin });
  return app;
}
