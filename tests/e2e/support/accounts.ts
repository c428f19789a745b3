import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { latestCode } from './mailbox';

export interface Account {
  email: string;
  password: string;
  company: string;
}

export function newAccount(): Account {
  const id = randomBytes(4).toString('hex');
  return {
    email: `owner-${id}@example.com`,
    password: `Str0ng!${id}`,
    company: `Brightside ${id}`,
  };
}

async function post(
  baseUrl: string,
  path: string,
  body: unknown,
): Promise<{ status: number; data: unknown }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let data: unknown = text;
  try {
    data = JSON.parse(text);
  } catch {
    // keep text
  }
  return { status: response.status, data };
}

/** Registers and verifies an account through the API and the dev mailbox (setup for other flows). */
export async function createVerifiedAccount(baseUrl: string, dataDir: string): Promise<Account> {
  const account = newAccount();
  const registered = await post(baseUrl, '/api/auth/register', {
    email: account.email,
    password: account.password,
    confirmPassword: account.password,
    tenantNaturalName: account.company,
  });
  if (registered.status !== 201)
    throw new Error(`register answered ${registered.status}: ${JSON.stringify(registered.data)}`);
  const { code } = await latestCode(dataDir, account.email);
  const verified = await post(baseUrl, '/api/auth/verify-email-otp', {
    email: account.email,
    otpCode: code,
  });
  if (verified.status !== 200)
    throw new Error(`verify answered ${verified.status}: ${JSON.stringify(verified.data)}`);
  return account;
}

/** Signs in through the login screen and waits for the dashboard. */
export async function loginThroughUi(page: Page, account: Account): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { name: 'Keeping SMB Simple' }).waitFor();
}
