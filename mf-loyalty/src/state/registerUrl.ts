/**
 * Where the register buttons lead (spec §2 Routes "/register External loyalty site (registration)"):
 * the external loyalty site named by the runtime config (`RuntimeConfig.loyaltySite.url`,
 * set by the edge's /config.json), with `returnUrl` = the storefront page the shopper is on, so the
 * site can send them back. Without that config: the storefront's own `/register` (the edge redirects it).
 */
import { isSafeHttpUrl } from '@storefront/remote-kit';
import type { RuntimeConfig } from 'shared-events';

/** The storefront's own registration path (spec §2 Routes). */
export const REGISTER_PATH = '/register';

/**
 * The register link's address (pure).
 * @param loyaltySite `RuntimeConfig.loyaltySite` (may be absent)
 * @param returnUrl the absolute URL of the current storefront page, e.g. 'http://localhost:8080/recipes/x'
 * @returns `<loyaltySite.url>?returnUrl=<returnUrl>` when `loyaltySite.url` is an http(s) URL, else '/register'
 */
export function registerUrl(loyaltySite: RuntimeConfig['loyaltySite'], returnUrl: string): string {
  const base = loyaltySite?.url;
  if (typeof base !== 'string' || !isSafeHttpUrl(base)) return REGISTER_PATH;
  const url = new URL(base);
  url.searchParams.set('returnUrl', returnUrl);
  return url.href;
}
