/**
 * Loads the flyer provider's embed script (contract §1: `GET {origin}/storefront.js`, a classic
 * script defining `window.FlyerStorefront`) once per page: every mount of the flyer page reuses the
 * same script tag and promise. A script that fails or times out is removed, so a retry loads it again.
 */
import type { FlyerStorefrontApi } from './types';

/** How long the script may take before the flyer is unavailable (ms). */
export const SCRIPT_TIMEOUT_MS = 10_000;

/** Marks the script tag this module adds. */
const MARK = 'data-flyer-provider';

let loading: { url: string; promise: Promise<FlyerStorefrontApi> } | null = null;

/** `window.FlyerStorefront` when it is the contract's version 1 with a `create` function, else null. */
export function readFlyerStorefront(): FlyerStorefrontApi | null {
  const api = window.FlyerStorefront;
  if (typeof api !== 'object' || api === null) return null;
  if (api.version !== 1 || typeof api.create !== 'function') return null;
  return api;
}

/**
 * The provider's `FlyerStorefront`, loading `scriptUrl` with a `<script>` tag when it is not on the
 * page yet.
 * @param scriptUrl `config.flyer.scriptUrl` (already validated: http(s) on the provider's origin)
 * @param timeoutMs default {@link SCRIPT_TIMEOUT_MS}
 * @throws (rejects) Error 'flyer script failed to load' | 'flyer script timed out' |
 *   'flyer script defined no FlyerStorefront version 1'
 */
export function loadFlyerStorefront(scriptUrl: string, timeoutMs: number = SCRIPT_TIMEOUT_MS): Promise<FlyerStorefrontApi> {
  const ready = readFlyerStorefront();
  if (ready) return Promise.resolve(ready);
  if (loading && loading.url === scriptUrl) return loading.promise;

  const script = document.createElement('script');
  script.src = scriptUrl;
  script.async = true;
  script.setAttribute(MARK, '');
  const promise = new Promise<FlyerStorefrontApi>((resolve, reject) => {
    const settle = (error: Error | null) => {
      clearTimeout(timer);
      script.onload = null;
      script.onerror = null;
      const api = error ? null : readFlyerStorefront();
      if (api) {
        resolve(api);
        return;
      }
      script.remove();
      if (loading?.promise === promise) loading = null;
      reject(error ?? new Error('flyer script defined no FlyerStorefront version 1'));
    };
    const timer = setTimeout(() => settle(new Error('flyer script timed out')), timeoutMs);
    script.onload = () => settle(null);
    script.onerror = () => settle(new Error('flyer script failed to load'));
  });
  loading = { url: scriptUrl, promise };
  document.head.appendChild(script);
  return promise;
}

/** Tests only: forgets the loaded script and removes the tags this module added. */
export function resetFlyerScriptForTests(): void {
  loading = null;
  for (const tag of Array.from(document.querySelectorAll(`script[${MARK}]`))) tag.remove();
}
