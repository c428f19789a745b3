import { useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { UpdateBanner } from './UpdateBanner';
import { whenIdle } from './update-guard';

/** Registers the service worker and offers the reload when a new version is waiting. */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({ immediate: true });
  const [waiting, setWaiting] = useState(false);

  const reload = async () => {
    setWaiting(true);
    await whenIdle();
    // The plugin reloads on 'controlling' only when a worker already controlled this page at
    // load; a page first loaded without one (first visit, still open) must reload itself.
    navigator.serviceWorker?.addEventListener('controllerchange', () => window.location.reload(), {
      once: true,
    });
    await updateServiceWorker(true);
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
