import { useSyncExternalStore } from 'react';

/** Events after which `location.pathname` may have changed (browser history and single-spa reroutes). */
const ROUTE_EVENTS = ['popstate', 'single-spa:routing-event'] as const;

function subscribe(onChange: () => void): () => void {
  for (const type of ROUTE_EVENTS) window.addEventListener(type, onChange);
  return () => { for (const type of ROUTE_EVENTS) window.removeEventListener(type, onChange); };
}

/** The current `location.pathname + location.search`, kept up to date across history navigation and single-spa reroutes. */
export function useCurrentUrl(): { path: string; search: string } {
  const href = useSyncExternalStore(subscribe, () => `${window.location.pathname}${window.location.search}`, () => '/');
  const i = href.indexOf('?');
  return i < 0 ? { path: href, search: '' } : { path: href.slice(0, i), search: href.slice(i) };
}
