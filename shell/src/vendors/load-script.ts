/**
 * Loading third-party scripts after the first paint ("the consent UI, tours and chat load
 * after the first paint"; ARCHITECTURE §2 "work not needed for the first paint waits").
 */

const pending = new Map<string, Promise<void>>();

/**
 * Adds `<script async src>` once per URL (a second call gets the same promise).
 * @returns resolves when the script has run; rejects with Error('script failed: <src>') on a network or HTTP error
 */
export function loadScript(src: string, doc: Document = document): Promise<void> {
  const known = pending.get(src);
  if (known) return known;
  const p = new Promise<void>((resolve, reject) => {
    const s = doc.createElement('script');
    s.src = src;
    s.async = true;
    s.dataset.vendor = 'true';
    s.onload = () => resolve();
    s.onerror = () => {
      pending.delete(src);
      s.remove();
      reject(new Error(`script failed: ${src}`));
    };
    doc.head.appendChild(s);
  });
  pending.set(src, p);
  return p;
}

/** Test helper: forgets the scripts loaded so far. */
export function resetLoadedScripts(): void {
  pending.clear();
}

/** Longest wait for an idle moment after `load`, ms (then the work runs anyway). */
export const IDLE_TIMEOUT_MS = 2000;

type IdleWindow = Pick<Window, 'addEventListener' | 'setTimeout'> & {
  document: Pick<Document, 'readyState'>;
  requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number;
};

/**
 * Resolves after the first paint: once the page's `load` event has fired and then the browser is idle
 * (`requestIdleCallback`, at most {@link IDLE_TIMEOUT_MS} ms; `setTimeout` 1 ms where it is missing).
 */
export function afterFirstPaint(win: IdleWindow = window): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => {
      if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
      else win.setTimeout(() => resolve(), 1);
    };
    if (win.document.readyState === 'complete') idle();
    else win.addEventListener('load', idle, { once: true } as AddEventListenerOptions);
  });
}

/**
 * Resolves once the shell's frame has been painted (the next animation frame, then a task), without
 * waiting for the page's `load` (every remote's chunks and pictures). For the consent tool:
 * its banner is the first thing a new visitor must answer and the largest text on a phone's
 * first view, so holding it until after `load` made it the page's Largest Contentful Paint at ~7 s on
 * a mid-range phone; it still never blocks the first paint. `setTimeout` 16 ms where rAF is missing.
 */
export function afterShellPaint(win: Pick<Window, 'setTimeout'> & { requestAnimationFrame?: (cb: () => void) => number } = window): Promise<void> {
  return new Promise((resolve) => {
    if (typeof win.requestAnimationFrame === 'function') win.requestAnimationFrame(() => { win.setTimeout(() => resolve(), 0); });
    else win.setTimeout(() => resolve(), 16);
  });
}
