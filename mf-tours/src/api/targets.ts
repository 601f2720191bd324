/**
 * Which steps of a guide can be shown (spec §4 Guided tours: "Only steps whose target is visible are
 * used (and targets hidden on mobile under 1024px are skipped). Locating the target is retried up to 10
 * times, every 500 ms"; §9).
 */
import type { GuideStep } from '../state/guides';

/** Below this width (px) the page is mobile and `hideOnMobile` steps are skipped (spec §9: up to 1023 px). */
export const DESKTOP_MIN_WIDTH = 1024;
/** Tries to find a target (spec §9). */
export const TARGET_TRIES = 10;
/** Between two tries, ms (spec §9). */
export const TARGET_INTERVAL_MS = 500;

/** True when the element takes space on the page and is not hidden by style. */
export function isVisible(el: Element | null): el is HTMLElement {
  if (!el || !(el instanceof HTMLElement) || !el.isConnected) return false;
  const style = window.getComputedStyle(el);
  if (style.display === 'none' || style.visibility === 'hidden') return false;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0;
}

export interface FindOptions {
  /** Viewport width in px (default window.innerWidth). */
  width?: number;
  tries?: number;
  intervalMs?: number;
  /** Finds the element of a selector (default document.querySelector). */
  query?: (selector: string) => Element | null;
  visible?: (el: Element | null) => boolean;
  signal?: AbortSignal;
}

/**
 * The steps whose target is visible, in guide order. Steps with `hideOnMobile` are dropped at once under
 * {@link DESKTOP_MIN_WIDTH}; the others are looked for up to `tries` times every `intervalMs` ms (all at
 * the same time: the answer comes as soon as every target was found, at the latest after the last try).
 * Resolves [] when aborted.
 */
export function findVisibleSteps(steps: readonly GuideStep[], o: FindOptions = {}): Promise<GuideStep[]> {
  const width = o.width ?? window.innerWidth;
  const tries = o.tries ?? TARGET_TRIES;
  const intervalMs = o.intervalMs ?? TARGET_INTERVAL_MS;
  const query = o.query ?? ((s: string) => document.querySelector(s));
  const visible = o.visible ?? isVisible;
  const candidates = steps.filter((s) => !(s.hideOnMobile && width < DESKTOP_MIN_WIDTH));
  const found = new Set<GuideStep>();
  return new Promise((resolve) => {
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = () => resolve(o.signal?.aborted ? [] : candidates.filter((s) => found.has(s)));
    o.signal?.addEventListener('abort', () => {
      if (timer) clearTimeout(timer);
      resolve([]);
    });
    const look = () => {
      if (o.signal?.aborted) return;
      attempt += 1;
      for (const s of candidates) if (!found.has(s) && visible(query(s.target))) found.add(s);
      if (found.size === candidates.length || attempt >= tries) finish();
      else timer = setTimeout(look, intervalMs);
    };
    look();
  });
}
