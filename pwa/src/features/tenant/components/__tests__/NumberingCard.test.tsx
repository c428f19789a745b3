import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NUMBERING_MESSAGES, type NumberingSettings } from '@smb/shared-types/numbering';
import { mockFetch, sentBody, storeSession, USER_CLAIMS } from '../../../../test/helpers';
import { SLOW_WAIT, renderScreen } from '../../../../test/render';
import { NumberingCard } from '../NumberingCard';

const counts = { '': 41, '2026': 6, '2026-11': 2 };
const SETTINGS: NumberingSettings = {
  today: '2026-11-26',
  kinds: [
    { kind: 'quote', label: 'Quotes', defaultPrefix: 'Q', pattern: null, counts, next: 'Q-0042' },
    { kind: 'order', label: 'Orders', defaultPrefix: 'SO', pattern: null, counts, next: 'SO-0042' },
    {
      kind: 'invoice',
      label: 'Invoices',
      defaultPrefix: 'INV',
      pattern: 'INV-{YYYY}-{0000}',
      counts,
      next: 'INV-2026-0007',
    },
  ],
};

beforeEach(() => {
  storeSession({ ...USER_CLAIMS, IsTenantAdmin: 'true' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const renderCard = () => renderScreen('/dashboard/settings/tenant', <NumberingCard />);

describe('NumberingCard', () => {
  it('previews the next number as a pattern is typed, shows field messages, saves only changes', async () => {
    const fetch = mockFetch((url, init) => {
      if (url !== '/api/numbering') return { status: 404 };
      if ((init?.method ?? 'GET') === 'GET') return { body: SETTINGS };
      const body = JSON.parse(String(init!.body)) as { quote?: string | null };
      return {
        body: {
          ...SETTINGS,
          kinds: SETTINGS.kinds.map((k) =>
            k.kind === 'quote' ? { ...k, pattern: body.quote ?? null, next: 'Q-2026-0007' } : k,
          ),
        },
      };
    });
    renderCard();
    const quotes = await screen.findByRole('textbox', { name: 'Quotes' }, SLOW_WAIT);
    expect(screen.getByText('Next: Q-0042')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Invoices' })).toHaveValue('INV-{YYYY}-{0000}');
    expect(screen.getByText('Next: INV-2026-0007')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    fireEvent.change(quotes, { target: { value: 'Q-{MM}-{000}' } });
    expect(screen.getByText(NUMBERING_MESSAGES.monthNeedsYear)).toBeInTheDocument();
    fireEvent.change(quotes, { target: { value: 'Q-{YYYY}' } });
    expect(screen.getByText(NUMBERING_MESSAGES.sequence)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(fetch).toHaveBeenCalledTimes(1); // an invalid pattern is not sent

    fireEvent.change(quotes, { target: { value: 'Q/{YY}{MM}/{00}' } });
    expect(screen.getByText('Next: Q/2611/03')).toBeInTheDocument();
    fireEvent.change(quotes, { target: { value: 'Q-{YYYY}-{0000}' } });
    expect(screen.getByText('Next: Q-2026-0007')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(NUMBERING_MESSAGES.saved, {}, SLOW_WAIT)).toBeInTheDocument();
    expect(fetch.mock.calls[1]?.[1]?.method).toBe('PUT');
    expect(sentBody(fetch, 1)).toEqual({ quote: 'Q-{YYYY}-{0000}' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
  });

  it('shows the server’s message when it refuses a pattern', async () => {
    mockFetch((_url, init) =>
      (init?.method ?? 'GET') === 'GET'
        ? { body: SETTINGS }
        : { status: 400, body: { error: 'Bad Request', message: 'Invoices: refused here' } },
    );
    renderCard();
    const invoices = await screen.findByRole('textbox', { name: 'Invoices' }, SLOW_WAIT);
    fireEvent.change(invoices, { target: { value: '' } });
    expect(screen.getByText('Next: INV-0042')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invoices: refused here', {}, SLOW_WAIT)).toBeInTheDocument();
  });
});
