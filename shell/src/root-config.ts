/**
 * The single-spa root config (ARCHITECTURE §2, §4): which remote is mounted where.
 *
 * - Always-on slots of the header band: `mf-header` → `#slot-mf-header`, `mf-search` → `#slot-mf-search`,
 *   `mf-store-selector` → `#slot-mf-store-selector`.
 * - Always-on `mf-loyalty` (`mf_loyalty/spa`, card popups) → `#slot-mf-loyalty`.
 * - Route-owned pages in `#slot-page` (spec §2 Routes): `mf-search-results` (`mf_search/results`) on '/'
 *   with a `query` parameter; `mf-store-pages` (`mf_store_selector/pages`) on /store-locator and
 *   /stores/<slug>; `mf-loyalty-pages` (`mf_loyalty/pages`) on /verify-card and /scene.
 *
 * Every app receives `RemoteProps` (shared-events) as custom props. A remote that fails to load gets
 * fallback lifecycles (SHELL-002, see ./mf/offline-remote-plugin); one that throws in a lifecycle is put
 * aside by single-spa and reported through `addErrorHandler` (SHELL-003), so the rest of the page keeps
 * working.
 */
import {
  addErrorHandler, navigateToUrl, registerApplication, start, triggerAppChange,
  type AppError, type LifeCycles,
} from 'single-spa';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { EventBus, RemoteProps, RuntimeConfig } from 'shared-events';
import { findShellApp, SHELL_APPS, type BandCondition, type ShellAppDefinition } from './apps';
import { reportShellError, SHELL_ERRORS } from './errors';
import { clearFallback, createFallbackLifecycles, renderFallback } from './mf/fallback';
import type { RemoteMap } from './remotes';

/** Loads a remote module by MF request id (`loadRemote` of the MF runtime; injectable in tests). */
export type RemoteLoader = (remoteId: string) => Promise<unknown>;

/** The single-spa functions the root config uses (injectable in tests). */
export interface SingleSpaApi {
  registerApplication: typeof registerApplication;
  start: typeof start;
  addErrorHandler: typeof addErrorHandler;
  navigateToUrl: typeof navigateToUrl;
  triggerAppChange: typeof triggerAppChange;
}

const realSingleSpa: SingleSpaApi = { registerApplication, start, addErrorHandler, navigateToUrl, triggerAppChange };

const isFn = (v: unknown): v is (...a: unknown[]) => unknown => typeof v === 'function';

/**
 * The single-spa lifecycles of a loaded remote module: its own named exports
 * (`export const { bootstrap, mount, unmount } = singleSpaReact(...)`) or those of its default export.
 * @returns null when the module has no `bootstrap`, `mount` and `unmount` functions
 */
export function toLifecycles(mod: unknown): LifeCycles | null {
  for (const candidate of [mod, (mod as { default?: unknown } | null)?.default]) {
    const c = candidate as Record<string, unknown> | null | undefined;
    if (c && isFn(c.bootstrap) && isFn(c.mount) && isFn(c.unmount)) {
      const lc: LifeCycles = { bootstrap: c.bootstrap as LifeCycles['bootstrap'], mount: c.mount as LifeCycles['mount'], unmount: c.unmount as LifeCycles['unmount'] };
      if (isFn(c.update)) lc.update = c.update as LifeCycles['update'];
      return lc;
    }
  }
  return null;
}

/**
 * Loads `app`'s remote module and returns its lifecycles. Never rejects: a load error the MF plugin did
 * not already turn into a fallback, or a module without lifecycles, is reported as SHELL-002 and gets
 * the fallback lifecycles.
 */
export async function loadApp(app: ShellAppDefinition, load: RemoteLoader): Promise<LifeCycles> {
  try {
    const mod = await load(app.remoteId);
    const lifecycles = toLifecycles(mod);
    if (lifecycles) return lifecycles;
    throw new Error(`'${app.remoteId}' does not export single-spa lifecycles (bootstrap, mount, unmount)`);
  } catch (error) {
    reportShellError(SHELL_ERRORS.REMOTE_LOAD_FAILED, `Remote module '${app.remoteId}' failed to load; showing its fallback.`, { remote: app.remoteId, error });
    return createFallbackLifecycles(app.remoteId) as unknown as LifeCycles;
  }
}

/** Options of {@link startRootConfig}. */
export interface RootConfigOptions {
  bus: EventBus;
  config: RuntimeConfig;
  /** Default: `loadRemote` of '@module-federation/enhanced/runtime'. */
  load?: RemoteLoader;
  /** Default: the real single-spa. */
  singleSpa?: SingleSpaApi;
  /** Default: `document`. */
  doc?: Document;
  /** Call `start()` (default true). */
  autoStart?: boolean;
  /**
   * The effective remote map. When given, the apps of an optional remote missing from it
   * (`ShellAppDefinition.optional`, e.g. mf-loyalty) are skipped quietly: fallback lifecycles with no
   * load attempt, one SHELL-007 per remote (console.warn).
   */
  remotes?: RemoteMap;
}

