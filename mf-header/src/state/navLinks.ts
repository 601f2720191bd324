/** One primary header link (spec §2 Header "Primary link list"). `href` is a site path (spec §2 Routes). */
export interface NavLink {
  label: string;
  href: string;
}

/** The primary links, in display order. The mega menu with nested dropdowns is a later issue. */
export const PRIMARY_LINKS: readonly NavLink[] = Object.freeze([
  { label: 'Flyer', href: '/flyer' },
  { label: 'Offers', href: '/offers' },
  { label: 'Recipes', href: '/recipes' },
  { label: 'Products', href: '/products' },
  { label: 'Store Locator', href: '/store-locator' },
]);

/** True when `href` is the current page or a page under it (e.g. /recipes for /recipes/soup). */
export function isCurrentPath(href: string, pathname: string): boolean {
  if (href === '/') return pathname === '/';
  return pathname === href || pathname.startsWith(`${href}/`);
}
