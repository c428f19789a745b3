import { afterAll, beforeAll, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { STRONG_PASSWORD, createTestApp, uniqueEmail, type TestApp } from './helpers';

interface Received {
  to: string[];
  raw: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Billing <billing@example.com>' },
  });
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

it('delivers the verification code over SMTP, and the code verifies the account', async () => {
  const email = uniqueEmail('smtp');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      email,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      tenantNaturalName: 'Mail Co',
    },
  });
  expect(res.statusCode).toBe(201);
  const message = received.find((m) => m.to.includes(email));
  expect(message).toBeDefined();
  expect(message!.raw).toMatch(/^From: Billing <billing@example.com>/m);
  expect(message!.raw).toMatch(/Content-Type: text\/html/);
  const code = message!.raw.match(/Your code: (\d{6})/)?.[1];
  expect(code).toMatch(/^\d{6}$/);

  const verify = await t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email-otp',
    payload: { email, otpCode: code },
  });
  expect(verify.statusCode).toBe(200);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: STRONG_PASSWORD },
  });
  expect(login.statusCode).toBe(200);
});
