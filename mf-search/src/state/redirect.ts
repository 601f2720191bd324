/**
 * The promotional redirect card (spec §2 Search dropdown "An optional promotional redirect card may
 * appear"; §3 Promotional redirect card: cardImage, cardTitle, redirectURL, cardCTAText, bannerCode).
 * It comes from a search-engine query rule as `userData` of the products response.
 * Only addresses on the site's own origin are followed: the remote kit's `safeReturnPath`
 * (`@storefront/remote-kit/safe-url`) with `allowAbsolute` on the page's origin.
 */
import { safeReturnPath } from '@storefront/remote-kit/safe-url';

/** A validated redirect card. `redirectURL` is same-origin (path + query + hash). */
export interface RedirectCard {
  cardTitle: string;
  /** Same-origin path to go to, e.g. '/flyer'. */
  redirectURL: string;
  cardCTAText: string;
  /** Image URL (same-origin path or `data:image/...`), or null. */
  cardImage: string | null;
  bannerCode: string | null;
}

/**
 * The in-site path of `url` (`'/flyer'`, or `'<origin>/flyer'` → `'/flyer'`), else null: relative
 * paths (`'flyer'`), other origins, `//host`, `javascript:`/`data:` and the rest of what
 * `safeReturnPath` refuses.
 */
function sitePath(url: unknown, origin: string): string | null {
  return safeReturnPath(url, { origin, allowAbsolute: true, fallback: null });
}

/** An image URL safe to show: a same-origin path or an inline `data:image/...` (shown by <img>, so SVG scripts never run). */
export function safeImage(url: unknown, origin: string): string | null {
  if (typeof url !== 'string' || url === '') return null;
  if (/^data:image\/(png|jpe?g|gif|webp|svg\+xml)[;,]/i.test(url)) return url;
  return sitePath(url, origin);
}

/**
 * The first redirect card in a response's `userData` for the shopper's banner (cards with another
 * `bannerCode` are skipped; a card without one applies to every banner) whose address is on the site.
 * @param userData the products response's `userData` array
 * @param bannerCode the shopper's banner ('standard' | 'coop')
 * @param origin the site's origin (`window.location.origin`)
 */
export function redirectCardFrom(userData: unknown, bannerCode: string, origin: string): RedirectCard | null {
  if (!Array.isArray(userData)) return null;
  for (const item of userData) {
    if (typeof item !== 'object' || item === null) continue;
    const d = item as Record<string, unknown>;
    if (typeof d.cardTitle !== 'string' || d.cardTitle.trim() === '') continue;
    const banner = typeof d.bannerCode === 'string' && d.bannerCode !== '' ? d.bannerCode : null;
    if (banner && banner !== bannerCode) continue;
    const redirectURL = sitePath(d.redirectURL, origin);
    if (!redirectURL) continue;
    return {
      cardTitle: d.cardTitle,
      redirectURL,
      cardCTAText: typeof d.cardCTAText === 'string' && d.cardCTAText.trim() !== '' ? d.cardCTAText : 'Go',
      cardImage: safeImage(d.cardImage, origin),
      bannerCode: banner,
    };
  }
  return null;
}
