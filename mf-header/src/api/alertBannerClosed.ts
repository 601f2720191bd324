/**
 * The alert banner's closed flag in session storage (spec §4 Alert banner, §9 Storage keys
 * `alertBannerClosed (session)`). Blocked storage reads as not closed; writes are then dropped.
 */

/** Spec §9 Storage keys: the session flag set when the shopper closes the alert banner. */
export const ALERT_BANNER_CLOSED_KEY = 'alertBannerClosed';

/** The part of the Storage API the flag needs (sessionStorage in the browser). */
type FlagStorage = Pick<Storage, 'getItem' | 'setItem'>;

function sessionStore(): FlagStorage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null; // storage blocked (privacy mode): the banner simply shows again next page
  }
}

/**
 * True when the shopper closed the alert banner in this browser session (spec §4 Alert banner:
 * "Shown when an alert was fetched and has not been closed in this browser session").
 * @param storage defaults to `window.sessionStorage`
 */
export function isAlertBannerClosed(storage: FlagStorage | null = sessionStore()): boolean {
  try {
    return storage?.getItem(ALERT_BANNER_CLOSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * Records that the banner was closed: `sessionStorage.alertBannerClosed = 'true'` (spec §4, §9),
 * so it stays closed on every page until the browser session ends.
 */
export function markAlertBannerClosed(storage: FlagStorage | null = sessionStore()): void {
  try {
    storage?.setItem(ALERT_BANNER_CLOSED_KEY, 'true');
  } catch {
    // storage full or blocked: closing still hides it on this page
  }
}
