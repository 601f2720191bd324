import { useCallback, useReducer, useSyncExternalStore } from 'react';

const EVENTS = ['popstate', 'single-spa:routing-event'] as const;

function subscribe(onChange: () => void): () => void {
  EVENTS.forEach((e) => window.addEventListener(e, onChange));
  return () => EVENTS.forEach((e) => window.removeEventListener(e, onChange));
}

/**
 * `window.location.search` ('?query=milk&tab=product'), following browser back/forward (`popstate`)
 * and single-spa route changes (`single-spa:routing-event`).
 * @returns `[search, refresh]` — call `refresh()` after changing the URL yourself (pushState does
 *   not fire popstate).
 */
export function useLocationSearch(): [string, () => void] {
  const [, bump] = useReducer((n: number) => n + 1, 0);
  const search = useSyncExternalStore(subscribe, () => window.location.search, () => '');
  const refresh = useCallback(() => bump(), []);
  return [search, refresh];
}
