import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { latestCode, mailsTo } from './helpers';

/**
 * Asks for a new one-time code with `request` and returns the code of the mail that request sent.
 * Every request must answer 200 and mail exactly one new message to `email` — a server that
 * sends nothing fails here, whatever the codes are. Codes are random 6-digit numbers, so a new
 * one equals `old` once in a million: only then is another one asked for (three tries in all),
 * so a server that mails the same code every time still fails.
 */
export async function resendForNewCode(
  mailDir: string,
  email: string,
  old: string,
  request: () => Promise<LightMyRequestResponse>,
): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const before = mailsTo(mailDir, email).length;
    const res = await request();
    expect(res.statusCode, res.body).toBe(200);
    expect(mailsTo(mailDir, email), 'one new mail per request').toHaveLength(before + 1);
    const code = latestCode(mailDir, email);
    if (code !== old) return code;
  }
  throw new Error(`Three new mails to ${email} all carried the old code ${old}`);
}
