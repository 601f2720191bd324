/**
 * The promotional redirect card (spec §2 Search dropdown "An optional promotional redirect card may
 * appear"; §3 Promotional redirect card: cardImage, cardTitle, redirectURL, cardCTAText, bannerCode).
 * It comes from a search-engine query rule as `userData` of the products response.
 * Only addresses on the site's own origin are followed (an allow-list of one: the page's origin).
 */

/** A validated redirect card. `redirectURL` is same-origin (path + query + hash). */
export interface RedirectCard {
  cardTitle: string;
  /** Same-origin path to go to, e.g. '/flyer'. */
  redirectURL: string;
  cardCTAText: string;
  /** Image URL (same-origin or `data:image/...`), or null. */
  cardImage: string | null;
  bannerCode: string | null;
}

/**
 * The in-site path of `url` when it points at one of `allowedOrigins` (relative paths resolve
 * against the first), else null. `javascript:`, `data:`, protocol-relative `//evil` and other origins
 * are refused.
 * @example safeRedirect('/flyer', ['https://shop.example']) === '/flyer'
 * @example safeRedirect('https://evil.example/x', ['https://shop.example']) === null
 */
export function safeRedirect(url: unknown, allowedOrigins: readonly string[]): string | null {
  if (typeof url !== 'string' || url.trim() === '' || allowedOrigins.length === 0) return null;
  const trimmed = url.trim();
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\\]/.test(trimmed)) return null;
  let parsed: URL;
  try {
    parsed = new URL(trimmed, allowedOrigins[0]);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (!allowedOrigins.includes(parsed.origin)) return null;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** An image URL safe to show: same origin (path) or an inline `data:image/...` (not SVG scripts: shown by <img>). */
export function safeImage(url: unknown, origin: string): string | null {
  if (typeof url !== 'string' || url === '') return null;
  if (/^data:image\/(png|jpe?g|gif|webp|svg\+xml)[;,]/i.test(url)) return url;
  return safeRedirect(url, [origin]);
}

/**
 * The first redirect card in a response's `userData` for the shopper's banner (cards with another
 * `bannerCode` are skipped; a card without one applies to every banner) whose address is allowed.
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
    const redirectURL = safeRedirect(d.redirectURL, [origin]);
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
