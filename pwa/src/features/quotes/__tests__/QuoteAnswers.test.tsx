/** Issue 19.5–19.7 on the owner's quote screen: validity, views, signer, decline reason. */
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  quoteRow,
  seedMasterData,
  storeLocalSession,
} from '../../../components/documents/__tests__/fixtures';
import { setCurrentDatabase } from '../../../db/current';
import type { SmbDatabase } from '../../../db/database';
import { newClientDb } from '../../../sync/__tests__/helpers';
import { renderScreen } from '../../../test/render';
import QuoteFormScreen from '../screens/QuoteFormScreen';

let db: SmbDatabase;
beforeEach(async () => {
  db = newClientDb();
  await seedMasterData(db);
  setCurrentDatabase(db);
  storeLocalSession();
});
afterEach(() => {
  setCurrentDatabase(null);
  db.close();
});

const renderForm = (path: string) =>
  renderScreen('/dashboard/quotes/:id', <QuoteFormScreen />, path);
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe("Quote screen: validity and the customer's answer", () => {
  it('shows the viewed line and the signer of an accepted quote', async () => {
    const lastViewedAt = new Date(2026, 10, 24, 14, 2).toISOString();
    await db.quotes.put({
      ...quoteRow({ id: 'q1', quoteNumber: 'Q-0012', status: 'Accepted', accessToken: 't' }),
      viewedAt: new Date(2026, 10, 20, 9, 0).toISOString(),
      lastViewedAt,
      viewCount: 3,
      acceptedByName: 'Jane Roe',
      acceptedAt: lastViewedAt,
    });
    renderForm('/dashboard/quotes/q1');
    expect(await screen.findByTestId('quote-viewed')).toHaveTextContent(
      'Viewed 3× · last 24 Nov 14:02',
    );
    expect(screen.getByTestId('quote-accepted-by')).toHaveTextContent('Accepted by Jane Roe');
  });

  it('shows a decline reason as text: an XSS attempt stays inert', async () => {
    const reason = '<script>window.pwned=1</script><img src=x onerror="window.pwned=2"> too dear';
    await db.quotes.put({
      ...quoteRow({ id: 'q1', quoteNumber: 'Q-0013', status: 'Rejected', accessToken: 't' }),
      rejectionReason: reason,
      rejectedAt: new Date().toISOString(),
    });
    renderForm('/dashboard/quotes/q1');
    const box = await screen.findByTestId('quote-rejection');
    expect(within(box).getByText(reason)).toBeInTheDocument();
    expect(box.querySelector('script, img')).toBeNull();
    expect((window as { pwned?: number }).pwned).toBeUndefined();
  });

  it('marks a Sent quote past its day Expired and asks for a new date before re-sending', async () => {
    const user = userEvent.setup();
    await db.quotes.put({
      ...quoteRow({ id: 'q1', quoteNumber: 'Q-0014', status: 'Sent', accessToken: 't' }),
      validUntil: day(-2),
    });
    renderForm('/dashboard/quotes/q1');
    await screen.findByRole('heading', { name: 'Edit Quote Q-0014' });
    await waitFor(() =>
      expect(document.querySelector('[data-status="Expired"]')).toHaveTextContent('Expired'),
    );
    await user.click(screen.getByRole('button', { name: 'Send Quote' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Choose a new valid-until date to send it again.');
    const send = within(dialog).getByRole('button', { name: 'Send Quote' });
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/New valid-until date/), day(10));
    expect(send).toBeEnabled();
    await user.click(send);
    const pending = await db.outbox.toArray();
    expect(pending.at(-1)).toMatchObject({
      name: 'quote.send',
      args: { id: 'q1', validUntil: day(10) },
    });
  });
});
