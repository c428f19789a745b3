import { createHmac } from 'node:crypto';
import { AUTH_MESSAGES, LOGIN_LOCK, MAIL_LIMIT } from '@smb/shared-types';
import { clock } from '../../clock';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import * as repo from './auth.repository';

/**
 * Limits per e-mail address, on top of the per-IP rate limits: failed logins lock an address for
 * a while, and each kind of account mail is sent a few times per hour at most. Addresses with no
 * account count exactly like real ones, so no answer tells them apart. Counted in the database
 * (`app.address_limits`), so every server behind a load balancer counts together.
 */

export type MailKind = 'reset' | 'verify' | 'invite' | 'register';

/** An HMAC of the lower-cased address: the table holds no address, only a keyed fingerprint. */
function addressKey(ctx: AppContext, address: string): string {
  return createHmac('sha256', ctx.config.jwtSecret)
    .update(`address:${address.trim().toLowerCase()}`)
    .digest('base64url');
}

const LOGIN = 'login';

/** 429 while the address is locked (the same for an address with no account). */
export async function refuseLockedLogin(ctx: AppContext, address: string): Promise<void> {
  const until = await repo.findAddressLock(ctx.database.db, LOGIN, addressKey(ctx, address));
  if (until && until.getTime() > clock.now().getTime())
    throw new AppError('rate_limited', AUTH_MESSAGES.accountLocked);
}

/**
 * Counts a failed login; the `maxFailures`-th within the window locks the address for `lockMs`.
 * Answers true when this failure locked it (the caller mails a real account's owner once).
 */
export async function countFailedLogin(ctx: AppContext, address: string): Promise<boolean> {
  const key = addressKey(ctx, address);
  const now = clock.now();
  const { count } = await repo.countAddressEvent(
    ctx.database.db,
    LOGIN,
    key,
    now,
    LOGIN_LOCK.windowMs,
  );
  if (count < LOGIN_LOCK.maxFailures) return false;
  await repo.lockAddress(ctx.database.db, LOGIN, key, new Date(now.getTime() + LOGIN_LOCK.lockMs));
  // Two failures counted together both see ≥ max; only the one that reached it exactly mails.
  return count === LOGIN_LOCK.maxFailures;
}

/** A successful login or password reset starts the address's count again (and lifts a lock). */
export async function clearFailedLogins(ctx: AppContext, address: string): Promise<void> {
  await repo.clearAddress(ctx.database.db, LOGIN, addressKey(ctx, address));
}

/** Counts a mail of `kind` to the address; answers whether it may be sent (within the limit). */
export async function mayMail(ctx: AppContext, kind: MailKind, address: string): Promise<boolean> {
  const { count } = await repo.countAddressEvent(
    ctx.database.db,
    `mail:${kind}`,
    addressKey(ctx, address),
    clock.now(),
    MAIL_LIMIT.windowMs,
  );
  return count <= MAIL_LIMIT.perAddress;
}
