/**
 * Shell start-up (ARCHITECTURE §2):
 * 1. fetch `/remotes.json` and `/config.json` (no-cache) and validate them (SHELL-001, SHELL-004);
 * 2. apply a tester's remote override (`?remote.<name>=<url>` / localStorage `remote-override:<name>`);
 * 3. register the remotes with the MF runtime BEFORE anything loads a remote, with the integrity plugin
 *    (./mf/integrity-plugin: pinned manifests checked, `integrity` + `crossorigin` on remote scripts);
 * 4. render the shell pages into `#shell-root`: hydrate the page the edge served pre-rendered (home,
 *    not found: their markup is in the HTML, so the first paint waits for no JavaScript), else render;

 * 5. register the single-spa applications and `start()` (./root-config);
 * 6. start the session manager (./session): restore the signed-in shopper or finish `/auth/callback`.
 * Before all of it, `window.dataLayer` is connected to the bus (`analytics/track`), gated on consent; after
 * step 5 the vendors' scripts (consent tool, tag manager, ads, chat) load once the page is idle (./vendors).
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { navigateToUrl } from 'single-spa';
import { bus, type RuntimeConfig } from 'shared-events';
import { reportShellError, SHELL_ERRORS } from './errors';
import { getInstance } from '@module-federation/enhanced/runtime';
import { readManifestPins, registerRemoteMap, resolveRemoteMap, type RemoteMap } from './remotes';
import integrityFromPage, { pinManifests } from './mf/integrity-plugin';
import { resolveRuntimeConfig } from './runtime-config';
import { startRootConfig } from './root-config';
import { connectDataLayer } from './analytics/data-layer';
import { ConsentBridge } from './consent/consent-bridge';
import { startVendors } from './vendors/start-vendors';
import { createBffAuthClient } from './session/bff-session';
import { startSession } from './session/start-session';
import { ShellRoutes, shellPageFor } from './pages/ShellRoutes';
import { overrideOriginsFor, readStartupData } from './startup-data';

declare global {
  interface Window {
    /** What the shell started with (diagnostics and e2e): the effective remote map and runtime config. */
    __SHELL__?: { remotes: RemoteMap; config: RuntimeConfig };
  }
}

/** GETs a JSON document, always revalidated (`cache: 'no-cache'`). @throws on network error or non-2xx */
export async function fetchJson(url: string): Promise<unknown> {
  const res = await fetch(url, { cache: 'no-cache', headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status}`);
  return res.json();
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Resolves in a new task, so the browser can paint and answer input in between (TBT ≤ 150 ms).
 * `scheduler.yield()` where the browser has it (the continuation keeps its priority), else a 0 ms timeout.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return typeof scheduler?.yield === 'function' ? scheduler.yield() : new Promise((resolve) => { setTimeout(resolve, 0); });
}

/** Runs the start-up sequence above. Resolves once single-spa has started. */
export async function startShell(): Promise<void> {
  // Analytics reach the dataLayer only with consent: the consent tool loads after the first paint.
  const consent = new ConsentBridge(bus, window);
  connectDataLayer(bus, window, consent.decision$);
  const startup = readStartupData();
  const [remotesRes, configRes] = await Promise.allSettled(startup
    ? [Promise.resolve(startup.remotes), Promise.resolve(startup.config)]
    : [fetchJson('/remotes.json'), fetchJson('/config.json')]);
  const config = resolveRuntimeConfig(
    configRes.status === 'fulfilled' ? configRes.value : undefined,
    configRes.status === 'rejected' ? configRes.reason : undefined,
  );
  const remotes = resolveRemoteMap(
    remotesRes.status === 'fulfilled' ? remotesRes.value : undefined,
    new URL(window.location.href),
    safeLocalStorage(),
    remotesRes.status === 'rejected' ? remotesRes.reason : undefined,
    overrideOriginsFor(config, process.env.NODE_ENV === 'production'),
  );
  window.__SHELL__ = { remotes, config };

  try {
    pinManifests(readManifestPins(remotesRes.status === 'fulfilled' ? remotesRes.value : undefined, window.location.href));
    getInstance()?.registerPlugins([integrityFromPage()]);
    registerRemoteMap(remotes);
  } catch (error) {
    reportShellError(SHELL_ERRORS.REMOTE_MAP_INVALID, 'Remote map: the remotes could not be registered with the Module Federation runtime.', { error });
  }

  const rootEl = document.getElementById('shell-root');
  if (rootEl) {
    const pages = (
      <StrictMode>
        <ShellRoutes bus={bus} navigate={navigateToUrl} config={config} />
      </StrictMode>
    );
    // The edge serves home and not-found pre-rendered (data-prerendered = the page): hydrate that markup.
    if (rootEl.dataset.prerendered && rootEl.dataset.prerendered === shellPageFor(window.location)) hydrateRoot(rootEl, pages);
    else {
      rootEl.replaceChildren();
      createRoot(rootEl).render(pages);
    }
  }

  // the shell's frame renders in its own task; the remotes start in the next one
  await yieldToMain();
  startRootConfig({ bus, config, remotes });
  let sessionStarted!: () => void;
  const sessionReady = new Promise<void>((resolve) => { sessionStarted = resolve; });
  void startVendors({ bus, config, consent, sessionReady });

  // the sign-in lives at the BFF; /config.json's oidc block says whether the platform has a provider
  const auth = config.oidc ? createBffAuthClient(config.apiBase) : null;
  if (!config.oidc) reportShellError(SHELL_ERRORS.SESSION_FAILED, '/config.json has no oidc block; sign-in is unavailable.', { level: 'warn' });
  try {
    await startSession({ bus, config, auth });
  } finally {
    sessionStarted();
  }
}

// Evaluating the start-up modules (this chunk, react-dom, single-spa, the bus's catalogue) is one task;
// the start-up sequence begins in the next (two shorter tasks instead of one long one).
yieldToMain().then(startShell).catch((error) => {
  reportShellError(SHELL_ERRORS.REMOTE_MAP_INVALID, 'The shell could not start.', { error });
});
