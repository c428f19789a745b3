import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Scrolls to the element named by the URL hash (#services, #pricing) after client-side navigation. */
export function useScrollToHash(): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const element = document.getElementById(decodeURIComponent(hash.slice(1)));
    element?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [hash]);
}
