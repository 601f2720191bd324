/**
 * The flyer provider's interface as mf-flyer sees it (contract: /tmp/flyer-contract.md;
 * `services/flyer-provider` locally, the third-party flyer provider in production).
 */

/** Units of measure of a flyer item (the shopping list's item_id middle part, spec §3). */
export const UOMS = ['EA', 'G', 'KG', 'L', 'ML', 'LB'] as const;
export type Uom = (typeof UOMS)[number];

/** One item of a publication (contract §2 FlyerItem). Dates are ISO dates (YYYY-MM-DD). */
export interface FlyerItem {
  id: string;
  articleNumber: string;
  uom: Uom;
  name: string;
  /** URL of the image, on the provider's origin. */
  image: string;
  /** e.g. '$4.99', '2 for $5'. */
  priceText: string;
  /** e.g. '2 for $5', 'Save $1.50', 'Earn 500 points'. */
  saleStory: string;
  validFrom: string;
  validTo: string;
}

/** A weekly publication of one store (contract §2 `GET {origin}/api/publications`). */
export interface Publication {
  id: string;
  storeCode: string;
  title: string;
  validFrom: string;
  validTo: string;
}

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
