import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession, USER_CLAIMS } from '../../../../test/helpers';
import { SLOW_WAIT, renderScreen } from '../../../../test/render';
import { BILLING_SAVED, BillingSettingsCard } from '../BillingSettingsCard';

const SETTINGS = {
  defaultPaymentTerms: 'net_30',
  remindersEnabled: true,
  reminderFirstDays: 3,
  reminderEveryDays: 7,
  reminderMax: 3,
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  const { sub: _sub, ...claims } = USER_CLAIMS;
  storeSession({ ...claims, IsTenantAdmin: 'true' });
  fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
    init?.method === 'PUT'
      ? json({ ...SETTINGS, ...(JSON.parse(String(init.body)) as object) })
      : json(SETTINGS),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('BillingSettingsCard', () => {
  it('shows the policy and saves a change for the administrator', async () => {
    renderScreen('/settings', <BillingSettingsCard />);
    const every = await screen.findByRole('textbox', { name: 'Then every (days)' }, SLOW_WAIT);
    expect(every).toHaveValue('7');
    expect(screen.getByRole('switch', { name: /payment reminders/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.change(every, { target: { value: '14' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(BILLING_SAVED, {}, SLOW_WAIT)).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/billing/settings');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ ...SETTINGS, reminderEveryDays: 14 });
  });

  it('says so when the settings cannot be loaded', async () => {
    fetchMock.mockImplementation(async () =>
      json(
        { statusCode: 500, error: 'Internal Server Error', message: 'Database unavailable' },
        500,
      ),
    );
    renderScreen('/settings', <BillingSettingsCard />);
    await waitFor(
      () => expect(screen.getByText('Database unavailable')).toBeInTheDocument(),
      SLOW_WAIT,
    );
  });
});
