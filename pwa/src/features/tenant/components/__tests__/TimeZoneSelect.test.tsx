import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMPANY_MESSAGES, EMPTY_COMPANY_DETAILS } from '@smb/shared-types/company';
import { DEFAULT_BILLING_SETTINGS } from '@smb/shared-types/payments';
import { setCurrentDatabase } from '../../../../db/current';
import type { SmbDatabase } from '../../../../db/database';
import { getMeta, setMeta } from '../../../../db/meta';
import { newClientDb } from '../../../../sync/__tests__/helpers';
import { storeSession, USER_CLAIMS } from '../../../../test/helpers';
import { SLOW_WAIT, renderScreen } from '../../../../test/render';
import TenantSettingsScreen from '../../screens/TenantSettingsScreen';
import { TIME_ZONE_DESCRIPTION } from '../TimeZoneSelect';

const TENANT = {
  id: '6f1c2a9e-1111-4222-8333-444455556666',
  naturalName: 'Acme Plumbing Ltd',
  schemaName: 'acme_x1y2',
  createdAt: '2026-02-03T09:00:00.000Z',
  billing: DEFAULT_BILLING_SETTINGS,
  company: { ...EMPTY_COMPANY_DETAILS, country: 'DE' },
};

let db: SmbDatabase;
beforeEach(() => {
  db = newClientDb();
  setCurrentDatabase(db);
  const { sub: _sub, ...claims } = USER_CLAIMS;
  storeSession({ ...claims, IsTenantAdmin: 'true' });
  // Offline: the change is saved on the device and queued for sync.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('offline');
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  setCurrentDatabase(null);
  db.close();
});

describe('Company time zone', () => {
  it('shows the country’s zone by default, and saves a searched zone offline, queued for sync', async () => {
    await setMeta(db, 'tenant', TENANT);
    renderScreen('/dashboard/settings/tenant', <TenantSettingsScreen />);
    const select = await screen.findByRole('combobox', { name: 'Time zone' }, SLOW_WAIT);
    expect(select).toHaveValue('From country (Europe/Berlin)');
    expect(screen.getByText(TIME_ZONE_DESCRIPTION)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(select);
    await user.clear(select);
    await user.type(select, 'new_york');
    fireEvent.click(await screen.findByRole('option', { name: 'America/New_York', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Company Details' }));
    expect(await screen.findByText(COMPANY_MESSAGES.saved, {}, SLOW_WAIT)).toBeInTheDocument();

    const queued = await db.outbox.toArray();
    expect(queued.map((m) => [m.name, m.args])).toEqual([
      ['tenant.updateCompany', { timeZone: 'America/New_York' }],
    ]);
    await waitFor(async () =>
      expect((await getMeta(db, 'tenant'))?.company?.timeZone).toBe('America/New_York'),
    );
    await waitFor(() => expect(select).toHaveValue('America/New_York'));
  });
});
