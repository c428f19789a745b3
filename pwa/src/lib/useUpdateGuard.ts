import { useEffect } from 'react';
import { setBusy } from './update-guard';

/** Marks the app busy (no update reload) while `busy` is true, e.g. while a form is dirty. */
export function useUpdateGuard(reason: string, busy: boolean): void {
  useEffect(() => {
    setBusy(reason, busy);
    return () => setBusy(reason, false);
  }, [reason, busy]);
}
