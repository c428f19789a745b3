import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';

/** A saved record returns to its list after 1 second, long enough to read the success message. */
export const SAVE_REDIRECT_MS = 1000;

/** Returns `redirect()`: goes to `to` after the delay (cancelled when the screen unmounts). */
export function useRedirectAfterSave(to: string, delay = SAVE_REDIRECT_MS): () => void {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => navigate(to), delay);
  }, [navigate, to, delay]);
}
