import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RootLayout } from '../../app/routes/RootLayout';
import { renderApp } from '../../test/render';
import { storeSession } from '../../test/helpers';

const START = Date.UTC(2026, 2, 2, 9, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const routes = [
  {
    element: <RootLayout />,
    children: [
      { path: '/dashboard', element: <p>dashboard</p> },
      { path: '/dashboard/customers', element: <p>customers</p> },
      { path: '/login', element: <p>login page</p> },
    ],
  },
];

const lastActivity = () => Number(localStorage.getItem('lastActivity'));

describe('session upkeep', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      now: START,
      toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('activity events refresh the last activity time', () => {
    storeSession(undefined, START);
    renderApp(routes, '/dashboard');
    for (const [i, fire] of [
      () => fireEvent.mouseMove(window),
      () => fireEvent.keyDown(window),
      () => fireEvent.scroll(window),
      () => fireEvent.touchStart(window),
      () => fireEvent.click(document.body),
    ].entries()) {
      vi.setSystemTime(START + (i + 1) * 10_000);
      fire();
      expect(lastActivity()).toBe(START + (i + 1) * 10_000);
    }
  });

  it('refreshes the last activity time on route change and every 60 seconds', async () => {
    storeSession(undefined, START);
    const { router } = renderApp(routes, '/dashboard');
    vi.setSystemTime(START + 5_000);
    await act(() => router.navigate('/dashboard/customers'));
    expect(screen.getByText('customers')).toBeInTheDocument();
    expect(lastActivity()).toBe(START + 5_000);
    act(() => vi.advanceTimersByTime(MINUTE));
    expect(lastActivity()).toBe(START + 5_000 + MINUTE);
  });

  it('logs out to /login after more than two hours without activity', () => {
    storeSession(undefined, START);
    renderApp(routes, '/dashboard');
    // The tab was suspended: nothing refreshed the activity time for over two hours.
    localStorage.setItem('lastActivity', String(START - 2 * HOUR - 1));
    localStorage.setItem('unsynced-marker', 'outbox stays');
    act(() => vi.advanceTimersByTime(MINUTE));
    expect(screen.getByText('login page')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('unsynced-marker')).toBe('outbox stays');
  });

  it('logs out when the token expiry time passes, at the next 60 s check', () => {
    storeSession(undefined, START);
    localStorage.setItem('tokenExpiry', String(START + 90_000));
    renderApp(routes, '/dashboard');
    act(() => vi.advanceTimersByTime(MINUTE));
    expect(screen.getByText('dashboard')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(MINUTE));
    expect(screen.getByText('login page')).toBeInTheDocument();
  });

  it('offline, an expired session is kept; back online it logs out to /login, saying changes are kept', () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    storeSession(undefined, START);
    const { router } = renderApp(routes, '/dashboard');
    // A week at a trade fair without network: the token expired long ago.
    vi.setSystemTime(START + 7 * 24 * HOUR);
    act(() => vi.advanceTimersByTime(10 * MINUTE));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(screen.getByText('dashboard')).toBeInTheDocument();
    expect(localStorage.getItem('token')).not.toBeNull();
    // Nothing pretends the user was active in a session that has expired.
    expect(lastActivity()).toBe(START);

    online.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByText('login page')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(router.state.location.state).toMatchObject({ sessionExpired: true });
    online.mockRestore();
  });

  it('online, the same expiry logs out at the next 60 s check', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    storeSession(undefined, START);
    const { router } = renderApp(routes, '/dashboard');
    vi.setSystemTime(START + 2 * HOUR);
    act(() => vi.advanceTimersByTime(MINUTE));
    expect(screen.getByText('login page')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(router.state.location.state).toMatchObject({ sessionExpired: true });
    vi.restoreAllMocks();
  });

  it('keeps an expired session on an offline start-up, and ends it once back online', () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const token = storeSession(undefined, START - 3 * HOUR);
    renderApp(routes, '/dashboard');
    expect(screen.getByText('dashboard')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe(token);
    online.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByText('login page')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    online.mockRestore();
  });

  it('does not restore an already expired session on start-up', () => {
    storeSession(undefined, START - 3 * HOUR);
    renderApp(routes, '/login');
    expect(localStorage.getItem('token')).toBeNull();
  });
});
