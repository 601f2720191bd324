/**
 * One location hook and one in-site navigate for every remote (replaces mf-header/mf-loyalty
 * `useCurrentPath`, mf-search `useLocationSearch`, mf-store-selector `useLocationPath`, and the
 * copies of "pushState + popstate" in bootstraps and pages). ARCHITECTURE §4: links between remotes
 * are plain URLs; single-spa reroutes on history changes.
 */
import { useSyncExternalStore } from 'react';

/**
 * Window events after which the URL may have changed: browser back/forward (`popstate`, also fired
 * by single-spa's patched `pushState`/`replaceState` and by {@link navigate}), single-spa reroutes
 * (`single-spa:routing-event`) and fragment changes (`hashchange`).
 */
export const LOCATION_EVENTS = ['popstate', 'single-spa:routing-event', 'hashchange'] as const;

/** A read-only picture of the current URL. One frozen object per URL: equal URLs give the same object. */
export interface LocationSnapshot {
  /** `location.pathname`, e.g. `'/stores/halifax-quinpool-road-3299'`. */
  readonly pathname: string;
  /** `location.search` with its `?`, or `''`, e.g. `'?query=milk&tab=product'`. */
  readonly search: string;
  /** `location.hash` with its `#`, or `''`. */
  readonly hash: string;
  /** The parsed `search`. Read it only: it is shared by every reader of this snapshot. */
  readonly searchParams: URLSearchParams;
}

function snapshotOf(pathname: string, search: string, hash: string): LocationSnapshot {
  return Object.freeze({ pathname, search, hash, searchParams: new URLSearchParams(search) });
}

/** Snapshot used where there is no `window` (server render): the home page. */
const SERVER_SNAPSHOT = snapshotOf('/', '', '');
let cached: LocationSnapshot = SERVER_SNAPSHOT;
let cachedHref: string | null = null;

/**
 * The current URL as a {@link LocationSnapshot}; the same object until the path, query or hash change
 * (what `useSyncExternalStore` needs). Usable outside React.
 */
export function getLocationSnapshot(): LocationSnapshot {
  if (typeof window === 'undefined') return SERVER_SNAPSHOT;
  const { pathname, search, hash } = window.location;
  const href = `${pathname}${search}${hash}`;
  if (href !== cachedHref) {
    cachedHref = href;
    cached = snapshotOf(pathname, search, hash);
  }
  return cached;
}

/**
 * Calls `onChange` after every {@link LOCATION_EVENTS} event on `window`.
 * @returns the unsubscribe function
 */
export function subscribeToLocation(onChange: () => void): () => void {
  for (const type of LOCATION_EVENTS) window.addEventListener(type, onChange);
  return () => {
    for (const type of LOCATION_EVENTS) window.removeEventListener(type, onChange);
  };
}

/**
 * The current URL, re-rendering the component when it changes (history back/forward, single-spa
 * reroutes, {@link navigate}, `RemoteProps.navigate`). Built on `useSyncExternalStore`; the snapshot
 * object is stable per URL, so it can be used in effect dependencies.
 * @example const { pathname, searchParams } = useLocation(); const query = searchParams.get('query') ?? '';
 */
export function useLocation(): LocationSnapshot {
  // Hydration reads the server snapshot: in a browser that is the current URL, the URL the served
  // HTML was pre-rendered for (shell pages); in Node, SERVER_SNAPSHOT.
  return useSyncExternalStore(subscribeToLocation, getLocationSnapshot, getLocationSnapshot);
}

/** Options of {@link navigate}. */
export interface NavigateOptions {
  /** Replace the current history entry instead of pushing one (e.g. tab changes, canonical URLs). */
  replace?: boolean;
  /** History state to store with the entry. Default `null`. */
  state?: unknown;
}

/**
 * In-site navigation without a reload: `history.pushState` (or `replaceState` with `replace`), then a
 * `popstate` event so every {@link useLocation} reader, single-spa and react-router follow. Inside
 * the shell, single-spa's patched history already fires `popstate` for a changed URL; the kit then
 * does not fire a second one (no double reroute). Works in standalone mode too.
 * @param to a same-document URL, usually a path (`'/stores/x'`, `'/?query=milk'`)
 */
export function navigate(to: string, options: NavigateOptions = {}): void {
  let fired = false;
  const seen = () => { fired = true; };
  window.addEventListener('popstate', seen);
  try {
    if (options.replace) window.history.replaceState(options.state ?? null, '', to);
    else window.history.pushState(options.state ?? null, '', to);
  } finally {
    window.removeEventListener('popstate', seen);
  }
  if (!fired) window.dispatchEvent(new PopStateEvent('popstate', { state: options.state ?? null }));
}
