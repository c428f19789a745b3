import { useCallback, useEffect, useState } from 'react';
import { useNetwork } from '@mantine/hooks';
import { useAuth } from './auth-context';
import { useLatest } from './useLatest';

/**
 * Reads what only the server holds (the users, the numbering) while this device is online and
 * signed in: again when it comes back online or `retry` is called, the request abandoned when the
 * screen closes. `loadFailed` says the last read failed (an abandoned one does not count).
 */
export function useOnlineLoad<T>(load: (token: string, signal: AbortSignal) => Promise<T>) {
  const { token } = useAuth();
  const network = useNetwork();
  // useNetwork starts optimistic; navigator.onLine stops a doomed first request.
  const online = network.online && navigator.onLine !== false;
  const [data, setData] = useState<T | undefined>(undefined);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const latestLoad = useLatest(load);

  useEffect(() => {
    if (!online || !token) return;
    const controller = new AbortController();
    latestLoad
      .current(token, controller.signal)
      .then((loaded) => {
        setData(loaded);
        setLoadFailed(false);
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoadFailed(true);
      });
    return () => controller.abort();
  }, [online, token, attempt, latestLoad]);

  const retry = useCallback(() => {
    setLoadFailed(false);
    setAttempt((n) => n + 1);
  }, []);

  return { online, token, data, setData, loadFailed, retry };
}
