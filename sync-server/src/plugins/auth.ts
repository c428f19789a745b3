import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TokenClaims } from '@smb/shared-types';
import type { TenantRow, UserRow } from '../db/app-tables';
import type { TenantDb } from '../db/tenant-database';
import { forbidden, unauthorized } from '../errors';
import { findUserWithTenant } from '../modules/auth/auth.repository';
import { clock } from '../clock';
import { assertTenantSchemaCurrent } from '../db/schema-version';
import type { AppContext } from '../context';

/** What an authenticated request knows, loaded from the database — never from the token's claims. */
export interface AuthContext {
  user: UserRow;
  tenant: TenantRow;
  /** Kysely scoped to the caller's tenant schema. */
  db: TenantDb;
}

interface SignedClaims extends Omit<TokenClaims, 'exp' | 'iat'> {
  /** Token version: a password reset bumps the user's, ending older tokens. */
  tv: number;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: SignedClaims;
    user: SignedClaims & { exp: number; iat: number };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: verifies the bearer token and loads user and tenant. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** preHandler hook: the caller must be a tenant administrator (checked in the database). */
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    signToken(user: UserRow, tenant: TenantRow): { token: string; expiresAt: string };
  }
  interface FastifyRequest {
    auth: AuthContext;
  }
}

export const TOKEN_LIFETIME_SECONDS = 2 * 60 * 60;
const VERIFIED_TOKENS_KEPT = 50_000;

export default fp(async function authPlugin(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  await app.register(fastifyJwt, {
    secret: ctx.config.jwtSecret,
    sign: { algorithm: 'HS256', expiresIn: TOKEN_LIFETIME_SECONDS },
    verify: { algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'tenantId'] },
  });

  app.decorateRequest('auth', null as unknown as AuthContext);

  // A signed-in write has committed by the time its answer is sent: this process's knowledge of
  // the tenant's version (which answers up-to-date pulls) must not outlive it, even for the
  // moment its announcement takes to come back.
  // A read sent as POST (a sync pull) says so with `config: { readsOnly: true }`.
  app.addHook('onSend', async (request, _reply, payload) => {
    const readsOnly = (request.routeOptions.config as { readsOnly?: boolean }).readsOnly;
    if (request.auth && request.method !== 'GET' && request.method !== 'HEAD' && !readsOnly)
      ctx.changes.wrote(request.auth.tenant.schema_name);
    return payload;
  });

  // A token's lifetime runs on the server's clock (`clock.ts`): the system clock in production; a
  // test server started with TEST_CLOCK=1 moves it forward, and a token then really expires.
  app.decorate('signToken', (user: UserRow, tenant: TenantRow) => {
    const now = clock.now().getTime();
    const payload: SignedClaims = {
      sub: user.id,
      tenantId: tenant.id,
      tenantSchema: tenant.schema_name,
      IsTenantAdmin: user.is_tenant_admin ? 'true' : 'false',
      email: user.email,
      tv: user.token_version,
    };
    const token = clock.isMoved()
      ? app.jwt.sign(payload, { clockTimestamp: now })
      : app.jwt.sign(payload);
    return { token, expiresAt: new Date(now + TOKEN_LIFETIME_SECONDS * 1000).toISOString() };
  });

  // Tokens whose signature and claims were checked, by their exact Authorization header: a
  // device sends the same token for up to two hours, and checking it again each time is a tenth
  // of a read's CPU. Expiry is still checked on every request; rights never come from here.
  const verified = new Map<string, SignedClaims & { exp: number }>();
  const verify = async (request: FastifyRequest): Promise<SignedClaims> => {
    const header = request.headers.authorization;
    const known = header ? verified.get(header) : undefined;
    const now = clock.now().getTime();
    if (known && known.exp * 1000 > now) return known;
    if (known) verified.delete(header!);
    const claims = await request.jwtVerify<SignedClaims & { exp: number }>();
    // The signature check compares `exp` with the system clock; a moved test clock decides too.
    if (claims.exp * 1000 <= now) throw new Error('token expired');
    if (header) {
      if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
      verified.set(header, claims);
    }
    return claims;
  };

  app.decorate('authenticate', async (request: FastifyRequest) => {
    let claims: SignedClaims;
    try {
      claims = await verify(request);
    } catch {
      throw unauthorized('Your session is invalid or has expired. Please log in again.');
    }
    const found = await ctx.sessions.lookup(claims.sub, () =>
      findUserWithTenant(ctx.database.db, claims.sub),
    );
    if (
      !found ||
      found.tenant.id !== claims.tenantId ||
      found.user.token_version !== claims.tv ||
      !found.user.is_verified
    )
      throw unauthorized('Your session is invalid or has expired. Please log in again.');
    assertTenantSchemaCurrent(found.tenant);
    request.auth = { ...found, db: ctx.database.tenantDb(found.tenant.schema_name) };
  });

  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    if (!request.auth?.user.is_tenant_admin)
      throw forbidden('Only tenant administrators can do this');
  });
});
