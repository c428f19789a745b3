/**
 * Who may call which route: the explicit lists the isolation matrix and the OpenAPI test check
 * every registered route against.
 */
import type { RouteOptions } from 'fastify';

/** Routes any visitor may call without a token (the public pages and sign-up/sign-in). Everything else must answer 401. */
export const PUBLIC_ROUTES: RegExp[] = [
  /^(GET|POST) \/api\/auth\/(ping|register|verify-email-otp|resend-verification|login|forgot-password|reset-password|verify-invitation|resend-invitation)$/,
  /^POST \/api\/public\/contact$/,
  /^GET \/api\/docs(\/.*)?$/,
  // The public quote page: tenant and quote ids in the path, access token in the query.
  /^(GET|POST) \/api\/quotes\/:[^/]+\/:[^/]+\/(view|accept|reject)$/,
  /^GET \/api\/quotes\/:tenantId\/:quoteId\/pdf$/,
  // Crawler files (plugins/static-assets.ts).
  /^GET \/(robots\.txt|sitemap\.xml)$/,
];

/** Routes only tenant administrators may call (users, company settings, currencies' and tax rates' writes): a member gets 403. Any other route must not answer 403. */
export const ADMIN_ROUTES = new Set([
  'GET /api/users',
  'GET /api/users/:id',
  'POST /api/users/invite',
  'PUT /api/users/:id/role',
  'DELETE /api/users/:id',
  'POST /api/currencies',
  'PUT /api/currencies/:id',
  'DELETE /api/currencies/:id',
  'POST /api/tax-rates',
  'PUT /api/tax-rates/:id',
  'DELETE /api/tax-rates/:id',
  'PUT /api/tenants/current',
  'PUT /api/tenants/current/company',
  'PUT /api/tenants/current/logo',
  'DELETE /api/tenants/current/logo',
  'DELETE /api/tenants/:id',
  'DELETE /api/invoices/:id/payments/:paymentId',
  'PUT /api/billing/settings',
  'GET /api/numbering',
  'PUT /api/numbering',
]);

/** One entry per method and path (HEAD mirrors and trailing-slash twins folded), sorted. */
export function routeKeys(
  options: RouteOptions[],
): Array<{ method: string; url: string; key: string; route: RouteOptions }> {
  const byKey = new Map<
    string,
    { method: string; url: string; key: string; route: RouteOptions }
  >();
  for (const route of options) {
    const url = route.url.length > 1 ? route.url.replace(/\/$/, '') : route.url;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const key = `${method} ${url}`;
      byKey.set(key, { method, url, key, route });
    }
  }
  return [...byKey.values()].sort((x, y) => x.key.localeCompare(y.key));
}

export const isPublicRoute = (key: string) => PUBLIC_ROUTES.some((re) => re.test(key));
