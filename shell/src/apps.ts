/**
 * What the root config mounts where (ARCHITECTURE §4): the always-on slots of the header band and the
 * route-owned remote pages, read from the remote registry (`tooling/registry/remotes.json`).
 * Slot ids are the ones webpack.config.js writes into `public/index.html` from the same registry.
 */
import registry from '@storefront/tooling/registry/remotes.json';
import type { RegistryRemote } from '@storefront/tooling/registry';

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
  /**
   * Band apps: mounted only once this holds (registry `when`): 'signed-in' (while a shopper is signed
   * in), 'consent-performance' (while consent group C0002 is active), 'in-view' (once its slot has come
   * into the viewport); default always.
   */
  when?: BandCondition;
  /** Band apps: the part of the page frame holding the slot. */
  region?: 'header' | 'footer' | 'overlay';
  /** Page apps: the registry's route patterns (see {@link matchesRoute}); [] for band apps. */
  routes: readonly string[];
  /** single-spa activity function. */
  activeWhen: (location: Location | URL) => boolean;
  /**
   * true when the remote may be absent from `/remotes.json` (e.g. mf-loyalty before it is deployed):
   * its apps are then skipped quietly (fallback lifecycles, SHELL-007) instead of reported as SHELL-001.
   */
  optional?: boolean;
}

/** When a band is mounted (tooling/registry/index.cjs WHEN). */
export type BandCondition = 'signed-in' | 'consent-performance' | 'in-view';

/** The Module Federation name of a remote package: non-alphanumerics become '_' (tooling/webpack/preset.js). */
export function mfName(packageName: string): string {
  return packageName.replace(/[^a-zA-Z0-9_]/g, '_');
}

/**
 * Does `location` match a registry route pattern? Patterns (tooling/registry/remotes.json): '/a/:b'
 * (`:b` = one non-empty segment), a trailing '/*' (the path itself or any subpath), and '?key' (a
 * required query parameter), e.g. '/?query' = '/' with a `query` parameter (spec §2 Routes).
 * @example matchesRoute('/stores/:slug', new URL('http://x/stores/halifax')) // true
 */
export function matchesRoute(pattern: string, location: Location | URL): boolean {
  const [pathPattern, requiredKey] = pattern.split('?');
  if (requiredKey && !new URLSearchParams(location.search).has(requiredKey)) return false;
  const want = pathPattern.split('/').filter(Boolean);
  const have = location.pathname.split('/').filter(Boolean);
  const splat = want[want.length - 1] === '*';
  if (splat) want.pop();
  if (splat ? have.length < want.length : have.length !== want.length) return false;
  return want.every((seg, i) => (seg.startsWith(':') ? have[i].length > 0 : seg === have[i]));
}

/**
 * How specific a route pattern is: its literal path segments count 2 each, a ':param' 1, a '/*' 0.
 * When two page routes match one location, the more specific wins, so '/recipes/meal-plan'
 * (mf-shopping-list) is not also '/recipes/:slug' (mf-search), spec §2 Routes.
 * @example routeSpecificity('/recipes/meal-plan') // 4; routeSpecificity('/recipes/:slug') // 3
 */
export function routeSpecificity(pattern: string): number {
  return pattern.split('?')[0].split('/').filter(Boolean).reduce((n, seg) => n + (seg === '*' ? 0 : seg.startsWith(':') ? 1 : 2), 0);
}

/** The most specific registry page route matching `location` (see {@link routeSpecificity}), or -1 when none does. */
function bestSpecificity(patterns: readonly string[], location: Location | URL): number {
  return patterns.reduce((best, p) => (matchesRoute(p, location) ? Math.max(best, routeSpecificity(p)) : best), -1);
}

/** The applications of the remote registry: band slots first (header, footer, overlay; registry order within), then pages. */
function appsFromRegistry(): ShellAppDefinition[] {
  const remotes = (registry as { remotes: RegistryRemote[] }).remotes;
  const allPageRoutes = remotes.flatMap((r) => r.exposes.flatMap((e) => (e.kind === 'page' ? e.routes ?? [] : [])));
  /** A page is active when one of its routes matches and no other page's route matches more specifically. */
  const pageActive = (routes: readonly string[]) => (loc: Location | URL) => {
    const mine = bestSpecificity(routes, loc);
    return mine >= 0 && mine >= bestSpecificity(allPageRoutes, loc);
  };
  const all = remotes.flatMap((r) => r.exposes.map((e): ShellAppDefinition => ({
    name: e.app,
    remote: r.package,
    region: e.region,
    remoteId: `${r.mfName}/${e.expose.replace(/^\.\//, '')}`,
    slotId: e.kind === 'page' ? 'slot-page' : `slot-${e.app}`,
    kind: e.kind,
    label: e.label,
    routes: e.routes ?? [],
    activeWhen: e.kind === 'page' ? pageActive(e.routes ?? []) : () => true,
    ...(r.optional ? { optional: true } : {}),
    ...(e.when ? { when: e.when as BandCondition } : {}),
  })));
  const regions = ['header', 'footer', 'overlay'];
  const bands = all.filter((a) => a.kind === 'band').sort((a, b) => regions.indexOf(a.region!) - regions.indexOf(b.region!));
  return [...bands, ...all.filter((a) => a.kind === 'page')];
}

/**
 * Spec §2 Routes: '/' with a `query` parameter is the search results page (tab: product | recipe).
 * @example isSearchResultsRoute(new URL('http://x/?query=milk&tab=product')) // true
 */
export function isSearchResultsRoute(location: Location | URL): boolean {
  return matchesRoute('/?query', location);
}

/** Every application the root config registers, in mount order, read from the remote registry. */
export const SHELL_APPS: readonly ShellAppDefinition[] = appsFromRegistry();

/** Every remote package the shell knows (accepted in `/remotes.json` and in tester overrides). */
export const KNOWN_REMOTES: readonly string[] = Array.from(new Set(SHELL_APPS.map((a) => a.remote)));

/** The remote packages the shell needs in `/remotes.json` (a missing one is SHELL-001). */
export const REQUIRED_REMOTES: readonly string[] = KNOWN_REMOTES.filter((r) => SHELL_APPS.some((a) => a.remote === r && !a.optional));

/** The sign-in callback route (the OIDC client's redirect_uri is `${origin}/auth/callback`); a shell route. */
export const CALLBACK_PATH = '/auth/callback';

/**
 * Path patterns whose page is a remote's (the shell renders nothing of its own there, and never "Page
 * not found"), from the remote registry (e.g. '/stores/:slug'). '/' with `query` is handled by the home route.
 */
export const REMOTE_PAGE_PATHS: readonly string[] = SHELL_APPS.flatMap((a) => a.routes)
  .map((p) => p.split('?')[0])
  .filter((p) => p !== '/');

/** Is `pathname` the page of a remote ({@link REMOTE_PAGE_PATHS})? */
export function isRemotePagePath(pathname: string): boolean {
  const url = new URL(pathname, 'http://x');
  return REMOTE_PAGE_PATHS.some((p) => matchesRoute(p, url));
}

/** Finds the app for a single-spa name or a Module Federation request id. */
export function findShellApp(nameOrRemoteId: string): ShellAppDefinition | undefined {
  return SHELL_APPS.find((a) => a.name === nameOrRemoteId || a.remoteId === nameOrRemoteId);
}
