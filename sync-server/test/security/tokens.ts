import { createHmac } from 'node:crypto';

const b64 = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

export function decode(token: string): {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
} {
  const [h, p] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(h!, 'base64url').toString()),
    payload: JSON.parse(Buffer.from(p!, 'base64url').toString()),
  };
}

/** A JWT signed by hand, so tests can make the tokens an attacker would try. */
export function forge(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  secret: string | null,
  hash: 'sha256' | 'sha384' | 'sha512' = 'sha256',
): string {
  const unsigned = `${b64(header)}.${b64(payload)}`;
  if (secret === null) return `${unsigned}.`;
  return `${unsigned}.${createHmac(hash, secret).update(unsigned).digest('base64url')}`;
}
