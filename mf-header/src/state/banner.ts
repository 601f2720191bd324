import type { Store } from 'shared-events';

/** The two banners of the storefront (spec §1 "store-specific logos"). */
export type BannerCode = 'standard' | 'coop';

/** A banner: its code (same values as the stores index `bannerCode`) and its display name. */
export interface Banner {
  code: BannerCode;
  /** Display name, e.g. 'Harbour Market'. Used in the logo and its accessible name '<name> home'. */
  name: string;
}

/** The standard banner, shown when no store is selected or the store is not a co-op. */
export const STANDARD_BANNER: Banner = Object.freeze({ code: 'standard', name: 'Harbour Market' }) as Banner;
/** The co-op variant. */
export const COOP_BANNER: Banner = Object.freeze({ code: 'coop', name: 'Harbour Co-op' }) as Banner;

/** A store name marks a co-op store when it contains the word 'Co-op' or 'Coop' (any case). */
export const COOP_NAME_PATTERN = /\bco-?op\b/i;

/**
 * Picks the banner whose logo the header shows for the selected store.
 *
 * Spec §1: "Store-specific logos are shown according to the store name" — so only
 * `store.locationName` decides (e.g. 'Antigonish Co-op' → co-op), not `store.bannerCode`.
 * Pure function.
 *
 * @param store the preferred store from `bus.state.store`, or null while none is loaded
 * @returns {@link COOP_BANNER} when `locationName` matches {@link COOP_NAME_PATTERN}, else {@link STANDARD_BANNER}
 */
export function bannerForStore(store: Pick<Store, 'locationName'> | null | undefined): Banner {
  return store && COOP_NAME_PATTERN.test(store.locationName) ? COOP_BANNER : STANDARD_BANNER;
}
