import type { Assets } from '../assets';
import type { FlyerCatalog } from '../catalog';

/** What every route module of the provider reads (built once by `buildServer`). */
export interface RouteContext {
  catalog: FlyerCatalog;
  assets: Assets;
  /** Host page origins allowed to frame the flyer (CSP `frame-ancestors`, `/embed`'s `hostOrigin`). */
  allowedHosts: string[];
  /** Origin written into storefront.js and the image URLs. */
  publicOrigin: string;
}

