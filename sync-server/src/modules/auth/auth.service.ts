import { randomUUID } from 'node:crypto';
import {
  AUTH_MESSAGES,
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  LOGIN_LOCK,
  isEmail,
  isStrongPassword,
  passwordError,
  countryTaxRates,
  signupDefaults,
  type RegisterBody,
} from '@smb/shared-types';
import type { Transaction } from 'kysely';
import type { AppDatabase, CodePurpose, UserRow } from '../../db/app-tables';
import { clock } from '../../clock';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../errors';
import {
  accountLockedMail,
  invitationMail,
  registrationAttemptMail,
  resetMail,
  verificationMail,
} from '../../mail/templates';
import { clearFailedLogins, countFailedLogin, mayMail, refuseLockedLogin } from './address-limits';
import { createTenantSchema, dropTenantSchema } from '../../db/provisioning';
import * as repo from './auth.repository';
import {
  dummyVerify,
  hashCode,
  hashPassword,
  newCode,
  sameHash,
  verifyPassword,
} from './passwords';

export const MESSAGES = {
  registered: 'Registration successful. We sent a verification code to your e-mail address.',
  verified: 'Your e-mail address has been verified. You can now log in.',
  verificationResent:
    'If your account is waiting for verification, a new code has been sent to your e-mail address.',
  passwordReset: 'Your password has been reset. You can now log in with your new password.',
  loggedIn: 'Login successful',
  invitationAccepted: 'Your invitation has been accepted. Welcome aboard!',
  invitationResent:
    'If an invitation is pending for this e-mail address, a new code has been sent.',
  invitationInfo:
    'Enter the code from your invitation e-mail and choose a password to join your team.',
  invalidEmail: 'Please enter a valid email address',
} as const;

const normalizeEmail = (email: string) => email.trim().toLowerCase();

function requireEmail(email: string, missing: string = AUTH_MESSAGES.enterEmail): string {
  const value = normalizeEmail(email);
  if (!value) throw badRequest(missing);
  if (!isEmail(value)) throw badRequest(MESSAGES.invalidEmail);
  return value;
}

async function issueCode(ctx: AppContext, user: UserRow, purpose: CodePurpose): Promise<string> {
  const code = newCode();
  const expiresAt = new Date(clock.now().getTime() + CODE_TTL_MS[purpose]);
  await repo.upsertCode(
    ctx.database.db,
    user.id,
    purpose,
    hashCode(ctx.config.jwtSecret, user.id, purpose, code),
    expiresAt,
  );
  return code;
}

/**
 * Checks a code; a wrong code counts an attempt and the fifth wrong one invalidates it.
 * The check and the count happen in one transaction so parallel guesses cannot exceed the limit.
 */
async function consumeCode(
  ctx: AppContext,
  user: UserRow | undefined,
  purpose: CodePurpose,
  code: string,
  onSuccess?: (trx: Transaction<AppDatabase>) => Promise<void>,
): Promise<void> {
  if (!user) throw badRequest(AUTH_MESSAGES.invalidCode);
  const ok = await ctx.database.db.transaction().execute(async (trx) => {
    const stored = await repo.findCode(trx, user.id, purpose);
    if (
      !stored ||
      stored.attempts >= CODE_MAX_ATTEMPTS ||
      stored.expires_at.getTime() < clock.now().getTime()
    )
      return false;
    if (!sameHash(stored.code_hash, hashCode(ctx.config.jwtSecret, user.id, purpose, code))) {
      if (stored.attempts + 1 >= CODE_MAX_ATTEMPTS) await repo.deleteCode(trx, user.id, purpose);
      else await repo.countFailedAttempt(trx, user.id, purpose);
      return false;
    }
    await repo.deleteCode(trx, user.id, purpose);
    // In the code's own transaction: a verified sign-up is never without both code and flag
    // (the clean-up of unverified sign-ups looks for neither).
    await onSuccess?.(trx);
    return true;
  });
  if (!ok) throw badRequest(AUTH_MESSAGES.invalidCode);
}

