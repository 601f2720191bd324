/**
 * The last count the list published, kept in localStorage (`mfsl-count`) so the band can show the
 * badge at first paint without the list service chunk (paint first: work not needed for the first paint
 * starts after it). The service writes it every time it publishes `list/count-changed`; other tabs
 * see the write as a `storage` event and start their own service, which re-reads the list.
 * Tiny on purpose: the band's first chunk imports it.
 */

/** localStorage key of the last published count (a non-negative integer as text). */
export const COUNT_SNAPSHOT_KEY = 'mfsl-count';

/** The last published count, or null when none was stored (or storage is blocked). */
export function readCountSnapshot(): number | null {
  try {
    const raw = window.localStorage.getItem(COUNT_SNAPSHOT_KEY);
    const n = raw === null ? NaN : Number(raw);
    return Number.isInteger(n) && n >= 0 ? n : null;
  } catch {
    return null;
  }
}

/** Stores the count just published (ignored when storage is full or blocked). */
export function writeCountSnapshot(count: number): void {
  try {
    window.localStorage.setItem(COUNT_SNAPSHOT_KEY, String(count));
  } catch {
    // storage blocked: the badge waits for the service after a reload
  }
}
