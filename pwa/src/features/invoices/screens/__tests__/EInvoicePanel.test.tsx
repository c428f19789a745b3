import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EINVOICE_MESSAGES, READINESS_MESSAGES } from '@smb/shared-types/einvoice';
import { setCurrentDatabase } from '../../../../db/current';
import type { SmbDatabase } from '../../../../db/database';
import { newClientDb } from '../../../../sync/__tests__/helpers';
import { SLOW_WAIT, renderScreen } from '../../../../test/render';
import InvoiceDetailScreen from '../InvoiceDetailScreen';
import { invoiceRow, seed } from './fixtures';

let db: SmbDatabase;
beforeEach(() => {
  db = newClientDb();
  setCurrentDatabase(db);
});
afterEach(() => {
  setCurrentDatabase(null);
  db.close();
});

describe('the invoice screen’s e-invoice card', () => {
  it('says offline, in plain words, what the format still needs, and downloads only issued invoices', async () => {
    await seed(db, [invoiceRow({ id: 'a', invoiceNumber: 'INV-00009' })]);
    renderScreen('/dashboard/invoices/:id', <InvoiceDetailScreen />, '/dashboard/invoices/a');
    expect(await screen.findByText(READINESS_MESSAGES.buyerAddress, {}, SLOW_WAIT)).toBeTruthy();
    expect(screen.getByText(READINESS_MESSAGES.buyerCountry)).toBeTruthy();
    // Each item says where to fix it, once: a message naming Settings → Company gets no hint.
    const items = screen.getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(items).toContain(`${READINESS_MESSAGES.buyerCountry} (Customer)`);
    const company = items.filter((text) => text.includes('Settings → Company'));
    expect(company.length).toBeGreaterThan(0);
    for (const text of company) expect(text).not.toContain('(Settings → Company)');
    expect(screen.getByText(EINVOICE_MESSAGES.noFormat)).toBeTruthy();
    expect(screen.getByText(EINVOICE_MESSAGES.notIssued)).toBeTruthy();
    const download = screen.getByRole('button', { name: 'E-invoice XML' });
    expect((download as HTMLButtonElement).disabled).toBe(true);
  });
});
