import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCurrentDatabase } from '../../../../db/current';
import type { SmbDatabase } from '../../../../db/database';
import { getMeta, setMeta } from '../../../../db/meta';
import { newClientDb } from '../../../../sync/__tests__/helpers';
import { storeSession, USER_CLAIMS } from '../../../../test/helpers';
import { renderScreen } from '../../../../test/render';
import TenantSettingsScreen from '../TenantSettingsScreen';

const TENANT = {
  id: '6f1c2a9e-1111-4222-8333-444455556666',
  naturalName: 'Acme Plumbing Ltd',
  schemaName: 'acme_x1y2',
  createdAt: '2026-02-03T09:00:00.000Z',
};

let db: SmbDatabase;
beforeEach(() => {
  db = newClientDb();
  setCurrentDatabase(db);
  // No `sub` claim: the AuthProvider then opens no database of its own, so the test's one stays current.
  const { sub: _sub, ...claims } = USER_CLAIMS;
  storeSession({ ...claims, IsTenantAdmin: 'true', tenantId: 'tenant-from-token' });
});
afterEach(() => {
  vi.restoreAllMocks();
  setCurrentDatabase(null);
  db.close();
});

const renderGeneral = () => renderScreen('/dashboard/settings/tenant', <TenantSettingsScreen />);
const nameInput = () => screen.getByRole('textbox', { name: /Company Name/ });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

describe('TenantSettingsScreen', () => {
  it('shows the company name and the read-only Company ID, Schema Name and Created Date', async () => {
    await setMeta(db, 'tenant', TENANT);
    renderGeneral();
    await waitFor(() => expect(nameInput()).toHaveValue('Acme Plumbing Ltd'));
    expect(screen.getByLabelText('Company ID')).toHaveTextContent(TENANT.id);
    expect(screen.getByLabelText('Schema Name')).toHaveTextContent('acme_x1y2');
    expect(screen.getByLabelText('Created Date')).toHaveTextContent(
      new Date(TENANT.createdAt).toLocaleDateString(undefined, {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
      }),
    );
  });

  it('before the first sync falls back to the token claims', async () => {
    renderGeneral();
    await waitFor(() => expect(nameInput()).toHaveValue(''));
    expect(screen.getByLabelText('Company ID')).toHaveTextContent('tenant-from-token');
    expect(screen.getByLabelText('Schema Name')).toHaveTextContent('acme_x1y2');
    expect(screen.getByLabelText('Created Date')).toHaveTextContent('—');
  });

  it("requires a name: 'Company name is required', nothing queued", async () => {
    await setMeta(db, 'tenant', TENANT);
    renderGeneral();
    await waitFor(() => expect(nameInput()).toHaveValue('Acme Plumbing Ltd'));
    fireEvent.change(nameInput(), { target: { value: '   ' } });
    save();
    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    expect(await db.outbox.count()).toBe(0);
  });

  it('saves the trimmed name on this device, queues it and confirms', async () => {
    await setMeta(db, 'tenant', TENANT);
    renderGeneral();
    await waitFor(() => expect(nameInput()).toHaveValue('Acme Plumbing Ltd'));
    fireEvent.change(nameInput(), { target: { value: '  Acme Pipes & Co  ' } });
    save();
    expect(
      await screen.findByText('Company information updated successfully!'),
    ).toBeInTheDocument();
    expect((await getMeta(db, 'tenant'))?.naturalName).toBe('Acme Pipes & Co');
    expect(await db.outbox.toArray()).toMatchObject([
      { name: 'tenant.update', args: { naturalName: 'Acme Pipes & Co' } },
    ]);
    await waitFor(() => expect(nameInput()).toHaveValue('Acme Pipes & Co'));
  });

  it("shows 'Failed to update company information' when the save fails", async () => {
    await setMeta(db, 'tenant', TENANT);
    renderGeneral();
    await waitFor(() => expect(nameInput()).toHaveValue('Acme Plumbing Ltd'));
    vi.spyOn(db, 'transaction').mockRejectedValueOnce(new Error('disk failure'));
    fireEvent.change(nameInput(), { target: { value: 'New Name' } });
    save();
    expect(await screen.findByText('Failed to update company information')).toBeInTheDocument();
    expect((await getMeta(db, 'tenant'))?.naturalName).toBe('Acme Plumbing Ltd');
    expect(nameInput()).toHaveValue('New Name');
  });

  it('shows a rename the server refused, with its reason', async () => {
    await setMeta(db, 'tenant', TENANT);
    await db.rejections.put({
      mutationId: 3,
      name: 'tenant.update',
      args: { naturalName: 'X' },
      statusCode: 403,
      message: 'Only tenant administrators can rename the company',
      createdAt: '',
    });
    renderGeneral();
    expect(
      await screen.findByText('Only tenant administrators can rename the company'),
    ).toBeInTheDocument();
    expect(screen.getByText('Failed to update company information')).toBeInTheDocument();
  });
});
