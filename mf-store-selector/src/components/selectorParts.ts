/**
 * The selector's on-demand code (part of './spa', which carries only this loader): the dialog, as the
 * kit's `lazyPart`. Its chunk starts the list panel's own download as soon as it has run
 * (`StoreSelectorDialog.tsx`), so the panel's chunk leaves out what the dialog's already holds (the
 * kit's Dialog). Nothing is fetched on page load.
 */
import { lazyPart } from '@storefront/remote-kit';

/**
 * `store-selector-dialog`: the kit's Dialog with the title, close button, search box and locator link
 * (`StoreSelectorDialog.tsx`), shown by the store button.
 */
export const selectorDialog = lazyPart(
  () => import(/* webpackChunkName: "store-selector-dialog" */ './StoreSelectorDialog').then((m) => m.StoreSelectorDialog),
);

/**
 * Starts downloading the dialog (then its panel): the store button calls it on pointerenter and focus,
 * the selector when it opens. Never rejects; a failed download is tried again by the next call.
 */
export function preloadStoreSelector(): void {
  selectorDialog.preload().catch(() => {});
}
