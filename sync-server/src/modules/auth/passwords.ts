import { hash, verify } from '@node-rs/argon2';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** OWASP's argon2id parameters: 19 MiB memory, 2 iterations, 1 lane. */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    await dummyVerify(password);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the time of a real check, so a response does not tell whether the account exists. */
export async function dummyVerify(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verify(await dummyHash, password).catch(() => false);
}

/** A 6-digit one-time code. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Codes are short-lived and attempt-limited, so a keyed HMAC is enough to keep them unreadable at rest. */
export function hashCode(secret: string, userId: string, purpose: string, code: string): string {
  return createHmac('sha256', secret)
    .update(`${userId}:${purpose}:${code.trim()}`)
    .digest('base64url');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
