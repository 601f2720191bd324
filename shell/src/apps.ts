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

/** Every application the root config registers, in mount order. */
export const SHELL_APPS: readonly ShellAppDefinition[] = [
  { name: 'mf-header', remote: 'mf-header', remoteId: 'mf_header/spa', slotId: 'slot-mf-header', kind: 'band', label: 'Site header', activeWhen: always },
  { name: 'mf-search', remote: 'mf-search', remoteId: 'mf_search/spa', slotId: 'slot-mf-search', kind: 'band', label: 'Product search', activeWhen: always },
  { name: 'mf-store-selector', remote: 'mf-store-selector', remoteId: 'mf_store_selector/spa', slotId: 'slot-mf-store-selector', kind: 'band', label: 'Store selector', activeWhen: always },
  { name: 'mf-search-results', remote: 'mf-search', remoteId: 'mf_search/results', slotId: 'slot-page', kind: 'page', label: 'Search results', activeWhen: isSearchResultsRoute },
];

/** The remote packages the shell needs in `/remotes.json`. */
export const REQUIRED_REMOTES: readonly string[] = Array.from(new Set(SHELL_APPS.map((a) => a.remote)));

/** Finds the app for a single-spa name or a Module Federation request id. */
export function findShellApp(nameOrRemoteId: string): ShellAppDefinition | undefined {
  return SHELL_APPS.find((a) => a.name === nameOrRemoteId || a.remoteId === nameOrRemoteId);
}
