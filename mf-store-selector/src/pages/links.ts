import type { MouseEvent } from 'react';

/**
 * onClick of an in-site link: a plain left click navigates with `navigate` (single-spa
 * `navigateToUrl`, no reload); modified clicks and a missing `navigate` keep the browser default.
 */
export function linkClick(url: string, navigate?: (url: string) => void) {
  return (e: MouseEvent<HTMLAnchorElement>) => {
    if (!navigate || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(url);
  };
}

/** URL of a store's detail page (spec §2 Routes `/stores/{slug}`). */
export function storeDetailsUrl(slug: string): string {
  return `/stores/${encodeURIComponent(slug)}`;
}

/** Region codes for display: 'ns' → 'NS' (two letters upper-cased), 'atlantic' → 'Atlantic'. */
export function regionText(region: readonly string[]): string {
  return region
    .map((r) => r.trim())
    .filter(Boolean)
    .map((r) => (r.length <= 2 ? r.toUpperCase() : r.charAt(0).toUpperCase() + r.slice(1)))
    .join(', ');
}
