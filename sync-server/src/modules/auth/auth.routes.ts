import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static, type TSchema } from 'typebox';
import {
  AUTH_MESSAGES,
  EmailBody,
  LoginBody,
  MessageResponse,
  RegisterBody,
  ResetPasswordBody,
  TokenResponse,
  VerifyEmailBody,
  VerifyInvitationBody,
} from '@smb/shared-types';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/app-tables';
import { AppError } from '../../errors';
import { errors } from '../../http';
import { findTenantById } from './auth.repository';
import * as auth from './auth.service';
import { MESSAGES } from './auth.service';

const ok = (message: string) => ({ success: true, message });

const authRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const limited = { rateLimit: { max: ctx.config.rateLimitMax, timeWindow: '1 minute' } };
  const tags = ['auth'];

  /** A rate-limited POST of the body given, answered `{ success, message }` with the action's message. */
  function limitedPost<B extends TSchema>(
    url: string,
    body: B,
    action: (body: Static<B>) => Promise<string>,
  ): void {
    app.post(
      url,
      { config: limited, schema: { tags, body, response: { 200: MessageResponse } } },
      async (request) => ok(await action(request.body as Static<B>)),
    );
  }

  /** The answer of a successful sign-in: the message and a fresh token for the user's company. */
  async function signedIn(user: UserRow, message: string) {
    const tenant = (await findTenantById(ctx.database.db, user.tenant_id))!;
    return { success: true, message, ...app.signToken(user, tenant) };
  }

  app.get(
    '/ping',
    {
      schema: {
        tags,
        description:
          'The health check of a load balancer: 503 once the server is shutting down (it still answers other calls for `SHUTDOWN_DRAIN_MS`).',
        response: { 200: Type.Object({ ok: Type.Boolean(), text: Type.String() }) },
      },
    },
    async () => {
      if (app.draining) throw new AppError('unavailable', 'The server is shutting down.');
      return { ok: true, text: 'The API is reachable.' };
    },
  );

  app.post(
    '/register',
    {
      // Each sign-up creates a company: a few per IP and hour (SIGNUPS_PER_HOUR).
      config: { rateLimit: { max: ctx.config.signupsPerHour, timeWindow: '1 hour' } },
      schema: {
        tags,
        description:
          'Creates a company and its unverified administrator and mails a verification code. An address that already has an account is answered the same (201); its owner is mailed that someone tried to register with it.',
        body: RegisterBody,
        response: { 201: MessageResponse, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      await auth.register(ctx, request.body);
      return reply.status(201).send(ok(MESSAGES.registered));
    },
  );

  limitedPost('/verify-email-otp', VerifyEmailBody, async ({ email, otpCode }) => {
    await auth.verifyEmail(ctx, email, otpCode);
    return MESSAGES.verified;
  });

  limitedPost('/resend-verification', EmailBody, async ({ email }) => {
    await auth.resendVerification(ctx, email);
    return MESSAGES.verificationResent;
  });

  app.post(
    '/login',
    {
      config: limited,
      schema: {
        tags,
        description:
          "Wrong e-mail or password → 401; an address not verified yet → 403. 10 failed logins for one address within 15 minutes lock it for 15 minutes (429, for addresses with and without an account alike; a real account's owner is mailed).",
        body: LoginBody,
        response: { 200: TokenResponse, ...errors(401, 403, 429) },
      },
    },
    async (request) => {
      const user = await auth.login(ctx, request.body.email, request.body.password);
      return signedIn(user, MESSAGES.loggedIn);
    },
  );

  limitedPost('/forgot-password', EmailBody, async ({ email }) => {
    await auth.forgotPassword(ctx, email);
    return AUTH_MESSAGES.resetRequested;
  });

  limitedPost('/reset-password', ResetPasswordBody, async ({ email, otpCode, newPassword }) => {
    await auth.resetPassword(ctx, email, otpCode, newPassword);
    return MESSAGES.passwordReset;
  });

  app.get(
    '/verify-invitation',
    { config: limited, schema: { tags, response: { 200: MessageResponse } } },
    async () => ok(MESSAGES.invitationInfo),
  );

  app.post(
    '/verify-invitation',
    {
      config: limited,
      schema: { tags, body: VerifyInvitationBody, response: { 200: TokenResponse } },
    },
    async (request) => {
      const user = await auth.verifyInvitation(
        ctx,
        request.body.email,
        request.body.otpCode,
        request.body.password,
      );
      return signedIn(user, MESSAGES.invitationAccepted);
    },
  );

  app.get(
    '/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: [{ bearer: [] }],
        response: {
          200: Type.Object({
            id: Type.String(),
            email: Type.String(),
            isTenantAdmin: Type.Boolean(),
            tenantId: Type.String(),
            tenantName: Type.String(),
          }),
        },
      },
    },
    async (request) => {
      const { user, tenant } = request.auth;
      return {
        id: user.id,
        email: user.email,
        isTenantAdmin: user.is_tenant_admin,
        tenantId: tenant.id,
        tenantName: tenant.natural_name,
      };
    },
  );

  limitedPost('/resend-invitation', EmailBody, async ({ email }) => {
    await auth.resendInvitation(ctx, email);
    return MESSAGES.invitationResent;
  });
};

export default authRoutes;
