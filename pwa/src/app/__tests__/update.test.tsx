import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../theme';
import { UpdateBanner } from '../UpdateBanner';
import {
  OUTBOX_REASON,
  busyReasons,
  isBusy,
  isUpdateRequired,
  requireUpdate,
  setBusy,
  subscribeBusy,
  whenIdle,
} from '../../lib/update-guard';
import { isNavActive } from '../layouts/nav';

describe('update guard', () => {
  it('is busy while any reason is set and notifies on transitions only', async () => {
    const listener = vi.fn();
    const unsubscribe = subscribeBusy(listener);
    setBusy('form:quote', true);
    setBusy('sync:push', true);
    expect(isBusy()).toBe(true);
    expect(busyReasons()).toEqual(['form:quote', 'sync:push']);
    let idle = false;
    const waiting = whenIdle().then(() => (idle = true));
    setBusy('form:quote', false);
    await Promise.resolve();
    expect(idle).toBe(false);
    setBusy('sync:push', false);
    await waiting;
    expect(idle).toBe(true);
    expect(listener.mock.calls).toEqual([[true], [false]]);
    unsubscribe();
  });

  it('an update the server requires waits for forms but not for the outbox', async () => {
    setBusy(OUTBOX_REASON, true);
    setBusy('form:quote', true);
    let idle = false;
    const waiting = whenIdle([OUTBOX_REASON]).then(() => (idle = true));
    await Promise.resolve();
    expect(idle).toBe(false);
    setBusy('form:quote', false);
    await waiting;
    expect(idle).toBe(true);
    // The ordinary update still waits for the outbox.
    expect(isBusy()).toBe(true);
    setBusy(OUTBOX_REASON, false);

    expect(isUpdateRequired()).toBe(false);
    requireUpdate();
    expect(isUpdateRequired()).toBe(true);
  });
});

describe('UpdateBanner', () => {
  it('offers Reload and says it waits for unsaved work', () => {
    const onReload = vi.fn();
    const { rerender } = render(
      <MantineProvider theme={theme}>
        <UpdateBanner visible waiting={false} onReload={onReload} onDismiss={() => {}} />
      </MantineProvider>,
    );
    expect(screen.getByText('A new version is available')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalled();
    rerender(
      <MantineProvider theme={theme}>
        <UpdateBanner visible waiting onReload={onReload} onDismiss={() => {}} />
      </MantineProvider>,
    );
    expect(screen.getByText(/Finishing your unsaved work first/)).toBeInTheDocument();
  });
});

describe('isNavActive', () => {
  it('matches the path and nested paths; the dashboard link only exactly', () => {
    expect(isNavActive('/dashboard/quotes', { to: '/dashboard/quotes' })).toBe(true);
    expect(isNavActive('/dashboard/quotes/7/', { to: '/dashboard/quotes' })).toBe(true);
    expect(isNavActive('/dashboard/quotesx', { to: '/dashboard/quotes' })).toBe(false);
    expect(isNavActive('/dashboard/quotes', { to: '/dashboard', exact: true })).toBe(false);
    expect(isNavActive('/dashboard', { to: '/dashboard', exact: true })).toBe(true);
  });
});
