/**
 * What the root config mounts where (ARCHITECTURE §4): the always-on slots of the header band and the
 * route-owned remote pages. Slot ids are the ones in `public/index.html`.
 */

/** Where a single-spa application renders and how its failure looks. */
export interface ShellAppDefinition {
  /** single-spa application name (e.g. 'mf-header', 'mf-search-results'). */
  name: string;
  /** The remote's package name, the key in `/remotes.json` (e.g. 'mf-header'). */
  remote: string;
  /** Module Federation request id: `<mf name>/<expose>` (e.g. 'mf_search/results'). */
  remoteId: string;
  /** id of the slot element the app renders into. */
  slotId: string;
  /**
   * 'band': an always-on slot in the header band (a failure shows nothing visible, only a hidden note);
   * 'page': a route-owned page in `#slot-page` (a failure shows a short visible message).
   */
  kind: 'band' | 'page';
  /** Shopper-facing name of what the app provides, used in fallback text (e.g. 'Search results'). */
  label: string;
  /** single-spa activity function. */
  activeWhen: (location: Location | URL) => boolean;
  /**
   * true when the remote may be absent from `/remotes.json` (e.g. mf-loyalty before it is deployed):
   * its apps are then skipped quietly (fallback lifecycles, SHELL-007) instead of reported as SHELL-001.
   */
  optional?: boolean;
}

/** The Module Federation name of a remote package: non-alphanumerics become '_' (tooling/webpack/preset.js). */
export function mfName(packageName: string): string {
  return packageName.replace(/[^a-zA-Z0-9_]/g, '_');
}

const always = () => true;

/**
 * Spec §2 Routes: '/' with a `query` parameter is the search results page (tab: product | recipe).
 * @example isSearchResultsRoute(new URL('http://x/?query=milk&tab=product')) // true
 */
export function isSearchResultsRoute(location: Location | URL): boolean {
  return location.pathname === '/' && new URLSearchParams(location.search).has('query');
}

/**
 * Spec §2 Routes: the store locator `/store-locator` and a store page `/stores/<slug>` (one path segment;
 * the page itself shows a not-found view for an unknown slug). Owned by mf-store-selector's './pages'.
 */
export function isStorePagesRoute(location: Location | URL): boolean {
  return location.pathname === '/store-locator' || /^\/stores\/[^/]+$/.test(location.pathname);
}

/** Spec §2 Routes: `/verify-card` (verify flow, spec §4) and `/scene` (Scene+ page). Owned by mf-loyalty's './pages'. */
export function isLoyaltyPagesRoute(location: Location | URL): boolean {
  return location.pathname === '/verify-card' || location.pathname === '/scene';
}

/** Every application the root config registers, in mount order. */
export const SHELL_APPS: readonly ShellAppDefinition[] = [
  { name: 'mf-header', remote: 'mf-header', remoteId: 'mf_header/spa', slotId: 'slot-mf-header', kind: 'band', label: 'Site header', activeWhen: always },
  { name: 'mf-search', remote: 'mf-search', remoteId: 'mf_search/spa', slotId: 'slot-mf-search', kind: 'band', label: 'Product search', activeWhen: always },
  { name: 'mf-store-selector', remote: 'mf-store-selector', remoteId: 'mf_store_selector/spa', slotId: 'slot-mf-store-selector', kind: 'band', label: 'Store selector', activeWhen: always },
  { name: 'mf-footer', remote: 'mf-header', remoteId: 'mf_header/footer', slotId: 'slot-mf-footer', kind: 'band', label: 'Site footer', activeWhen: always },
  { name: 'mf-loyalty', remote: 'mf-loyalty', remoteId: 'mf_loyalty/spa', slotId: 'slot-mf-loyalty', kind: 'band', label: 'Scene+ card popups', activeWhen: always, optional: true },
  { name: 'mf-search-results', remote: 'mf-search', remoteId: 'mf_search/results', slotId: 'slot-page', kind: 'page', label: 'Search results', activeWhen: isSearchResultsRoute },
  { name: 'mf-store-pages', remote: 'mf-store-selector', remoteId: 'mf_store_selector/pages', slotId: 'slot-page', kind: 'page', label: 'Store pages', activeWhen: isStorePagesRoute },
  { name: 'mf-loyalty-pages', remote: 'mf-loyalty', remoteId: 'mf_loyalty/pages', slotId: 'slot-page', kind: 'page', label: 'Scene+ pages', activeWhen: isLoyaltyPagesRoute, optional: true },
];

/** Every remote package the shell knows (accepted in `/remotes.json` and in tester overrides). */
export const KNOWN_REMOTES: readonly string[] = Array.from(new Set(SHELL_APPS.map((a) => a.remote)));

/** The remote packages the shell needs in `/remotes.json` (a missing one is SHELL-001). */
export const REQUIRED_REMOTES: readonly string[] = KNOWN_REMOTES.filter((r) => SHELL_APPS.some((a) => a.remote === r && !a.optional));

/** The sign-in callback route (the OIDC client's redirect_uri is `${origin}/auth/callback`); a shell route. */
export const CALLBACK_PATH = '/auth/callback';

/**
 * Paths whose page is a remote's (the shell renders nothing of its own there, and never "Page not
 * found"), as react-router patterns. '/' with `query` is handled by the home route.
 */
export const REMOTE_PAGE_PATHS: readonly string[] = ['/store-locator', '/stores/:slug', '/verify-card', '/scene'];

/** Finds the app for a single-spa name or a Module Federation request id. */
export function findShellApp(nameOrRemoteId: string): ShellAppDefinition | undefined {
  return SHELL_APPS.find((a) => a.name === nameOrRemoteId || a.remoteId === nameOrRemoteId);
}
