/**
 * Every shopper-facing message of mf-offers that the spec words (§8) or that the pages share. The
 * support phone is the project's Scene+ support number (the BFF's SUPPORT_PHONE, mf-loyalty's too).
 */

/** Scene+ support phone ({phone} in spec §8). */
export const SUPPORT_PHONE = '1-866-586-2805';

/** Spec §8 "Expired hash link" (then home after {@link EXPIRED_LINK_REDIRECT_MS}). Also an unknown or malformed hash. */
export const HASH_EXPIRED_MESSAGE = `The link has expired, please sign in to view your current offers or contact Scene+ support at ${SUPPORT_PHONE}.`;

/** Spec §8: "then redirect home after 3 seconds", ms. */
export const EXPIRED_LINK_REDIRECT_MS = 3000;

/** Spec §8 card status LP00 / LP02 text; on /offers for LP00, whose offers loading is skipped (spec §4). */
export const CARD_STATUS_MESSAGE = `Please check your Scene+ Card number. If you are still experiencing issues, contact Scene+ support at ${SUPPORT_PHONE}.`;

/** Spec §8 "Exception during a call". */
export const EXCEPTION_MESSAGE = 'Something went wrong. please try later.';

/** 429 on a hash lookup (the BFF allows 10 a minute). */
export const THROTTLED_MESSAGE = 'Too many attempts to open offers links. Please wait a minute, then try again.';

/** Signed in without a Scene+ card (no card number, or 409 NO_CARD). */
export const NO_CARD_MESSAGE = 'Add your Scene+ card to your account to see and load your offers.';

/** Spec §9 "Loaded-offers banner": closes after 900000 ms (15 minutes). */
export const LOADED_BANNER_MS = 900_000;

/** '1 offer' / '3 offers'. */
export function offersCount(n: number): string {
  return `${n} offer${n === 1 ? '' : 's'}`;
}

/** Spec §4 success banner: 'N offers loaded to your card'. */
export function loadedMessage(n: number): string {
  return `${offersCount(n)} loaded to your card`;
}