export async function register(ctx: AppContext, body: RegisterBody): Promise<void> {
  const email = requireEmail(body.email);
  const company = body.tenantNaturalName.trim();
  if (!company) throw badRequest(AUTH_MESSAGES.companyNameRequired);
  const passwordProblem = passwordError(body.password, body.confirmPassword);
  if (passwordProblem) throw badRequest(passwordProblem);
  // A taken address is answered like a new one (no account enumeration); its owner is told.
  const existing = await repo.findUserByEmail(ctx.database.db, email);
  const passwordHash = await hashPassword(body.password);
  if (existing) return notifyRegistrationAttempt(ctx, existing);
  const defaults = signupDefaults(body.country, body.locale);
  const tenant = await createTenantSchema(
    ctx.database,
    company,
    defaults.currency,
    countryTaxRates(defaults.country),
  );
  let user: UserRow;
  try {
    user = await ctx.database.db.transaction().execute(async (trx) => {
      await repo.insertTenant(trx, {
        ...tenant,
        country: defaults.country,
        locale: defaults.locale,
        paper_size: defaults.paperSize,
      });
      return repo.insertUser(trx, {
        id: randomUUID(),
        tenant_id: tenant.id,
        email,
        password_hash: passwordHash,
        is_verified: false,
        is_tenant_admin: true,
        is_pending_approval: false,
      });
    });
  } catch (err) {
    await dropTenantSchema(ctx.database, tenant.schema_name);
    // The same address registered at the same moment: answered as above.
    const taken = (err as { code?: string }).code === '23505';
    const owner = taken ? await repo.findUserByEmail(ctx.database.db, email) : undefined;
    if (owner) return notifyRegistrationAttempt(ctx, owner);
    throw err;
  }
  const code = await issueCode(ctx, user, 'verify');
  await ctx.mailer.send(verificationMail(ctx.config.appOrigin, email, code));
}

/** "Someone tried to register with your address", within the per-address mail limit. */
async function notifyRegistrationAttempt(ctx: AppContext, owner: UserRow): Promise<void> {
  if (await mayMail(ctx, 'register', owner.email))
    await ctx.mailer.send(registrationAttemptMail(ctx.config.appOrigin, owner.email));
}

export async function verifyEmail(ctx: AppContext, email: string, otpCode: string): Promise<void> {
  const address = requireEmail(email);
  if (!otpCode.trim()) throw badRequest(AUTH_MESSAGES.enterCode);
  const user = await repo.findUserByEmail(ctx.database.db, address);
  if (user?.is_verified) throw badRequest(AUTH_MESSAGES.invalidCode);
  await consumeCode(ctx, user, 'verify', otpCode, (trx) =>
    repo.updateUser(trx, user!.id, { is_verified: true }),
  );
  ctx.sessions.forgetUser(user!.id);
}

export async function resendVerification(ctx: AppContext, email: string): Promise<void> {
  const address = requireEmail(email, AUTH_MESSAGES.enterEmailToResend);
  const user = await repo.findUserByEmail(ctx.database.db, address);
  if (!user || user.is_verified || user.is_pending_approval) return;
  if (!(await mayMail(ctx, 'verify', user.email))) return;
  const code = await issueCode(ctx, user, 'verify');
  await ctx.mailer.send(verificationMail(ctx.config.appOrigin, user.email, code));
}

