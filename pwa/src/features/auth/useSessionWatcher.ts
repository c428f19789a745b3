import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { SESSION_CHECK_INTERVAL_MS } from '@smb/shared-types/auth';
import { useLatest } from '../../lib/useLatest';
import { useAuth } from '../../lib/auth-context';
import { isExpired, readSession, shouldEndSession, touchActivity } from '../../lib/session';

const ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'keydown',
  'scroll',
  'touchstart',
  'click',
] as const;
/** Activity bursts (mouse moves) write localStorage at most this often. */
const ACTIVITY_WRITE_THROTTLE_MS = 1000;

/**
 * Session upkeep while signed in: activity events and route changes refresh the last
 * activity time; every 60 s the session is checked (expired → `onExpired`) and, if still valid,
 * the last activity time is refreshed. Offline, an expired session is kept until the browser is
 * back online (`shouldEndSession`); the check runs again on the `online` event.
 */
export function useSessionWatcher(onExpired: () => void): void {
  const { isAuthenticated } = useAuth();
  const { pathname } = useLocation();
  const onExpiredRef = useLatest(onExpired);

  useEffect(() => {
    if (isAuthenticated) touchActivity();
  }, [pathname, isAuthenticated]);

  useEffect(() => {
    if (!isAuthenticated) return;
    let lastWrite = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - lastWrite < ACTIVITY_WRITE_THROTTLE_MS) return;
      lastWrite = now;
      touchActivity(now);
    };
    const check = () => {
      const session = readSession();
      if (shouldEndSession(session)) {
        onExpiredRef.current();
        return false;
      }
      return !isExpired(session);
    };
    const tick = () => {
      if (check()) touchActivity();
    };
    const onOnline = () => {
      check();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    for (const name of ACTIVITY_EVENTS)
      window.addEventListener(name, onActivity, { passive: true, capture: true });
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onOnline);
    const timer = window.setInterval(tick, SESSION_CHECK_INTERVAL_MS);
    return () => {
      for (const name of ACTIVITY_EVENTS)
        window.removeEventListener(name, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onOnline);
      window.clearInterval(timer);
    };
  }, [isAuthenticated, onExpiredRef]);
}
