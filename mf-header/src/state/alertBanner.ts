import { callBff } from 'shared-events';

/** Spec §9 Storage keys: the session flag set when the shopper closes the alert banner. */
export const ALERT_BANNER_CLOSED_KEY = 'alertBannerClosed';

/** Spec §7 POST /api/bannerAlert: province used when no store is selected. */
export const DEFAULT_ALERT_PROVINCE = 'ON';

/** Spec §3 Alert. `ctaUrl`/`ctaLabel` may be null (no call-to-action then). */
export interface Alert {
  descriptionText: string;
  ctaUrl: string | null;
  ctaLabel: string | null;
}

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

/**
 * Fetches the alert for a province: `POST {apiBase}/bannerAlert` `{ province }` with a nonce header
 * (spec §7; the BFF answers `data.getAlert[0]`). Returns the first alert with text, or null when
 * there is none or the call fails (spec §8 "Other failures are silently ignored").
 *
 * @param province 2-letter code of the selected store's province, e.g. 'NS' (default 'ON')
 */
export async function fetchAlert(apiBase: string, province: string = DEFAULT_ALERT_PROVINCE, signal?: AbortSignal): Promise<Alert | null> {
  try {
    const env = await callBff<{ getAlert?: Alert[] }>(apiBase, '/bannerAlert', { method: 'POST', body: { province }, signal });
    const alert = env.status === 'success' ? env.data?.getAlert?.[0] : undefined;
    return alert && typeof alert.descriptionText === 'string' && alert.descriptionText.trim() ? alert : null;
  } catch {
    return null;
  }
}
