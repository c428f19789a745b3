import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BILLING_SETTINGS } from '@smb/shared-types/payments';
import { setCurrentDatabase } from '../../../../db/current';
import type { SmbDatabase } from '../../../../db/database';
import { getMeta, setMeta } from '../../../../db/meta';
import { newClientDb } from '../../../../sync/__tests__/helpers';
import { storeSession, USER_CLAIMS } from '../../../../test/helpers';
import { SLOW_WAIT, renderScreen } from '../../../../test/render';
import TenantSettingsScreen from '../../screens/TenantSettingsScreen';
import { BILLING_SAVED } from '../BillingSettingsCard';

const TENANT = {
  id: '6f1c2a9e-1111-4222-8333-444455556666',
  naturalName: 'Acme Plumbing Ltd',
  schemaName: 'acme_x1y2',
  createdAt: '2026-02-03T09:00:00.000Z',
};

let db: SmbDatabase;
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  db = newClientDb();
  setCurrentDatabase(db);
  const { sub: _sub, ...claims } = USER_CLAIMS;
  storeSession({ ...claims, IsTenantAdmin: 'true' });
  // Offline: nothing may be fetched (the settings come from the store, the change is queued).
  fetchMock = vi.fn(async () => {
    throw new TypeError('offline');
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setCurrentDatabase(null);
  db.close();
});

const renderGeneral = () => renderScreen('/dashboard/settings/tenant', <TenantSettingsScreen />);

describe('BillingSettingsCard', () => {
  it('shows the synced policy and saves only the changed field offline, queued for sync', async () => {
    await setMeta(db, 'tenant', { ...TENANT, billing: DEFAULT_BILLING_SETTINGS });
    renderGeneral();
    const every = await screen.findByRole('textbox', { name: 'Then every (days)' }, SLOW_WAIT);
    expect(every).toHaveValue('7');
    expect(screen.getByRole('switch', { name: /payment reminders/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.change(every, { target: { value: '14' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(BILLING_SAVED, {}, SLOW_WAIT)).toBeInTheDocument();

    const queued = await db.outbox.toArray();
    expect(queued.map((m) => [m.name, m.args])).toEqual([
      ['tenant.updateBilling', { reminderEveryDays: 14 }],
    ]);
    expect((await getMeta(db, 'tenant'))?.billing).toEqual({
      ...DEFAULT_BILLING_SETTINGS,
      reminderEveryDays: 14,
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(fetchMock).not.toHaveBeenCalledWith(
      expect.stringContaining('/api/billing'),
      expect.anything(),
    );
  });

  it('waits for the first sync that brings the settings', async () => {
    await setMeta(db, 'tenant', TENANT);
    renderGeneral();
    expect(
      await screen.findByRole('status', { name: 'Loading payment settings' }, SLOW_WAIT),
    ).toBeInTheDocument();
  });
});
