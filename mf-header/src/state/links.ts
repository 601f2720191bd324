/** True when `link` leaves the site (absolute http(s) URL or another scheme like tel:). Pure. */
export function isExternalLink(link: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(link);
}
