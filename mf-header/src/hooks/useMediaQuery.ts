import { useCallback, useSyncExternalStore } from 'react';

/** Spec §9 Mobile breakpoint: up to 1023px is the mobile header; the desktop header shows from 1024px. */
export const COMPACT_HEADER_QUERY = '(max-width: 1023px)';

/**
 * Whether a CSS media query matches now; re-renders when that changes.
 * Returns false where `window.matchMedia` is missing.
 * @param query a media query, e.g. {@link COMPACT_HEADER_QUERY}
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback((onChange: () => void) => {
    if (typeof window === 'undefined' || !window.matchMedia) return () => {};
    const mql = window.matchMedia(query);
    mql.addEventListener?.('change', onChange);
    return () => mql.removeEventListener?.('change', onChange);
  }, [query]);
  return useSyncExternalStore(
    subscribe,
    () => (typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(query).matches),
    () => false,
  );
}
