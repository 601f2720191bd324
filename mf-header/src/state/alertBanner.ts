// From the kit's root (a shared singleton already on the page), not '@storefront/remote-kit/safe-url',
// which would bundle a second copy of the URL checks into this remote's chunk.
import { isSafeHttpUrl, safeReturnPath } from '@storefront/remote-kit';

/** Spec §3 Alert. `ctaUrl`/`ctaLabel` may be null (no call-to-action then). */
export interface Alert {
  descriptionText: string;
  ctaUrl: string | null;
  ctaLabel: string | null;
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
