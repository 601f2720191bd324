/**
 * The flyer provider's interface as mf-flyer sees it (contract: /tmp/flyer-contract.md;
 * `services/flyer-provider` locally, the third-party flyer provider in production).
 */

/** FlyerItem (contract §2) and Publication (`GET {origin}/api/publications`): typed once, in shared-events/contracts. */
export type { FlyerItem, Publication } from 'shared-events/contracts';

/** Options of `window.FlyerStorefront.create` (contract §1). */
export interface FlyerStorefrontOptions {
  merchant: string;
  /** The store number, 4 digits. */
  storeCode: string;
  locale: 'en-CA';
  publicationId: string;
  /** Where the storefront renders its iframe. */
  element: HTMLElement;
  /** The host page's origin (`location.origin`): the iframe posts its messages to it only. */
  hostOrigin: string;
}

/** What `create` returns (contract §1). `iframe` is used when a provider hands it back. */
export interface FlyerStorefront {
  destroy(): void;
  /** Posts `flyer:saved-items` to the iframe. */
  setSavedItems(listItemIds: string[]): void;
  iframe?: HTMLIFrameElement;
}

/** `window.FlyerStorefront`, defined by the provider's embed script (contract §1). */
export interface FlyerStorefrontApi {
  version: 1;
  create(options: FlyerStorefrontOptions): FlyerStorefront;
}

declare global {
  interface Window {
    FlyerStorefront?: FlyerStorefrontApi;
  }
}
