/** True when `href` is the current page or a page under it (e.g. /recipes for /recipes/soup). */
export function isCurrentPath(href: string, pathname: string): boolean {
  if (href === '/') return pathname === '/';
  return pathname === href || pathname.startsWith(`${href}/`);
}
