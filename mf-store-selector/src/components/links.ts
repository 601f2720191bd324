import { siteLinkClick } from 'shared-events';

/** onClick of an in-site link (shared-events `siteLinkClick`: plain left click → `navigate`, no reload). */
export const linkClick = siteLinkClick;

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
