import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '@smb/shared-types';
import { createTestApp, mailsTo, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SALES_INBOX: 'sales@example.com' } });
});
afterAll(async () => {
  await t?.close();
});

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Pricing',
  message: 'Tell me more.',
  company: 'Engines Ltd',
};
const send = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/public/contact', payload });

describe('POST /api/public/contact', () => {
  it('stores the message, mails the sales inbox and answers with the spec text', async () => {
    const res = await send(valid);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: CONTACT_MESSAGES.success });
    const { rows } = await t.ctx.database.pool.query(
      'SELECT name, company FROM app.contact_messages',
    );
    expect(rows).toContainEqual({ name: 'Ada Lovelace', company: 'Engines Ltd' });
    expect(mailsTo(t.mailDir, 'sales@example.com').at(-1)).toContain('Tell me more.');
  });

  it('accepts a missing company', async () => {
    const { company: _company, ...rest } = valid;
    expect((await send(rest)).statusCode).toBe(201);
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ email: ' ' }, 'Email is required'],
    [{ subject: '' }, 'Subject is required'],
    [{ message: '' }, 'Message is required'],
    [{ email: 'not-an-address' }, 'Invalid email address'],
    [{ name: 'Eve <script>' }, "Name cannot contain '<' or '>' characters"],
    [{ company: 'Evil > Corp' }, "Company cannot contain '<' or '>' characters"],
    [{ message: '<b>hi</b>' }, "Message cannot contain '<' or '>' characters"],
  ])('rejects %o with "%s"', async (override, message) => {
    const res = await send({ ...valid, ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});