/**
 * single-spa's error handler: an app that throws in a lifecycle is reported (SHELL-006) and its slot gets
 * the quiet fallback; a broken page app's fallback then follows the route.
 */
function showFallbacksOnLifecycleErrors(singleSpa: SingleSpaApi, doc: Document): void {
  /** Page apps put aside after a lifecycle error: their fallback follows the route. */
  const brokenPages = new Set<ShellAppDefinition>();

  singleSpa.addErrorHandler((err: AppError) => {
    const name = err.appOrParcelName;
    reportShellError(SHELL_ERRORS.REMOTE_LIFECYCLE_FAILED, `Application '${name}' threw in a lifecycle and was unmounted; the rest of the page keeps working.`, { remote: name, error: err });
    const app = findShellApp(name);
    if (!app) return;
    if (app.kind === 'page') brokenPages.add(app);
    renderFallback(app, doc.getElementById(app.slotId));
  });

  doc.defaultView?.addEventListener('single-spa:routing-event', () => {
    const loc = doc.defaultView!.location;
    for (const app of brokenPages) {
      const slot = doc.getElementById(app.slotId);
      if (app.activeWhen(loc)) renderFallback(app, slot);
      else clearFallback(app.name, slot);
    }
  });
}

/**
 * Watches the registry's band conditions and tells single-spa when one changes.
 * @returns whether an app's condition holds now (an app without one: always)
 */
function bandConditions(bus: EventBus, singleSpa: SingleSpaApi, doc: Document): (app: ShellAppDefinition) => boolean {
  // Bands mounted only under a condition (registry `when`): nothing of them is downloaded until it
  // holds; single-spa re-checks the activity functions when it changes.
  //  - 'signed-in': while a shopper is signed in (the card popups, the offers band);
  //  - 'consent-performance': while consent group C0002 is active (guided tours, spec §4 Guided tours);
  //  - 'in-view': once the band's slot comes into the viewport (the footer below the fold).
  const signedIn = () => bus.state.session.value.loggedIn === true;
  const performanceConsent = () => bus.state.consent.value.includes('C0002');
  const inView = new Set<string>();
  const watchCondition = (when: BandCondition, holds: () => boolean, changes: { subscribe(fn: () => void): unknown }) => {
    if (!SHELL_APPS.some((a) => a.when === when)) return;
    let was = holds();
    changes.subscribe(() => {
      if (holds() === was) return;
      was = holds();
      void singleSpa.triggerAppChange();
    });
  };
  watchCondition('signed-in', signedIn, bus.state.session);
  watchCondition('consent-performance', performanceConsent, bus.state.consent);
  for (const app of SHELL_APPS.filter((a) => a.when === 'in-view')) {
    const slot = doc.getElementById(app.slotId);
    const Observer = (doc.defaultView as (Window & typeof globalThis) | null)?.IntersectionObserver;
    if (!slot || !Observer) {
      inView.add(app.name); // nothing to watch with: mount it as before
      continue;
    }
    const observer = new Observer((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      inView.add(app.name);
      void singleSpa.triggerAppChange();
    });
    observer.observe(slot);
  }
  return (app: ShellAppDefinition) => {
    switch (app.when) {
      case undefined: return true;
      case 'signed-in': return signedIn();
      case 'consent-performance': return performanceConsent();
      case 'in-view': return inView.has(app.name);
      default: return false;
    }
  };
}

/**
 * Registers every app of {@link SHELL_APPS} with single-spa, installs the error handler, then starts
 * single-spa. Call after the remotes are registered with the MF runtime.
 * @returns the names registered, in order
 */
export function startRootConfig({
  bus, config, load = (id) => loadRemote(id), singleSpa = realSingleSpa, doc = document, autoStart = true, remotes,
}: RootConfigOptions): string[] {
  const skipped = new Set(remotes ? SHELL_APPS.filter((a) => a.optional && !(a.remote in remotes)).map((a) => a.remote) : []);
  for (const remote of skipped) {
    const names = SHELL_APPS.filter((a) => a.remote === remote).map((a) => a.name).join(', ');
    reportShellError(SHELL_ERRORS.REMOTE_NOT_IN_MAP, `Remote '${remote}' is not in the remote map; its apps (${names}) are skipped.`, { remote, level: 'warn' });
  }
  const navigate = (url: string) => singleSpa.navigateToUrl(url);
  showFallbacksOnLifecycleErrors(singleSpa, doc);
  const conditionHolds = bandConditions(bus, singleSpa, doc);

  for (const app of SHELL_APPS) {
    singleSpa.registerApplication({
      name: app.name,
      app: () => (skipped.has(app.remote)
        ? Promise.resolve(createFallbackLifecycles(app.remoteId) as unknown as LifeCycles)
        : loadApp(app, load)),
      activeWhen: (location: Location) => app.activeWhen(location) && conditionHolds(app),
      customProps: (): RemoteProps & Record<string, unknown> => ({
        bus,
        config,
        domElement: doc.getElementById(app.slotId) ?? undefined,
        navigate,
      }),
    });
  }
  if (autoStart) singleSpa.start({ urlRerouteOnly: true });
  return SHELL_APPS.map((a) => a.name);
}
