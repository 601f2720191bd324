/** The pages of this remote (spec §2 Routes): the locator, a store detail by slug, or neither. */
export type StoreRoute = { page: 'locator' } | { page: 'detail'; slug: string } | { page: 'none' };

/**
 * Parses a path (the kit's `useLocation().pathname`) into a {@link StoreRoute}: '/store-locator'
 * (trailing slash allowed) → locator; '/stores/<slug>' → detail with the decoded slug (may be any
 * text: unknown slugs get the not-found view); anything else → none. Never throws (a malformed
 * escape keeps the raw text).
 */
export function parseStoreRoute(pathname: string): StoreRoute {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/store-locator') return { page: 'locator' };
  const m = /^\/stores\/([^/]+)$/.exec(path);
  if (m) {
    let slug = m[1];
    try {
      slug = decodeURIComponent(slug);
    } catch {
      // keep the raw text: it matches no store and shows the not-found view
    }
    return { page: 'detail', slug };
  }
  return { page: 'none' };
}