/** Returns the user on success; the same error for an unknown e-mail and a wrong password. */
export async function login(ctx: AppContext, email: string, password: string): Promise<UserRow> {
  const address = normalizeEmail(email);
  if (!address) {
    await dummyVerify(password);
    throw new AppError('unauthorized', AUTH_MESSAGES.invalidCredentials);
  }
  // Per address, known or not: a locked address answers 429 before any hashing.
  await refuseLockedLogin(ctx, address);
  const user = await repo.findUserByEmail(ctx.database.db, address);
  const valid = user
    ? await verifyPassword(user.password_hash, password)
    : await dummyVerify(password).then(() => false);
  if (!user || !valid) {
    if ((await countFailedLogin(ctx, address)) && user?.is_verified)
      await ctx.mailer.send(
        accountLockedMail(
          ctx.config.appOrigin,
          user.email,
          LOGIN_LOCK.maxFailures,
          LOGIN_LOCK.lockMs / 60_000,
        ),
      );
    throw new AppError('unauthorized', AUTH_MESSAGES.invalidCredentials);
  }
  if (!user.is_verified) throw new AppError('forbidden', AUTH_MESSAGES.emailNotVerified);
  await clearFailedLogins(ctx, address);
  return user;
}

export async function forgotPassword(ctx: AppContext, email: string): Promise<void> {
  const address = requireEmail(email);
  const user = await repo.findUserByEmail(ctx.database.db, address);
  if (!user || !user.is_verified) return;
  if (!(await mayMail(ctx, 'reset', user.email))) return;
  const code = await issueCode(ctx, user, 'reset');
  await ctx.mailer.send(resetMail(ctx.config.appOrigin, user.email, code));
}

export async function resetPassword(
  ctx: AppContext,
  email: string,
  otpCode: string,
  newPassword: string,
): Promise<void> {
  const address = requireEmail(email);
  if (!otpCode.trim()) throw badRequest(AUTH_MESSAGES.enterCode);
  if (!newPassword) throw badRequest(AUTH_MESSAGES.enterNewPassword);
  if (!isStrongPassword(newPassword)) throw badRequest(AUTH_MESSAGES.passwordRule);
  const user = await repo.findUserByEmail(ctx.database.db, address);
  await consumeCode(ctx, user, 'reset', otpCode);
  // A new token version ends every session signed before the reset.
  await repo.updateUser(ctx.database.db, user!.id, {
    password_hash: await hashPassword(newPassword),
    bumpTokenVersion: true,
  });
  ctx.sessions.forgetUser(user!.id);
  // The owner proved the address: a lock from someone else's guesses ends with the new password.
  await clearFailedLogins(ctx, address);
}

export async function sendInvitation(
  ctx: AppContext,
  user: UserRow,
  companyName: string,
): Promise<void> {
  const code = await issueCode(ctx, user, 'invite');
  await ctx.mailer.send(invitationMail(ctx.config.appOrigin, user.email, code, companyName));
}

export async function verifyInvitation(
  ctx: AppContext,
  email: string,
  otpCode: string,
  password: string,
): Promise<UserRow> {
  const address = requireEmail(email, AUTH_MESSAGES.emailRequired);
  if (!otpCode.trim()) throw badRequest(AUTH_MESSAGES.codeRequired);
  if (!password) throw badRequest(AUTH_MESSAGES.passwordRequired);
  if (!isStrongPassword(password)) throw badRequest(AUTH_MESSAGES.invitationPasswordRule);
  const user = await repo.findUserByEmail(ctx.database.db, address);
  await consumeCode(ctx, user && user.is_pending_approval ? user : undefined, 'invite', otpCode);
  await repo.updateUser(ctx.database.db, user!.id, {
    password_hash: await hashPassword(password),
    is_verified: true,
    is_pending_approval: false,
    bumpTokenVersion: true,
  });
  ctx.sessions.forgetUser(user!.id);
  return (await repo.findUserById(ctx.database.db, user!.id))!;
}

export async function resendInvitation(ctx: AppContext, email: string): Promise<void> {
  const address = requireEmail(email, 'Email is required to resend invitation');
  const found = await repo.findUserByEmail(ctx.database.db, address);
  if (!found || !found.is_pending_approval) return;
  if (!(await mayMail(ctx, 'invite', found.email))) return;
  const tenant = await repo.findTenantById(ctx.database.db, found.tenant_id);
  await sendInvitation(ctx, found, tenant?.natural_name ?? 'your team');
}
