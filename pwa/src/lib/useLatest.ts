import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A ref holding the latest render's `value`, for callbacks that must stay stable (memoized
 * children, listeners registered once) yet act on current props and state. It is set after each
 * commit, before any event handler or effect can run: read it there, never while rendering.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
