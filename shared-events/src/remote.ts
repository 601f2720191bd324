import type { EventBus } from './bus';

/**
 * Runtime configuration the shell passes every remote (served by the edge at `/config.json`).
 * Pointing the site at real Algolia or a real BFF is a change here, not in code.
 */
export interface RuntimeConfig {
  /** Algolia-compatible search engine (algoliasearch v5 `hosts`). */
  search: {
    appId: string;
    /** Search-only API key (never an admin key in the browser). */
    apiKey: string;
    /** e.g. [{ url: 'localhost:7700', protocol: 'http' }] */
    hosts: Array<{ url: string; protocol: 'http' | 'https' }>;
    indices: { products: string; recipes: string; suggestions: string; stores: string };
  };
  /** Base path of the BFF, normally '/api' on the shell's origin. */
  apiBase: string;
  /** Store loaded when none is stored (spec §4, §9: 3299). */
  defaultStoreNumber: string;
  /**
   * The flyer provider `/flyer` embeds (spec §2, §7 Other). Locally services/flyer-provider
   * (`npm start`, port 4300); in production the third-party flyer provider. Absent: no flyer to show.
   * The edge's CSP names `origin` in script-src, frame-src and connect-src, and nothing more.
   */
  flyer?: {
    /** The provider's origin, e.g. 'http://localhost:4300': the iframe's origin, the only sender of flyer messages. */
    origin: string;
    /** Its embed script (defines `window.FlyerStorefront`), on `origin`, e.g. 'http://localhost:4300/storefront.js'. */
    scriptUrl: string;
    /** The banner's merchant code at the provider, e.g. 'harbour-market'. */
    merchant: string;
  };
  /**
   * The vendors' scripts (spec §7 Other: "an ad script, a tag manager and the chat embed are loaded").
   * Locally services/vendors (`npm start`, port 4400); in production the vendors' own URLs.
   * The shell loads them after the first paint: the consent tool always, the tag manager only with
   * consent group C0002, the ad script only with C0004, the chat embed always. Absent: none is loaded
   * (no consent is ever given, so no tour starts and no analytics leave). The edge's CSP names `origin`
   * in script-src, connect-src and img-src. Since 1.5.0 (optional).
   */
  vendors?: {
    /** The scripts' origin, e.g. 'http://localhost:4400'. */
    origin: string;
    /** Consent tool (defines `window.OneTrust`, `window.OnetrustActiveGroups`), e.g. 'http://localhost:4400/consent.js'. */
    consentScriptUrl: string;
    /** Tag manager (reads `window.dataLayer`), e.g. 'http://localhost:4400/gtm.js'. */
    tagManagerUrl: string;
    /** Ad script (fills `[data-ad-slot]`, defines `window.AdSlots`), e.g. 'http://localhost:4400/ads.js'. */
    adsScriptUrl: string;
    /** Live chat embed (defines `window.CareChat`), e.g. 'http://localhost:4400/chat.js'. */
    chatScriptUrl: string;
  };
  /**
   * The external loyalty programme site (spec §2 Routes "/register External loyalty site
   * (registration)"). Locally services/loyalty-site (`npm start`, port 4500); in production
   * the programme's own site. The card popups' and /scene's register buttons lead to
   * `url?returnUrl=<the storefront page>`; the site sends the shopper back only to the storefront's
   * origin. Absent: the buttons lead to the storefront's `/register`, which the edge redirects there.
   * Optional (a minor, additive field).
   */
  loyaltySite?: {
    /** The registration page, e.g. 'http://localhost:4500/register'. */
    url: string;
  };
  /**
   * Origins a tester may point a remote at with `?remote.<name>=` or localStorage `remote-override:<name>`
   * in a production build of the shell (an allow-list, so an override cannot load code from anywhere),
   * e.g. ['http://localhost:3002', 'https://deploy.example']. Absent or empty: no overrides in
   * production. A development build accepts any http(s) origin. Optional (a minor, additive field).
   */
  remoteOverrideOrigins?: string[];
}

/** Local defaults: the embedded platform started by `npm start` (README). */
export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  search: {
    appId: 'grocery-local',
    apiKey: 'local-search-key',
    hosts: [{ url: 'localhost:7700', protocol: 'http' }],
    indices: { products: 'products', recipes: 'recipes', suggestions: 'products_query_suggestions', stores: 'stores' },
  },
  apiBase: '/api',
  defaultStoreNumber: '3299',
  flyer: { origin: 'http://localhost:4300', scriptUrl: 'http://localhost:4300/storefront.js', merchant: 'harbour-market' },
};

/**
 * single-spa custom props the root config (shell) gives every remote's lifecycles
 * (ARCHITECTURE §2, §4). In a remote's standalone mode, `bootstrap.tsx` builds the same props.
 */
export interface RemoteProps {
  bus: EventBus;
  config: RuntimeConfig;
  /** The slot element the remote renders into. */
  domElement?: HTMLElement;
  /** Navigate inside the site without a full reload (pushState + single-spa reroute). */
  navigate?: (url: string) => void;
}

/**
 * True for a plain primary-button click on a link (no Ctrl/Cmd/Shift/Alt): the case a remote handles
 * itself with `RemoteProps.navigate` (no reload). Any other click keeps the browser's default
 * (new tab, new window, download).
 */
export function isPlainLeftClick(e: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

/**
 * onClick for an in-site link (`<a href>` stays a real URL): with a `navigate` (RemoteProps: pushState
 * + single-spa reroute) a plain left click navigates without a reload; modified clicks, an already
 * handled event and a missing `navigate` (standalone mode) keep the browser's default.
 */
export function siteLinkClick(href: string, navigate?: (url: string) => void) {
  return (e: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean; defaultPrevented: boolean; preventDefault(): void }): void => {
    if (!navigate || e.defaultPrevented || !isPlainLeftClick(e)) return;
    e.preventDefault();
    navigate(href);
  };
}
