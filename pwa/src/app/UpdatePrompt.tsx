import { useEffect, useState, useSyncExternalStore } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { UpdateBanner } from './UpdateBanner';
import {
  OUTBOX_REASON,
  isUpdateRequired,
  subscribeUpdateRequired,
  whenIdle,
} from '../lib/update-guard';

/**
 * Registers the service worker and offers the reload when a new version is waiting. When the
 * server requires an update (sync answered `clientTooOld`), it looks for the new version and
 * activates it without asking, as soon as no form is being edited — changes waiting in the outbox
 * stay in IndexedDB and are sent by the new version after the reload.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({ immediate: true });
  const [waiting, setWaiting] = useState(false);
  const required = useSyncExternalStore(subscribeUpdateRequired, isUpdateRequired);

  useEffect(() => {
    if (!required) return;
    void navigator.serviceWorker
      ?.getRegistration()
      .then((registration) => registration?.update())
      .catch(() => undefined); // offline again: the next failed sync asks once more
  }, [required]);

  useEffect(() => {
    if (required && needRefresh && !waiting) void reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload reads the latest state itself
  }, [required, needRefresh, waiting]);

  const reload = async () => {
    setWaiting(true);
    await whenIdle(isUpdateRequired() ? [OUTBOX_REASON] : []);
    // The plugin reloads on 'controlling' only when a worker already controlled this page at
    // load; a page first loaded without one (first visit, still open) must reload itself.
    const container = navigator.serviceWorker;
    if (!container) return window.location.reload();
    container.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    await updateServiceWorker(true);
    // The waiting worker does not always take over (seen in Chromium after an offline spell):
    // ask it again each second; if it still waits after 5 s, drop the old registration and
    // reload — we are online (the outbox just drained), so the new version loads from the
    // server and registers itself afresh. Once nothing waits, reload.
    const registration = await container.getRegistration();
    let attempts = 0;
    const retry = window.setInterval(() => {
      const next = registration?.waiting;
      attempts += 1;
      if (next && attempts <= 5) return next.postMessage({ type: 'SKIP_WAITING' });
      window.clearInterval(retry);
      void (next ? registration!.unregister() : Promise.resolve(true)).finally(() =>
        window.location.reload(),
      );
    }, 1_000);
  };

  return (
    <UpdateBanner
      visible={needRefresh}
      waiting={waiting}
      onReload={() => void reload()}
      onDismiss={() => setNeedRefresh(false)}
    />
  );
}
