// From the kit's root (a shared singleton already on the page), not '@storefront/remote-kit/safe-url',
// which would bundle a second copy of the URL checks into this remote's chunk.
import { isSafeHttpUrl, safeReturnPath } from '@storefront/remote-kit';
import type { Alert } from '../api/bannerAlert';

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

/** The alert banner's call-to-action link, once its URL has passed the safety check. */
export interface AlertCta {
  /** The checked URL: an absolute http(s) URL as given, or a same-origin path (URL-normalised). */
  href: string;
  /** `ctaLabel`, rendered as text. */
  label: string;
  /** True for an absolute http(s) URL: followed by the browser, never by `RemoteProps.navigate`. */
  external: boolean;
}

/**
 * The call-to-action of an alert (spec §2 Header "a call-to-action link (ctaLabel, ctaUrl)"), or null
 * when it has no label or URL, or when the URL is not safe to link to. The BFF's `ctaUrl` is content
 * data, so it is checked with the kit's URL rules: an absolute `http:`/`https:` URL
 * (`isSafeHttpUrl`) or a same-origin path (`safeReturnPath`). `javascript:`, `data:`, `//host`,
 * backslashes, control characters and the like give no link at all. Pure.
 */
export function alertCta(alert: Pick<Alert, 'ctaUrl' | 'ctaLabel'>): AlertCta | null {
  const { ctaUrl, ctaLabel } = alert;
  if (!ctaUrl || !ctaLabel) return null;
  if (isSafeHttpUrl(ctaUrl)) return { href: ctaUrl, label: ctaLabel, external: true };
  const path = safeReturnPath(ctaUrl, { fallback: null });
  return path === null ? null : { href: path, label: ctaLabel, external: false };
}
